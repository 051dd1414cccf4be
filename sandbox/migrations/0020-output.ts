import type { Migration } from '../database.js';

/**
 * The output side's state beyond issuance requests: every issued invoice with its direction, status and
 * what is left to reverse of it (red invoices and red-letter forms draw on it), and the red-letter form
 * applications with the forms they become.
 */
export const output: Migration = {
  version: 20,
  name: 'output',
  up(db) {
    db.exec(`
      CREATE TABLE output_invoices (
        id INTEGER PRIMARY KEY,
        -- One invoice per issuance request in this sandbox.
        lsh TEXT NOT NULL UNIQUE REFERENCES issuance_requests (lsh),
        seller_tax_number TEXT NOT NULL,
        kpzdbs TEXT,
        fplxdm TEXT NOT NULL,
        fpdm TEXT,
        fphm TEXT NOT NULL,
        kprq TEXT NOT NULL,
        jym TEXT,
        skm TEXT,
        kplx TEXT NOT NULL CHECK (kplx IN ('0', '1')),
        -- null not voided; 0 blank voided; 1 issued voided (the sandbox has no voiding yet, kept for fpzt).
        zflx TEXT CHECK (zflx IN ('0', '1')),
        -- 'normal', or 'red-reversed' once red invoices reversed the whole of a blue invoice.
        status TEXT NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'red-reversed')),
        -- 2-dp decimal text, signed as issued (negative on red invoices).
        jshj TEXT NOT NULL,
        hjje TEXT NOT NULL,
        hjse TEXT NOT NULL,
        -- Blue invoices: the total of the red invoices issued against it so far (positive).
        reversed TEXT NOT NULL DEFAULT '0.00',
        -- Red invoices: the blue invoice reversed, and the red-letter form used (if any).
        original_id INTEGER REFERENCES output_invoices (id),
        red_letter_lsh TEXT,
        -- Unguessable name of the invoice's files under /sandbox/files/.
        file_token TEXT NOT NULL UNIQUE
      ) STRICT;
      CREATE UNIQUE INDEX output_invoices_number ON output_invoices (fplxdm, ifnull(fpdm, ''), fphm);

      CREATE TABLE red_letter_applications (
        id INTEGER PRIMARY KEY,
        lsh TEXT NOT NULL UNIQUE,
        app_key TEXT NOT NULL,
        seller_tax_number TEXT NOT NULL,
        kpzdbs TEXT,
        -- sha256 of the canonical JSON of the request: a resubmission must match it exactly.
        body_hash TEXT NOT NULL,
        request_json TEXT NOT NULL,
        original_id INTEGER NOT NULL REFERENCES output_invoices (id),
        -- The form's lines and totals (negative), fixed at application.
        lines_json TEXT NOT NULL,
        jshj TEXT NOT NULL,
        hjje TEXT NOT NULL,
        hjse TEXT NOT NULL,
        sqdh TEXT,
        accepted_at INTEGER NOT NULL,
        approved_at INTEGER,
        xxbbh TEXT UNIQUE,
        xxbid TEXT UNIQUE,
        -- The red invoice issued with this form: a form is used once.
        used_by_lsh TEXT
      ) STRICT;
      CREATE INDEX red_letter_applications_original ON red_letter_applications (original_id);
    `);
  },
};
