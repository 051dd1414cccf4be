import type { LedgerMigration } from './migration.js';

/**
 * History search by 2-character fragments as B-tree range scans, per enterprise (issue 15).
 *
 * 0330's FTS5 bigram index answered a first page fast only when walked in its own order: newest first
 * (`ORDER BY rowid DESC`) over a common pair read its doclist backwards (0.1 ms), and a date range
 * (a rowid range) over a common pair read most of it (3–30 ms at 1,000,000 invoices). A posting table
 * keyed `(scope, gram, id)` WITHOUT ROWID makes every such query one index range: "newest first, first
 * page" is a seek to the end of (scope, gram) and 21 steps back; "text + date range" is a seek to
 * (scope, gram, high id) and steps back to the low id. It replaces the FTS5 bigram table (same
 * document: buyer name, buyer tax ID, code, number, serial, remark; spaces dropped; ASCII folded to lower
 * case; no pair across two fields), which is dropped with its triggers: it is derived data, rebuilt here
 * from the invoices, and a second copy kept in step would only slow every write.
 *
 * - `search_scope`: one small integer per (environment, seller tax ID) — the active enterprise's
 *   invoices of one environment — so the key stays short while every search is per enterprise.
 * - `issued_invoice_scope_tally`: invoices per scope and status, kept by triggers (as 0330's per
 *   environment tally), so the enterprise's total is exact without counting its rows.
 * - New `(environment, xhdwsbh, X)` indexes serve the searches without text per enterprise, newest first
 *   (their rowid order is the id order), like 0330's `(environment, X)` ones did per environment.
 */
export const GRAM_SEPARATOR = 'char(31)';

/** The lower-cased, space-free fields of an output invoice row, joined by the separator. */
export const gramDocSql = (alias: string) =>
  `lower(${[`${alias}.ghdwmc`, `${alias}.ghdwsbh`, `${alias}.fpdm`, `${alias}.fphm`, `${alias}.lsh`, `CASE WHEN json_valid(${alias}.request_json) THEN json_extract(${alias}.request_json, '$.bz') END`]
    .map((field) => `replace(replace(ifnull(${field}, ''), ' ', ''), char(12288), '')`)
    .join(` || ${GRAM_SEPARATOR} || `)})`;

/** Rows (scope, gram, id) of an invoice row's 2-character pairs (search_gram_position is 0330's numbers table). */
const postingsOf = (alias: string) => `SELECT s.id AS scope, substr(d.t, p.i, 2) AS gram, ${alias}.id AS id
  FROM search_scope s, (SELECT ${gramDocSql(alias)} AS t) d, search_gram_position p
 WHERE s.environment = ${alias}.environment AND s.seller = ${alias}.xhdwsbh
   AND p.i < length(d.t) AND instr(substr(d.t, p.i, 2), ${GRAM_SEPARATOR}) = 0`;

