import type { LedgerMigration } from './migration.js';

/**
 * A discount line (fphxz 1) has no quantity and no unit price: the service lets it carry only name, amount and
 * rate, and the desk stores it with spsl and dj '' (SQLite keeps them as text). Here they are numeric and were
 * NOT NULL, so the team ledger refused every invoice with a discount line ("invalid input syntax for type
 * numeric") — found by the statistics contract test (issue 33), which issues one on both ledgers. They are now
 * nullable: the issuance store writes '' as NULL and reads NULL back as '', as the desk has it. A desk's
 * discount lines moved in ('' is NULL in a number column, main/ledger/move/columns.ts) are taken too.
 * No row held changes.
 */
export const discountLineQuantity: LedgerMigration = {
  version: 615,
  name: 'discount-line-quantity',
  team: `
    ALTER TABLE issued_invoice_line ALTER COLUMN spsl DROP NOT NULL, ALTER COLUMN dj DROP NOT NULL;
  `,
};
