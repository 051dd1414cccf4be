import type { LedgerMigration } from './migration.js';

/**
 * History search by fragment on PostgreSQL (docs/team-ledger.md §2): pg_trgm GIN indexes answer
 * `ILIKE '%fragment%'` of 3+ characters over the buyer's name and tax ID, the invoice number and the goods
 * names, the same fields the desk's FTS5 index covers. pg_trgm is a trusted extension (PostgreSQL 13+), so
 * the database's owner may create it without being a superuser.
 */
export const historyTrigramSearch: LedgerMigration = {
  version: 472,
  name: 'history-trigram-search',
  team: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX issued_invoice_buyer_trgm ON issued_invoice USING gin (ghdwmc gin_trgm_ops);
    CREATE INDEX issued_invoice_buyer_tax_trgm ON issued_invoice USING gin (ghdwsbh gin_trgm_ops);
    CREATE INDEX issued_invoice_number_trgm ON issued_invoice USING gin (fphm gin_trgm_ops);
    CREATE INDEX issued_invoice_line_goods_trgm ON issued_invoice_line USING gin (spmc gin_trgm_ops);
  `,
};
