import type { LedgerMigration } from './migration.js';

/**
 * A date range of the history search as a stretch of ids (main/ledger/stores/dialects/history-pg.ts), as the
 * desk's SQLite search reads it: ids are given in submission order, when created_at is written, so the
 * first id from a day and the last one before the next are two steps along this index, and the search
 * then walks only that stretch of its enterprise's (environment, xhdwsbh, id) indexes. Without it a
 * range far back in the history was found by walking every newer invoice.
 *
 * And the pairs' statistics kept for the 10,000 most common pairs (the default 100 keeps about 1,000):
 * the planner chooses between walking the newest invoices (a common pair) and the GIN index (a rare one)
 * by a pair's frequency, and a pair outside the list was guessed at three times its count at a million
 * invoices, so a rare buyer-name pair (279 of a million) was walked through 57,000 invoices (200 ms) where
 * the index answered in 1.5 ms (docs/benchmarks.md §team-search). Taken by the next ANALYZE.
 */
export const historyDateBounds: LedgerMigration = {
  version: 474,
  name: 'history-date-bounds',
  team: `
    CREATE INDEX issued_invoice_created ON issued_invoice (environment, created_at, id);
    ALTER TABLE issued_invoice ALTER COLUMN search_pairs SET STATISTICS 10000;
  `,
};
