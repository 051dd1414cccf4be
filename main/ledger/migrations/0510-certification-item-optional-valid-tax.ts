import type { LedgerMigration } from './migration.js';

/**
 * A certification item's valid tax (yxse) may be absent, as on the desk: an invoice that carries no tax
 * amount is sent without YXSE (the service defaults it), and the desk keeps '' for it. Migration 2 made the
 * column NOT NULL, so such a batch could not be stored on the team ledger, nor moved in from a desk that
 * holds one ('' crosses as NULL). Dropping a NOT NULL keeps every row as it is.
 */
export const certificationItemOptionalValidTax: LedgerMigration = {
  version: 510,
  name: 'certification-item-optional-valid-tax',
  team: `ALTER TABLE certification_item ALTER COLUMN yxse DROP NOT NULL;`,
};
