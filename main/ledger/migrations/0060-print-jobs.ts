import type { LedgerMigration } from './migration.js';

/**
 * Print jobs of paper invoices (docs/architecture.md §8): what was asked of the service (fpdy: fpdm, fphm, dylx),
 * the printer it went to and how it ended, plus the per-printer calibration offsets in millimetres
 * (TEXT decimals, negative allowed) that the page layout applies.
 */
export const printJobs: LedgerMigration = {
  version: 60,
  name: 'print-jobs',
  desk(db) {
    db.exec(`
      CREATE TABLE print_job (
        id                INTEGER PRIMARY KEY,
        environment       TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        issued_invoice_id INTEGER REFERENCES issued_invoice (id) ON DELETE SET NULL,
        fplxdm            TEXT NOT NULL CHECK (fplxdm IN ('004', '007')),
        fpdm              TEXT NOT NULL,
        fphm              TEXT NOT NULL,
        dylx              TEXT NOT NULL CHECK (dylx IN ('0', '1')),
        printer           TEXT NOT NULL,
        status            TEXT NOT NULL CHECK (status IN ('requested', 'printing', 'printed', 'failed')),
        error_message     TEXT,
        created_at        TEXT NOT NULL,
        updated_at        TEXT NOT NULL
      );
      CREATE INDEX print_job_created ON print_job (environment, created_at DESC);
      CREATE INDEX print_job_invoice ON print_job (issued_invoice_id);

      CREATE TABLE printer_calibration (
        printer    TEXT PRIMARY KEY,
        down_mm    TEXT NOT NULL DEFAULT '0',
        right_mm   TEXT NOT NULL DEFAULT '0',
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
