import type { LedgerMigration } from './migration.js';

/**
 * One original per received invoice (issue 24, the received ledger on the ledger port). Intake finds a
 * duplicate by reading before it writes: one desk taking files one at a time never races itself, but two
 * desks on a team ledger taking the same invoice at once would both store it as the original and count it
 * twice. So the database refuses the second, here as on PostgreSQL (team migration 0530), and the store
 * answers DuplicateReceivedError on both:
 * - `original_key`: the invoice key while the row is its key's original (`duplicate_of IS NULL`), NULL for a
 *   duplicate or a row without a key; intake's writers set it in the statement that sets the link.
 * - a unique index on `(environment, original_key)` (NULLs are distinct, so duplicates are unconstrained).
 * Additive: rows held before gain the column only where they are the first original of their key. A later
 * original a review once made (an earlier row given the key of a later one) keeps NULL and is left as it
 * was; the next review of that key links it (linkLaterOriginals).
 *
 * The team's half (PostgreSQL, once its migration 11) is the same column and index: two desks taking the same
 * invoice at once cannot both store it as the original — the second insert is refused (23505).
 */
export const receivedOneOriginal: LedgerMigration = {
  version: 530,
  name: 'received-one-original',
  desk(db) {
    db.exec(`
      ALTER TABLE received_invoice ADD COLUMN original_key TEXT;
      UPDATE received_invoice SET original_key = invoice_key
      WHERE invoice_key IS NOT NULL AND duplicate_of IS NULL AND id = (
        SELECT min(f.id) FROM received_invoice f
        WHERE f.environment = received_invoice.environment AND f.invoice_key = received_invoice.invoice_key AND f.duplicate_of IS NULL
      );
      CREATE UNIQUE INDEX received_invoice_one_original ON received_invoice (environment, original_key);
    `);
  },
  team: `
    ALTER TABLE received_invoice ADD COLUMN original_key text;
    UPDATE received_invoice r SET original_key = r.invoice_key
    WHERE r.invoice_key IS NOT NULL AND r.duplicate_of IS NULL AND r.id = (
      SELECT min(f.id) FROM received_invoice f WHERE f.environment = r.environment AND f.invoice_key = r.invoice_key AND f.duplicate_of IS NULL
    );
    CREATE UNIQUE INDEX received_invoice_one_original ON received_invoice (environment, original_key);
  `,
};
