import type { LedgerMigration } from './migration.js';

/**
 * A 2-character search word found newest first (docs/team-ledger.md §2, main/ledger/stores/dialects/history-pg.ts):
 * `issued_invoice_pair` holds one row (pair, invoice) for each of an invoice's distinct pairs
 * (`search_pairs`, migration 0473: the same document and folding as the desk's issued_invoice_gram), under a
 * B-tree in (pair, invoice_id) order. A first page then reads the pair's newest postings backwards and
 * fetches those invoices — about 16 rows — where migration 0473's GIN index gave a rare pair's ~280 matches
 * unordered, all read and sorted for a page (the worst kind of `bench team-search`), and a date range is
 * one more bound of the same index range instead of a statement of its own.
 *
 * Kept in the database, in the statement that writes the invoice (statement-level triggers over the
 * statement's transition tables: one INSERT … SELECT per statement, so a move's batch of 500 invoices or
 * the bench's million cost one statement each), so every desk of a team keeps it alike whatever writes
 * the row: inserted rows add their pairs; an update adds and removes only the pairs that changed (a
 * status change touches none; a number given on issuing adds its pairs); deleted rows take theirs; a
 * TRUNCATE of the invoices empties it. No foreign key: a cascade would need a second index on
 * invoice_id, and the triggers already remove what a deleted invoice leaves. Filled here from the rows
 * already there (about 31 postings per invoice), with its index built after the load in one sort.
 * Statistics for the 10,000 most common pairs, as migration 0474 keeps for the array: the planner weighs a
 * pair's frequency when it joins.
 */
export const historyPairPostings: LedgerMigration = {
  version: 605,
  name: 'history-pair-postings',
  team: `
    CREATE TABLE issued_invoice_pair (
      pair       text COLLATE "C" NOT NULL,
      invoice_id bigint NOT NULL
    );
    SET LOCAL maintenance_work_mem = '256MB';
    INSERT INTO issued_invoice_pair (pair, invoice_id)
      SELECT p.pair, i.id FROM issued_invoice i CROSS JOIN LATERAL unnest(i.search_pairs) AS p(pair);
    ALTER TABLE issued_invoice_pair ADD PRIMARY KEY (pair, invoice_id);
    ALTER TABLE issued_invoice_pair ALTER COLUMN pair SET STATISTICS 10000;
    ANALYZE issued_invoice_pair;

    CREATE FUNCTION issued_invoice_pair_upkeep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO issued_invoice_pair (pair, invoice_id)
            SELECT p.pair, n.id FROM new_rows n CROSS JOIN LATERAL unnest(n.search_pairs) AS p(pair);
        ELSIF TG_OP = 'UPDATE' THEN
          -- Only the pairs that changed; a row whose id changed is gone and new.
          DELETE FROM issued_invoice_pair x USING (
              SELECT o.id, p.pair FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id CROSS JOIN LATERAL unnest(o.search_pairs) AS p(pair)
               WHERE n.id IS NULL OR (o.search_pairs IS DISTINCT FROM n.search_pairs AND NOT p.pair = ANY (n.search_pairs))) gone
           WHERE x.pair = gone.pair AND x.invoice_id = gone.id;
          INSERT INTO issued_invoice_pair (pair, invoice_id)
            SELECT p.pair, n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id CROSS JOIN LATERAL unnest(n.search_pairs) AS p(pair)
             WHERE o.id IS NULL OR (o.search_pairs IS DISTINCT FROM n.search_pairs AND NOT p.pair = ANY (o.search_pairs));
        ELSIF TG_OP = 'DELETE' THEN
          DELETE FROM issued_invoice_pair x USING old_rows o CROSS JOIN LATERAL unnest(o.search_pairs) AS p(pair)
           WHERE x.pair = p.pair AND x.invoice_id = o.id;
        ELSE
          -- TRUNCATE: a DELETE, as the table may be one of the same TRUNCATE's (then it is empty already).
          DELETE FROM issued_invoice_pair;
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER issued_invoice_pair_insert AFTER INSERT ON issued_invoice
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issued_invoice_pair_upkeep();
    CREATE TRIGGER issued_invoice_pair_update AFTER UPDATE ON issued_invoice
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issued_invoice_pair_upkeep();
    CREATE TRIGGER issued_invoice_pair_delete AFTER DELETE ON issued_invoice
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION issued_invoice_pair_upkeep();
    CREATE TRIGGER issued_invoice_pair_truncate AFTER TRUNCATE ON issued_invoice
      FOR EACH STATEMENT EXECUTE FUNCTION issued_invoice_pair_upkeep();
  `,
};
