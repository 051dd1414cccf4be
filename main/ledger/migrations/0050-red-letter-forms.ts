import type { LedgerMigration } from './migration.js';

/**
 * Red-letter information form applications (spec: red-letter application request / form). Like
 * issuance, the application serial number (lsh) and the whole request are stored before sending
 * (docs/architecture.md §5); the query answer fills in the form number (xxbbh) or form ID (xxbid).
 */
export const redLetterForms: LedgerMigration = {
  version: 50,
  name: 'red-letter-forms',
  desk(db) {
    db.exec(`
      CREATE TABLE red_letter_form (
        id            INTEGER PRIMARY KEY,
        lsh           TEXT NOT NULL UNIQUE,
        environment   TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        fplxdm        TEXT,
        fpdm          TEXT,
        fphm          TEXT NOT NULL,
        sqly          TEXT NOT NULL CHECK (sqly IN ('0', '1', '2')),
        chyydm        TEXT CHECK (chyydm IN ('1', '2', '3', '4')),
        kpzdbs        TEXT,
        xhdwsbh       TEXT NOT NULL,
        xhdwmc        TEXT NOT NULL,
        ghdwsbh       TEXT,
        ghdwmc        TEXT,
        hjje          TEXT,
        hjse          TEXT,
        jshj          TEXT,
        status        TEXT NOT NULL CHECK (status IN ('queued', 'applying', 'approved', 'rejected', 'failed')),
        sqdh          TEXT,
        xxbbh         TEXT,
        xxbid         TEXT,
        request_json  TEXT NOT NULL,
        form_json     TEXT,
        error_code    TEXT,
        error_message TEXT,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE INDEX red_letter_form_created ON red_letter_form (environment, created_at DESC);
      CREATE INDEX red_letter_form_original ON red_letter_form (environment, fphm);
    `);
  },
};
