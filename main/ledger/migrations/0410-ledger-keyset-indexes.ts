import type { LedgerMigration } from './migration.js';

/**
 * Keyset pages of the two ledgers (issue 15.3), each served by one index walked in the list's own order,
 * so page 2,000 costs what page 1 costs and no page sorts or scans the table:
 * - the input ledger (进项台账) lists an enterprise's collected invoices newest first, ties broken by id:
 *   `(environment, enterprise, issue_date DESC, id DESC)`;
 * - the received ledger (报销台账) lists received files newest first by id: `(environment, id DESC)`.
 * Indexes only: no data changes.
 */
export const ledgerKeysetIndexes: LedgerMigration = {
  version: 410,
  name: 'ledger-keyset-indexes',
  desk(db) {
    db.exec(`
      CREATE INDEX collected_invoice_ledger ON collected_invoice (environment, enterprise, issue_date DESC, id DESC);
      CREATE INDEX received_invoice_ledger ON received_invoice (environment, id DESC);
    `);
  },
};
