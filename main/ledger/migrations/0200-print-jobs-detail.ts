import type { LedgerMigration } from './migration.js';

/**
 * Printing for the clerk (extends 0060 additively): what each job printed (copies, overlay on the
 * pre-printed form or the full form on plain paper), the invoice status the service answered (fpzt), the
 * printer queue's job id, the calibration offsets the job was moved by, a stable error code beside the
 * message, and which failed job a retry repeats. The printer the clerk last chose per kind of document
 * (004, 007, the goods list, each electronic type) is remembered in `printer_preference`. Jobs printing an
 * electronic invoice's layout file for the paper archive are kept in `archive_print_job` (print_job's
 * CHECKs allow only the paper types, and a migration never rewrites a table).
 */
export const printJobsDetail: LedgerMigration = {
  version: 200,
  name: 'print-jobs-detail',
  desk(db) {
    db.exec(`
      ALTER TABLE print_job ADD COLUMN copies INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE print_job ADD COLUMN mode TEXT NOT NULL DEFAULT 'overlay' CHECK (mode IN ('overlay', 'full'));
      ALTER TABLE print_job ADD COLUMN fpzt TEXT;
      ALTER TABLE print_job ADD COLUMN printer_job_id TEXT;
      ALTER TABLE print_job ADD COLUMN down_mm TEXT NOT NULL DEFAULT '0';
      ALTER TABLE print_job ADD COLUMN right_mm TEXT NOT NULL DEFAULT '0';
      ALTER TABLE print_job ADD COLUMN error_code TEXT;
      ALTER TABLE print_job ADD COLUMN retry_of INTEGER REFERENCES print_job (id);

      CREATE TABLE printer_preference (
        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        document    TEXT NOT NULL,
        printer     TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (environment, document)
      ) WITHOUT ROWID;

      CREATE TABLE archive_print_job (
        id                INTEGER PRIMARY KEY,
        environment       TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        issued_invoice_id INTEGER REFERENCES issued_invoice (id) ON DELETE SET NULL,
        fplxdm            TEXT NOT NULL,
        fphm              TEXT NOT NULL,
        printer           TEXT NOT NULL,
        copies            INTEGER NOT NULL DEFAULT 1,
        status            TEXT NOT NULL CHECK (status IN ('printing', 'printed', 'failed')),
        printer_job_id    TEXT,
        error_code        TEXT,
        error_message     TEXT,
        created_at        TEXT NOT NULL,
        updated_at        TEXT NOT NULL
      );
      CREATE INDEX archive_print_job_invoice ON archive_print_job (issued_invoice_id);
    `);
  },
};
