import type { LedgerMigration } from './migration.js';

/**
 * The history search's own indexes on PostgreSQL (docs/team-ledger.md §2, main/ledger/stores/dialects/history-pg.ts),
 * so the team ledger answers each search kind as the desk's SQLite search does (its FTS5 trigram index,
 * its 2-character posting table and its prefix ranges) and finds exactly the same invoices:
 *
 * - `history_text(...)`: buyer name, buyer tax ID, code, number and serial in one string (fields joined by
 *   U+001F, which no search word holds, so no fragment spans two fields), under one pg_trgm GIN index:
 *   one index condition for a 3+ character fragment instead of an OR over five (0003 covers only three of
 *   the fields). Goods names keep 0472's index on the lines.
 * - `search_pairs`: the invoice's distinct 2-character pairs, from the same document as SQLite's posting
 *   table issued_invoice_gram (buyer name, buyer tax ID, code, number, serial, remark; spaces and U+3000
 *   dropped; ASCII letters in lower case, as SQLite's lower() folds; no pair across two fields), stored
 *   (a generated column, so every writer keeps it) under a GIN index. pg_trgm cannot answer 2 characters:
 *   it extracts no trigram from `%ab%`. An array in the row instead of a posting table keeps the write at
 *   one row (a posting table grows by one row per pair, about 40 per invoice) and lets the planner walk
 *   the newest invoices of the enterprise and test the array when a pair is common.
 * - B-tree indexes in the C collation for identifier prefixes: SQLite compares text bytewise, and a
 *   range `>= p AND < p || U+10FFFF` is a prefix only in code-point order, whatever the database's locale.
 */
export const historyFragmentSearch: LedgerMigration = {
  version: 473,
  name: 'history-fragment-search',
  team: `
    CREATE FUNCTION history_text(buyer text, buyer_tax text, code text, number text, serial text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN coalesce(buyer, '') || E'\\x1f' || coalesce(buyer_tax, '') || E'\\x1f' || coalesce(code, '') || E'\\x1f'
          || coalesce(number, '') || E'\\x1f' || coalesce(serial, '');

    -- The remark (bz) of the issuance request, or null when the request is not JSON (SQLite: json_valid).
    CREATE FUNCTION history_remark(request text) RETURNS text
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        IF request IS NULL OR position('"bz"' IN request) = 0 THEN RETURN NULL; END IF;
        RETURN request::jsonb ->> 'bz';
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END $$;

    CREATE FUNCTION history_pairs(VARIADIC fields text[]) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN (
        SELECT coalesce(array_agg(DISTINCT substr(d.f, p.i, 2)), '{}')
          FROM unnest(fields) AS u(field),
               LATERAL (SELECT translate(replace(replace(coalesce(u.field, ''), ' ', ''), U&'\\3000', ''),
                                         'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AS f) d,
               LATERAL generate_series(1, length(d.f) - 1) AS p(i)
      );

    ALTER TABLE issued_invoice ADD COLUMN search_pairs text[]
      GENERATED ALWAYS AS (history_pairs(ghdwmc, ghdwsbh, fpdm, fphm, lsh, history_remark(request_json))) STORED;

    CREATE INDEX issued_invoice_text_trgm ON issued_invoice USING gin (history_text(ghdwmc, ghdwsbh, fpdm, fphm, lsh) gin_trgm_ops);
    CREATE INDEX issued_invoice_pairs ON issued_invoice USING gin (search_pairs);
    CREATE INDEX issued_invoice_number_prefix ON issued_invoice (environment, (fphm COLLATE "C"));
    CREATE INDEX issued_invoice_buyer_tax_prefix ON issued_invoice (environment, (ghdwsbh COLLATE "C"));
    CREATE INDEX issued_invoice_code_prefix ON issued_invoice (environment, (fpdm COLLATE "C"));
    CREATE INDEX issued_invoice_serial_prefix ON issued_invoice ((lsh COLLATE "C"));
  `,
};
