import type { LedgerMigration } from './migration.js';

/**
 * 常用发票: invoices a clerk issues again and again (the same buyer, the same goods), saved from the form
 * under a name and opened by typing it. Like the libraries, a template is the clerk's own fact and is
 * shared by every environment. `content` is the form's JSON, read back leniently like a draft's.
 */
export const invoiceTemplates: LedgerMigration = {
  version: 300,
  name: 'invoice-templates',
  desk(db) {
    db.exec(`
      CREATE TABLE invoice_template (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        fplxdm     TEXT NOT NULL,
        ghdwmc     TEXT NOT NULL,
        content    TEXT NOT NULL,
        used_at    TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX invoice_template_name ON invoice_template (name);
    `);
  },
};
