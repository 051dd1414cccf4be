import type { LedgerMigration } from './migration.js';

/**
 * Single verifications (checkInvoiceSingle). Every request is kept with its answer so the app can
 * respect the service's limits before asking (5 a day per invoice, not on the issue day, not older
 * than 5 years). Request and result fields use the spec's wire names; the full result is in result_json.
 */
export const verifications: LedgerMigration = {
  version: 80,
  name: 'verifications',
  desk(db) {
    db.exec(`
      CREATE TABLE verification (
        id                  INTEGER PRIMARY KEY,
        environment         TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        received_invoice_id INTEGER REFERENCES received_invoice (id) ON DELETE SET NULL,
        fpzl                TEXT NOT NULL,
        fpdm                TEXT NOT NULL DEFAULT '',
        fphm                TEXT NOT NULL,
        kprq                TEXT NOT NULL,
        fpje                TEXT,
        jym                 TEXT,
        code                TEXT,
        message             TEXT,
        cyjg                TEXT,
        cycs                TEXT,
        zfbz                TEXT,
        result_json         TEXT,
        verified_at         TEXT NOT NULL
      );
      CREATE INDEX verification_invoice ON verification (environment, fphm, fpdm, verified_at);
      CREATE INDEX verification_received ON verification (received_invoice_id);
    `);
  },
};
