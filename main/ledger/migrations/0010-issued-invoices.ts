import type { LedgerMigration } from './migration.js';

/**
 * Output invoices and their lines. One row per issuance attempt as the clerk submitted it: the serial
 * number (lsh) and the full request are written before anything is sent (docs/architecture.md §5), the service's
 * answer fills in the invoice fields. `environment` keeps sandbox and real data apart.
 * Money is TEXT holding decimals (docs/architecture.md §4).
 */
export const issuedInvoices: LedgerMigration = {
  version: 10,
  name: 'issued-invoices',
  desk(db) {
    db.exec(`
      CREATE TABLE issued_invoice (
        id            INTEGER PRIMARY KEY,
        lsh           TEXT NOT NULL UNIQUE,
        environment   TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        fplxdm        TEXT NOT NULL,
        kplx          TEXT NOT NULL DEFAULT '0' CHECK (kplx IN ('0', '1')),
        xhdwsbh       TEXT NOT NULL,
        xhdwmc        TEXT NOT NULL,
        ghdwmc        TEXT NOT NULL,
        ghdwsbh       TEXT,
        jshj          TEXT NOT NULL,
        hjse          TEXT NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('queued', 'issuing', 'issued', 'failed')),
        request_json  TEXT NOT NULL,
        fpdm          TEXT,
        fphm          TEXT,
        kprq          TEXT,
        jym           TEXT,
        skm           TEXT,
        pdf_url       TEXT,
        ofd_url       TEXT,
        xml_url       TEXT,
        error_code    TEXT,
        error_message TEXT,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE INDEX issued_invoice_created ON issued_invoice (environment, created_at DESC);
      CREATE INDEX issued_invoice_status ON issued_invoice (status);

      CREATE TABLE issued_invoice_line (
        invoice_id INTEGER NOT NULL REFERENCES issued_invoice (id) ON DELETE CASCADE,
        line_no    INTEGER NOT NULL,
        spmc       TEXT NOT NULL,
        spbm       TEXT NOT NULL,
        spsl       TEXT NOT NULL,
        dj         TEXT NOT NULL,
        je         TEXT NOT NULL,
        sl         TEXT NOT NULL,
        se         TEXT NOT NULL,
        PRIMARY KEY (invoice_id, line_no)
      );
    `);
  },
};
