import type Database from 'better-sqlite3';
import type { Migration } from '../migrate.js';

/**
 * Clerks who sign their work (issue 24 point 5, docs/team-ledger.md §6).
 *
 * - `clerk`: who works at the desk — a unique name, a role (issuer 开票员, reviewer 复核, admin 管理员), the
 *   PIN as a scrypt hash only (`scrypt$N$r$p$salt$hash`, main/features/clerks/pin.ts), an active flag
 *   (a clerk who left is deactivated, never deleted: their name stays on what they did), and when and by
 *   whom the row was made and last changed. Owned by the clerks feature. While it is empty the desk works
 *   as before clerks: one implicit clerk with every right.
 * - `created_by` / `updated_by` on the rows clerks make: issued invoices, red-letter forms, print jobs,
 *   received invoices, certification batches, customers, products and 常用发票 templates. Each holds the
 *   clerk's name (a name is what the history shows and what the team ledger shares; ids differ per desk),
 *   written by the owning repo in the same statement as the row (main/db/actor.ts) — no trigger, no second
 *   write. NULL: made before clerks existed, or while the desk had none, or by the desk itself.
 *
 * Nothing is changed or lost: one new table and nullable columns.
 */
const SIGNED_TABLES = ['issued_invoice', 'red_letter_form', 'print_job', 'received_invoice', 'certification_batch', 'customer', 'product', 'invoice_template'] as const;

export const clerks: Migration = {
  version: 500,
  name: 'clerks',
  up(db: Database.Database) {
    db.exec(`
      CREATE TABLE clerk (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('issuer', 'reviewer', 'admin')),
        pin_hash TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL,
        created_by TEXT,
        updated_at TEXT NOT NULL,
        updated_by TEXT
      );
    `);
    for (const table of SIGNED_TABLES) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN created_by TEXT; ALTER TABLE ${table} ADD COLUMN updated_by TEXT;`);
    }
  },
};

export const CLERK_SIGNED_TABLES = SIGNED_TABLES;
