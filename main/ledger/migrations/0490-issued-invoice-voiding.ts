import type { LedgerMigration } from './migration.js';

/**
 * The voiding type of an issued invoice (`zflx`, as the service reports it through the issuance record or
 * the print status; NULL = not voided), which the desk's SQLite migration 0480 added after 0001 mirrored
 * the desk at 0460. The period statistics count voided invoices apart by it, so moving a ledger in must
 * carry it (main/ledger/move/): without this column the move stops rather than drop it.
 */
export const issuedInvoiceVoiding: LedgerMigration = {
  version: 490,
  name: 'issued-invoice-voiding',
  team: `ALTER TABLE issued_invoice ADD COLUMN zflx text;`,
};
