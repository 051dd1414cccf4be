import type { LedgerMigration } from './migration.js';

/**
 * The output side kept apart per enterprise (issue 13): an agency clerk switching the active enterprise
 * sees only that enterprise's issued invoices and drafts. Issued invoices already carry their seller
 * (xhdwsbh), which the history lists now filter on, so they get an index; drafts get the tax number of
 * the enterprise they were written for (NULL for drafts written before: still shown for every enterprise,
 * so none is lost). Additive only.
 */
export const enterpriseScoping: LedgerMigration = {
  version: 340,
  name: 'enterprise-scoping',
  desk(db) {
    db.exec(`
      CREATE INDEX issued_invoice_seller ON issued_invoice (environment, xhdwsbh, created_at DESC);
      ALTER TABLE issuance_draft ADD COLUMN enterprise TEXT;
      CREATE INDEX issuance_draft_enterprise ON issuance_draft (environment, enterprise, updated_at DESC);
    `);
  },
};
