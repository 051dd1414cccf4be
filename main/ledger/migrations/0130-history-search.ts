import type { LedgerMigration } from './migration.js';

/**
 * Full-text search over the history (docs/architecture.md §4): one FTS5 index covering output invoices (buyer
 * name and tax number, invoice code/number, goods names) and collected input invoices (seller name and
 * tax number, code/number, goods).
 *
 * - `trigram` tokenizer: unicode61 does not split Chinese words, so a buyer-name fragment such as
 *   星河科 would never match; trigram matches any fragment of 3 or more characters (shorter ones fall back
 *   to LIKE in the repo).
 * - Contentless (`content=''`) with `contentless_delete=1`: the text already lives in the base tables, so
 *   the index stores no second copy, yet rows can still be deleted and replaced.
 * - One rowid space for two tables: output invoice id × 2, input invoice id × 2 + 1.
 * - Kept in sync by triggers, so every writer (issuance, collection, imports, tests) keeps it right; a
 *   line insert re-indexes its invoice's document with the goods names of all its lines.
 */
const outputDoc = (alias: string, rowid: string) => `
  ${rowid}, ${alias}.ghdwmc, ifnull(${alias}.ghdwsbh, ''),
  trim(ifnull(${alias}.fpdm, '') || ' ' || ifnull(${alias}.fphm, '') || ' ' || ${alias}.lsh),
  ifnull((SELECT group_concat(spmc, ' ') FROM issued_invoice_line WHERE invoice_id = ${alias}.id), '')`;

const inputDoc = (alias: string, rowid: string) => `
  ${rowid}, ifnull(${alias}.XHFMC, ''), ifnull(${alias}.XHFSBH, ''),
  trim(${alias}.FPDM || ' ' || ${alias}.FPHM),
  ifnull((SELECT group_concat(SPMC, ' ') FROM collected_invoice_line WHERE invoice_id = ${alias}.id), '')`;

const COLUMNS = '(rowid, party, tax_number, numbers, goods)';

export const historySearch: LedgerMigration = {
  version: 130,
  name: 'history-search',
  desk(db) {
    db.exec(`
      CREATE VIRTUAL TABLE history_fts USING fts5 (
        party, tax_number, numbers, goods,
        content = '', contentless_delete = 1, tokenize = 'trigram'
      );

      CREATE TRIGGER issued_invoice_fts_insert AFTER INSERT ON issued_invoice BEGIN
        INSERT INTO history_fts ${COLUMNS} SELECT ${outputDoc('new', 'new.id * 2')};
      END;
      CREATE TRIGGER issued_invoice_fts_update AFTER UPDATE OF ghdwmc, ghdwsbh, fpdm, fphm ON issued_invoice BEGIN
        DELETE FROM history_fts WHERE rowid = old.id * 2;
        INSERT INTO history_fts ${COLUMNS} SELECT ${outputDoc('new', 'new.id * 2')};
      END;
      CREATE TRIGGER issued_invoice_fts_delete AFTER DELETE ON issued_invoice BEGIN
        DELETE FROM history_fts WHERE rowid = old.id * 2;
      END;
      CREATE TRIGGER issued_invoice_line_fts_insert AFTER INSERT ON issued_invoice_line BEGIN
        DELETE FROM history_fts WHERE rowid = new.invoice_id * 2;
        INSERT INTO history_fts ${COLUMNS} SELECT ${outputDoc('i', 'i.id * 2')} FROM issued_invoice i WHERE i.id = new.invoice_id;
      END;
      CREATE TRIGGER issued_invoice_line_fts_delete AFTER DELETE ON issued_invoice_line BEGIN
        DELETE FROM history_fts WHERE rowid = old.invoice_id * 2;
        INSERT INTO history_fts ${COLUMNS} SELECT ${outputDoc('i', 'i.id * 2')} FROM issued_invoice i WHERE i.id = old.invoice_id;
      END;

      CREATE TRIGGER collected_invoice_fts_insert AFTER INSERT ON collected_invoice BEGIN
        INSERT INTO history_fts ${COLUMNS} SELECT ${inputDoc('new', 'new.id * 2 + 1')};
      END;
      CREATE TRIGGER collected_invoice_fts_update AFTER UPDATE OF XHFMC, XHFSBH, FPDM, FPHM ON collected_invoice BEGIN
        DELETE FROM history_fts WHERE rowid = old.id * 2 + 1;
        INSERT INTO history_fts ${COLUMNS} SELECT ${inputDoc('new', 'new.id * 2 + 1')};
      END;
      CREATE TRIGGER collected_invoice_fts_delete AFTER DELETE ON collected_invoice BEGIN
        DELETE FROM history_fts WHERE rowid = old.id * 2 + 1;
      END;
      CREATE TRIGGER collected_invoice_line_fts_insert AFTER INSERT ON collected_invoice_line BEGIN
        DELETE FROM history_fts WHERE rowid = new.invoice_id * 2 + 1;
        INSERT INTO history_fts ${COLUMNS} SELECT ${inputDoc('c', 'c.id * 2 + 1')} FROM collected_invoice c WHERE c.id = new.invoice_id;
      END;
      CREATE TRIGGER collected_invoice_line_fts_delete AFTER DELETE ON collected_invoice_line BEGIN
        DELETE FROM history_fts WHERE rowid = old.invoice_id * 2 + 1;
        INSERT INTO history_fts ${COLUMNS} SELECT ${inputDoc('c', 'c.id * 2 + 1')} FROM collected_invoice c WHERE c.id = old.invoice_id;
      END;

      -- Rows written before this migration.
      INSERT INTO history_fts ${COLUMNS} SELECT ${outputDoc('i', 'i.id * 2')} FROM issued_invoice i;
      INSERT INTO history_fts ${COLUMNS} SELECT ${inputDoc('c', 'c.id * 2 + 1')} FROM collected_invoice c;

      -- Date-range and status filters of the history views.
      CREATE INDEX issued_invoice_env_status ON issued_invoice (environment, status, created_at DESC);
      CREATE INDEX collected_invoice_env_status ON collected_invoice (environment, FPZT, issue_date DESC);
    `);
  },
};
