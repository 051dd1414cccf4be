import type { LedgerMigration } from './migration.js';

/**
 * Red reversals of output invoices (spec endpoint 2 rule 3, endpoints 8 and 9). 0050 already stores the
 * red-letter form applications; what was missing is how they and the red invoices hang off a blue one:
 *
 * - `red_reversal`: one row per red invoice, written in the same transaction as the red invoice and its
 *   outbox row (issuance service `enqueue(prepared, alongside)`), naming the blue invoice and the amount
 *   taken from it (positive TEXT decimal). What is left of a blue invoice is its jshj minus the amounts of
 *   its red invoices that have not failed and the forms still reserving an amount — computed, never
 *   copied, so it cannot drift from the rows it sums.
 * - `red_letter_form` gains the blue invoice it reverses, the red invoice issued with it, the sub-reason
 *   of sqly the clerk picked (the wire carries only 0/1/2), the red invoice lines prepared at application
 *   time (so the red invoice matches the form to the cent), and whether to issue it as soon as the form
 *   has its number.
 */
export const redReversals: LedgerMigration = {
  version: 160,
  name: 'red-reversals',
  desk(db) {
    db.exec(`
      CREATE TABLE red_reversal (
        red_invoice_id  INTEGER PRIMARY KEY REFERENCES issued_invoice (id) ON DELETE CASCADE,
        blue_invoice_id INTEGER NOT NULL REFERENCES issued_invoice (id),
        amount          TEXT NOT NULL,
        chyydm          TEXT NOT NULL CHECK (chyydm IN ('1', '2', '3', '4')),
        form_id         INTEGER REFERENCES red_letter_form (id),
        created_at      TEXT NOT NULL
      );
      CREATE INDEX red_reversal_blue ON red_reversal (blue_invoice_id);

      ALTER TABLE red_letter_form ADD COLUMN blue_invoice_id INTEGER REFERENCES issued_invoice (id);
      ALTER TABLE red_letter_form ADD COLUMN red_invoice_id INTEGER REFERENCES issued_invoice (id);
      ALTER TABLE red_letter_form ADD COLUMN sqly_detail TEXT;
      ALTER TABLE red_letter_form ADD COLUMN red_lines_json TEXT;
      ALTER TABLE red_letter_form ADD COLUMN auto_issue INTEGER NOT NULL DEFAULT 1 CHECK (auto_issue IN (0, 1));
      CREATE INDEX red_letter_form_blue ON red_letter_form (blue_invoice_id);
    `);
  },
};
