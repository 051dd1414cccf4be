import type { PgMigration } from './migration.js';

/**
 * One original per received invoice, as the desk's SQLite migration 0530: `original_key` holds the invoice
 * key while the row is its key's original (NULL for a duplicate), under a unique index per environment, so
 * two desks taking the same invoice at once cannot both store it as the original — the second insert is
 * refused (23505) and intake links it to the first. Rows held before gain the key only where they are the
 * first original of it, as on the desk (a ledger moved in carries the desk's column as it is).
 */
export const receivedOneOriginal: PgMigration = {
  version: 11,
  name: 'received-one-original',
  sql: `
    ALTER TABLE received_invoice ADD COLUMN original_key text;
    UPDATE received_invoice r SET original_key = r.invoice_key
    WHERE r.invoice_key IS NOT NULL AND r.duplicate_of IS NULL AND r.id = (
      SELECT min(f.id) FROM received_invoice f WHERE f.environment = r.environment AND f.invoice_key = r.invoice_key AND f.duplicate_of IS NULL
    );
    CREATE UNIQUE INDEX received_invoice_one_original ON received_invoice (environment, original_key);
  `,
};
