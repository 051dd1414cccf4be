import type { LedgerMigration } from './migration.js';

/**
 * History search without scans (issue 15): a bigram side index next to the trigram one (0130), exact
 * per-environment counts, and the indexes that serve every history filter newest first.
 *
 * - `issued_invoice_bigram`: each output invoice's buyer name, buyer tax ID, invoice code, number,
 *   serial (lsh) and remark (bz of the request) as a list of overlapping 2-character pairs, one FTS5
 *   token each (杭州星河 → "杭州 州星 星河"). A 2-character fragment is one token; a longer one is the
 *   phrase of its pairs, so matches stay exact substrings (a phrase never crosses two fields, because
 *   the pair across the field boundary is never indexed). rowid = issued_invoice.id, so
 *   `ORDER BY rowid DESC` walks the matches newest first and a page stops after its rows.
 *   The tokenizer keeps punctuation and symbols as token characters (only spaces separate pairs) and
 *   folds ASCII case, so tax IDs match either case. Spaces inside a field are dropped before pairing.
 * - The pairs are made in SQL (a numbers table, since triggers cannot use WITH), so every writer keeps
 *   the index right and this migration builds it for existing rows once; start-up never rebuilds it
 *   (user_version says it is done).
 * - `issued_invoice_tally`: how many output invoices each environment has per status, kept by
 *   triggers, so the history's total is exact without count(*) over a million rows.
 * - Indexes `(environment, X)` end in the rowid, so each serves an equality filter on X *and* the
 *   newest-first (id DESC) keyset order without sorting; the amount index serves amount ranges. A later
 *   scope column (enterprise) goes right after `environment` in each.
 */
export const GRAM_POSITIONS = 512;

/** The space-separated 2-character pairs of a text expression, as SQL ('' when shorter than 2). */
export const bigramsSql = (expr: string) => `ifnull((SELECT group_concat(substr(v.t, p.i, 2), ' ' ORDER BY p.i)
    FROM (SELECT replace(replace(ifnull(${expr}, ''), ' ', ''), char(12288), '') AS t) v, search_gram_position p
   WHERE p.i < length(v.t)), '')`;

const remark = (alias: string) => `CASE WHEN json_valid(${alias}.request_json) THEN json_extract(${alias}.request_json, '$.bz') END`;

/** The bigram document of an output invoice row. */
export const outputBigramDoc = (alias: string) =>
  [`${alias}.ghdwmc`, `${alias}.ghdwsbh`, `${alias}.fpdm`, `${alias}.fphm`, `${alias}.lsh`, remark(alias)].map(bigramsSql).join(` || ' ' || `);

export const historyBigram: LedgerMigration = {
  version: 330,
  name: 'history-bigram',
  desk(db) {
    db.exec(`
      CREATE TABLE search_gram_position (i INTEGER PRIMARY KEY);
      INSERT INTO search_gram_position (i)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${GRAM_POSITIONS}) SELECT i FROM n;

      CREATE VIRTUAL TABLE issued_invoice_bigram USING fts5 (
        grams, content = '', contentless_delete = 1,
        tokenize = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* Co'"
      );

      CREATE TRIGGER issued_invoice_bigram_insert AFTER INSERT ON issued_invoice BEGIN
        INSERT INTO issued_invoice_bigram (rowid, grams) VALUES (new.id, ${outputBigramDoc('new')});
      END;
      CREATE TRIGGER issued_invoice_bigram_update AFTER UPDATE OF ghdwmc, ghdwsbh, fpdm, fphm, lsh, request_json ON issued_invoice BEGIN
        DELETE FROM issued_invoice_bigram WHERE rowid = old.id;
        INSERT INTO issued_invoice_bigram (rowid, grams) VALUES (new.id, ${outputBigramDoc('new')});
      END;
      CREATE TRIGGER issued_invoice_bigram_delete AFTER DELETE ON issued_invoice BEGIN
        DELETE FROM issued_invoice_bigram WHERE rowid = old.id;
      END;

      CREATE TABLE issued_invoice_tally (
        environment TEXT NOT NULL,
        status      TEXT NOT NULL,
        n           INTEGER NOT NULL,
        PRIMARY KEY (environment, status)
      ) WITHOUT ROWID;
      CREATE TRIGGER issued_invoice_tally_insert AFTER INSERT ON issued_invoice BEGIN
        INSERT INTO issued_invoice_tally (environment, status, n) VALUES (new.environment, new.status, 1)
          ON CONFLICT (environment, status) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER issued_invoice_tally_update AFTER UPDATE OF environment, status ON issued_invoice BEGIN
        UPDATE issued_invoice_tally SET n = n - 1 WHERE environment = old.environment AND status = old.status;
        INSERT INTO issued_invoice_tally (environment, status, n) VALUES (new.environment, new.status, 1)
          ON CONFLICT (environment, status) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER issued_invoice_tally_delete AFTER DELETE ON issued_invoice BEGIN
        UPDATE issued_invoice_tally SET n = n - 1 WHERE environment = old.environment AND status = old.status;
      END;

      -- Rows written before this migration (once).
      INSERT INTO issued_invoice_bigram (rowid, grams) SELECT i.id, ${outputBigramDoc('i')} FROM issued_invoice i;
      INSERT INTO issued_invoice_tally (environment, status, n)
        SELECT environment, status, count(*) FROM issued_invoice GROUP BY environment, status;

      CREATE INDEX issued_invoice_env_id ON issued_invoice (environment);
      CREATE INDEX issued_invoice_env_status_id ON issued_invoice (environment, status);
      CREATE INDEX issued_invoice_env_type_id ON issued_invoice (environment, fplxdm);
      CREATE INDEX issued_invoice_env_kplx_id ON issued_invoice (environment, kplx);
      CREATE INDEX issued_invoice_env_amount ON issued_invoice (environment, CAST(jshj AS REAL));
      CREATE INDEX issued_invoice_env_number ON issued_invoice (environment, fphm);
      CREATE INDEX issued_invoice_env_code ON issued_invoice (environment, fpdm);
      CREATE INDEX issued_invoice_env_buyer_tax ON issued_invoice (environment, ghdwsbh);
    `);
  },
};