export const historyGramPostings: LedgerMigration = {
  version: 350,
  name: 'history-gram-postings',
  desk(db) {
    db.exec(`
      DROP TRIGGER issued_invoice_bigram_insert;
      DROP TRIGGER issued_invoice_bigram_update;
      DROP TRIGGER issued_invoice_bigram_delete;
      DROP TABLE issued_invoice_bigram;

      CREATE TABLE search_scope (
        id          INTEGER PRIMARY KEY,
        environment TEXT NOT NULL,
        seller      TEXT NOT NULL,
        UNIQUE (environment, seller)
      );
      CREATE TABLE issued_invoice_gram (
        scope INTEGER NOT NULL,
        gram  TEXT NOT NULL,
        id    INTEGER NOT NULL,
        PRIMARY KEY (scope, gram, id)
      ) WITHOUT ROWID;

      CREATE TRIGGER issued_invoice_gram_insert AFTER INSERT ON issued_invoice BEGIN
        INSERT OR IGNORE INTO search_scope (environment, seller) VALUES (new.environment, new.xhdwsbh);
        INSERT OR IGNORE INTO issued_invoice_gram (scope, gram, id) ${postingsOf('new')};
      END;
      CREATE TRIGGER issued_invoice_gram_update
        AFTER UPDATE OF environment, xhdwsbh, ghdwmc, ghdwsbh, fpdm, fphm, lsh, request_json ON issued_invoice BEGIN
        DELETE FROM issued_invoice_gram WHERE (scope, gram, id) IN (${postingsOf('old')});
        INSERT OR IGNORE INTO search_scope (environment, seller) VALUES (new.environment, new.xhdwsbh);
        INSERT OR IGNORE INTO issued_invoice_gram (scope, gram, id) ${postingsOf('new')};
      END;
      CREATE TRIGGER issued_invoice_gram_delete AFTER DELETE ON issued_invoice BEGIN
        DELETE FROM issued_invoice_gram WHERE (scope, gram, id) IN (${postingsOf('old')});
      END;

      CREATE TABLE issued_invoice_scope_tally (
        scope  INTEGER NOT NULL,
        status TEXT NOT NULL,
        n      INTEGER NOT NULL,
        PRIMARY KEY (scope, status)
      ) WITHOUT ROWID;
      -- Each trigger makes sure the scope exists: the order in which triggers fire is not defined.
      CREATE TRIGGER issued_invoice_scope_tally_insert AFTER INSERT ON issued_invoice BEGIN
        INSERT OR IGNORE INTO search_scope (environment, seller) VALUES (new.environment, new.xhdwsbh);
        INSERT INTO issued_invoice_scope_tally (scope, status, n)
          SELECT id, new.status, 1 FROM search_scope WHERE environment = new.environment AND seller = new.xhdwsbh
          ON CONFLICT (scope, status) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER issued_invoice_scope_tally_update AFTER UPDATE OF environment, xhdwsbh, status ON issued_invoice BEGIN
        UPDATE issued_invoice_scope_tally SET n = n - 1
         WHERE scope = (SELECT id FROM search_scope WHERE environment = old.environment AND seller = old.xhdwsbh) AND status = old.status;
        INSERT OR IGNORE INTO search_scope (environment, seller) VALUES (new.environment, new.xhdwsbh);
        INSERT INTO issued_invoice_scope_tally (scope, status, n)
          SELECT id, new.status, 1 FROM search_scope WHERE environment = new.environment AND seller = new.xhdwsbh
          ON CONFLICT (scope, status) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER issued_invoice_scope_tally_delete AFTER DELETE ON issued_invoice BEGIN
        UPDATE issued_invoice_scope_tally SET n = n - 1
         WHERE scope = (SELECT id FROM search_scope WHERE environment = old.environment AND seller = old.xhdwsbh) AND status = old.status;
      END;

      -- Invoices written before this migration (once).
      INSERT OR IGNORE INTO search_scope (environment, seller) SELECT DISTINCT environment, xhdwsbh FROM issued_invoice;
      -- (in key order: appending to the B-tree is much faster than inserting all over it)
      INSERT OR IGNORE INTO issued_invoice_gram (scope, gram, id)
        SELECT s.id, substr(d.t, p.i, 2), d.id
          FROM (SELECT i.id, i.environment, i.xhdwsbh, ${gramDocSql('i')} AS t FROM issued_invoice i) d
          JOIN search_scope s ON s.environment = d.environment AND s.seller = d.xhdwsbh, search_gram_position p
         WHERE p.i < length(d.t) AND instr(substr(d.t, p.i, 2), ${GRAM_SEPARATOR}) = 0
         ORDER BY 1, 2, 3;
      INSERT INTO issued_invoice_scope_tally (scope, status, n)
        SELECT s.id, i.status, count(*) FROM issued_invoice i JOIN search_scope s ON s.environment = i.environment AND s.seller = i.xhdwsbh
         GROUP BY s.id, i.status;

      CREATE INDEX issued_invoice_scope_id ON issued_invoice (environment, xhdwsbh);
      CREATE INDEX issued_invoice_scope_status ON issued_invoice (environment, xhdwsbh, status);
      CREATE INDEX issued_invoice_scope_type ON issued_invoice (environment, xhdwsbh, fplxdm);
      CREATE INDEX issued_invoice_scope_kplx ON issued_invoice (environment, xhdwsbh, kplx);
      CREATE INDEX issued_invoice_scope_amount ON issued_invoice (environment, xhdwsbh, CAST(jshj AS REAL));
    `);
  },
};
