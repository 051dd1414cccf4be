import type { LedgerMigration } from './migration.js';

/**
 * Received invoices taken in by scan, drop or file (docs/architecture.md §9). The file's SHA-256 is unique per
 * environment so the same file met twice is recognised (重复). Invoice fields use the recognition
 * result's wire names (layout A: FPLXDM, FPDM, FPHM, KPRQ, XHFMC…); everything recognised is kept in
 * `data_json`. Money is TEXT.
 */
export const receivedInvoices: LedgerMigration = {
  version: 70,
  name: 'received-invoices',
  desk(db) {
    db.exec(`
      CREATE TABLE received_invoice (
        id          INTEGER PRIMARY KEY,
        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        file_hash   TEXT NOT NULL,
        file_name   TEXT,
        file_type   TEXT NOT NULL CHECK (file_type IN ('png', 'jpg', 'pdf', 'ofd', 'xml')),
        source      TEXT NOT NULL CHECK (source IN ('qr', 'xml', 'ofd', 'pdf-text', 'ocr', 'manual')),
        FPLXDM      TEXT,
        FPDM        TEXT,
        FPHM        TEXT,
        KPRQ        TEXT,
        JYM         TEXT,
        HJJE        TEXT,
        HJSE        TEXT,
        JSHJ        TEXT,
        XHFMC       TEXT,
        XHFSBH      TEXT,
        GMFMC       TEXT,
        GMFSBH      TEXT,
        data_json   TEXT NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('recognised', 'reviewed', 'verified', 'verify-failed')),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        UNIQUE (environment, file_hash)
      );
      CREATE INDEX received_invoice_number ON received_invoice (environment, FPHM, FPDM);
      CREATE INDEX received_invoice_created ON received_invoice (environment, created_at DESC);
    `);
  },
};
