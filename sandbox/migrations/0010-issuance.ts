import type { Migration } from '../database.js';

/** Issuance requests by serial number, the invoices issued for them, and per-type number sequences. */
export const issuance: Migration = {
  version: 10,
  name: 'issuance',
  up(db) {
    db.exec(`
      CREATE TABLE issuance_requests (
        lsh TEXT PRIMARY KEY,
        app_key TEXT NOT NULL,
        seller_tax_number TEXT NOT NULL,
        -- sha256 of the canonical JSON of the request: a resubmission must match it exactly.
        body_hash TEXT NOT NULL,
        request_json TEXT NOT NULL,
        accepted_at INTEGER NOT NULL,
        issued_at INTEGER
      ) STRICT;

      CREATE TABLE issued_invoices (
        id INTEGER PRIMARY KEY,
        lsh TEXT NOT NULL REFERENCES issuance_requests (lsh),
        fplxdm TEXT NOT NULL,
        fpdm TEXT,
        fphm TEXT NOT NULL,
        kprq TEXT NOT NULL,
        skm TEXT,
        jym TEXT,
        kplx TEXT NOT NULL,
        -- 2-dp decimal text: money is never stored as a float.
        jshj TEXT NOT NULL
      ) STRICT;
      CREATE INDEX issued_invoices_lsh ON issued_invoices (lsh);
      CREATE UNIQUE INDEX issued_invoices_number ON issued_invoices (fplxdm, ifnull(fpdm, ''), fphm);

      CREATE TABLE invoice_sequences (
        fplxdm TEXT PRIMARY KEY,
        last_number INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
