import type { LedgerMigration } from './migration.js';

/**
 * A draft's total is the text the form showed (the desk keeps it as TEXT: empty, or with the places the
 * clerk typed), not an amount the ledger checks: numeric(18,2) refused an empty total and rewrote "1.5" as
 * "1.50". Widening to text keeps every stored value as it reads now.
 */
export const issuanceDraftTotalText: LedgerMigration = {
  version: 520,
  name: 'issuance-draft-total-text',
  team: `ALTER TABLE issuance_draft ALTER COLUMN jshj TYPE text USING jshj::text;`,
};
