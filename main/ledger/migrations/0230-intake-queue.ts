import type { LedgerMigration } from './migration.js';

/**
 * Intake of received invoices, additive to 0070/0080: where each field came from (sources_json), the
 * verification kind (fpzl), the invoice key duplicates are found by (type + code + number; the number
 * alone for digital-electronic invoices) and the first invoice a duplicate repeats (duplicate_of), the
 * kept copy of the original file and how it came in, the last verification's code and void flag for the
 * ledger's filters. `intake_taken_file` remembers which files of the scan folder were taken, so a restart
 * does not take them again.
 */
export const intakeQueue: LedgerMigration = {
  version: 230,
  name: 'intake-queue',
  desk(db) {
    db.exec(`
      ALTER TABLE received_invoice ADD COLUMN fpzl TEXT;
      ALTER TABLE received_invoice ADD COLUMN sources_json TEXT NOT NULL DEFAULT '{}';
      ALTER TABLE received_invoice ADD COLUMN invoice_key TEXT;
      ALTER TABLE received_invoice ADD COLUMN duplicate_of INTEGER REFERENCES received_invoice (id) ON DELETE SET NULL;
      ALTER TABLE received_invoice ADD COLUMN stored_path TEXT;
      ALTER TABLE received_invoice ADD COLUMN origin TEXT;
      ALTER TABLE received_invoice ADD COLUMN last_code TEXT;
      ALTER TABLE received_invoice ADD COLUMN zfbz TEXT;
      CREATE INDEX received_invoice_key ON received_invoice (environment, invoice_key);
      CREATE TABLE intake_taken_file (
        folder    TEXT NOT NULL,
        name      TEXT NOT NULL,
        size      INTEGER NOT NULL,
        mtime_ms  INTEGER NOT NULL,
        taken_at  TEXT NOT NULL,
        PRIMARY KEY (folder, name, size, mtime_ms)
      );
    `);
  },
};
