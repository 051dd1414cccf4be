import type Database from 'better-sqlite3';
import type { LedgerMigration } from './migration.js';

/**
 * Customer and product libraries, 常用发票 (invoice templates) and print logs per enterprise (issue 23
 * point 2): an agency clerk's enterprises each have their own buyers, goods and templates, and a print
 * job belongs to the enterprise of the invoice it printed. Each table gets `enterprise`, the tax number
 * of the seller it belongs to — the key issued invoices (xhdwsbh) and drafts (0340) already use, and
 * like them shared by both environments (a library stays the clerk's own fact, 0150).
 *
 * Which enterprise an existing row was made under is not recorded, so it is read from the ledger:
 * - a print job (paper or archive): the seller of the invoice it printed — exact;
 * - a customer: the seller of the invoices issued to that buyer (by tax ID; by name when it has none),
 *   and of several sellers the one whose first invoice to it is nearest to when the entry was made
 *   (entries are mostly saved from the form right after issuing, or imported just before);
 * - a product: likewise through the invoice lines of that goods name;
 * - a template: likewise through the invoices to its buyer's name.
 * Rows with no way to tell (nothing was ever issued to that buyer or of those goods, a print job whose
 * invoice is gone) keep `enterprise` NULL, which the features read as the desk's own enterprise — the
 * seller configured in settings: that is where every entry was shown before libraries were per
 * enterprise (the repo's rule then: "the clerk's own enterprise"), so nothing a clerk sees there moves,
 * and an enterprise added for agency work starts with an empty library (the complaint of issue 23)
 * instead of another company's customers. Any other enterprise can copy them (libraries:copy). The
 * migration cannot name the configured seller itself: it lives in settings and differs per environment.
 *
 * 0120's and 0150's unique identities (one customer per tax ID, one product per name and specification)
 * and 0300's unique template name were for the whole desk (0120's enterprise_id was never filled in); the same buyer can be a customer of two
 * enterprises, so they are replaced by the same identities per enterprise. Dropping an index loses no
 * data; every row is kept as it was, only `enterprise` is filled in.
 */
export const librariesPerEnterprise: LedgerMigration = {
  version: 460,
  name: 'libraries-per-enterprise',
  desk(db) {
    db.exec(`
      ALTER TABLE customer ADD COLUMN enterprise TEXT;
      ALTER TABLE product ADD COLUMN enterprise TEXT;
      ALTER TABLE invoice_template ADD COLUMN enterprise TEXT;
      ALTER TABLE print_job ADD COLUMN enterprise TEXT;
      ALTER TABLE archive_print_job ADD COLUMN enterprise TEXT;

      UPDATE print_job SET enterprise = (SELECT xhdwsbh FROM issued_invoice WHERE issued_invoice.id = print_job.issued_invoice_id);
      UPDATE archive_print_job SET enterprise = (SELECT xhdwsbh FROM issued_invoice WHERE issued_invoice.id = archive_print_job.issued_invoice_id);
    `);
    assignByNearestInvoice(db);
    db.exec(`
      DROP INDEX customer_identity;
      DROP INDEX product_identity;
      DROP INDEX customer_tax_number;
      DROP INDEX customer_untaxed_name;
      DROP INDEX product_shared_identity;
      DROP INDEX invoice_template_name;
      CREATE UNIQUE INDEX customer_enterprise_tax_number ON customer (ifnull(enterprise, ''), ghdwsbh) WHERE ghdwsbh IS NOT NULL;
      CREATE UNIQUE INDEX customer_enterprise_untaxed_name ON customer (ifnull(enterprise, ''), ghdwmc) WHERE ghdwsbh IS NULL;
      CREATE UNIQUE INDEX product_enterprise_identity ON product (ifnull(enterprise, ''), spmc, ifnull(ggxh, ''));
      CREATE UNIQUE INDEX invoice_template_enterprise_name ON invoice_template (ifnull(enterprise, ''), name);
      CREATE INDEX customer_enterprise ON customer (enterprise, updated_at DESC);
      CREATE INDEX product_enterprise ON product (enterprise, updated_at DESC);
      CREATE INDEX print_job_enterprise_invoice ON print_job (issued_invoice_id, enterprise);
      CREATE INDEX archive_print_job_enterprise_invoice ON archive_print_job (issued_invoice_id, enterprise);
    `);
  },
};

/**
 * One pass over the ledger per kind: the first invoice of each (buyer or goods, seller) pair, then per
 * entry the seller whose first invoice is nearest to the entry's creation (ties: the earlier seller).
 */
function assignByNearestInvoice(db: Database.Database): void {
  const sources = [
    {
      table: 'customer',
      pairs: `SELECT ifnull(ghdwsbh, char(30) || ghdwmc) AS k, xhdwsbh AS seller, min(created_at) AS first FROM issued_invoice GROUP BY k, seller`,
      key: `ifnull(customer.ghdwsbh, char(30) || customer.ghdwmc)`,
    },
    {
      table: 'product',
      pairs: `SELECT l.spmc AS k, i.xhdwsbh AS seller, min(i.created_at) AS first FROM issued_invoice_line l JOIN issued_invoice i ON i.id = l.invoice_id GROUP BY k, seller`,
      key: `product.spmc`,
    },
    {
      table: 'invoice_template',
      pairs: `SELECT ghdwmc AS k, xhdwsbh AS seller, min(created_at) AS first FROM issued_invoice GROUP BY k, seller`,
      key: `invoice_template.ghdwmc`,
    },
  ] as const;
  for (const { table, pairs, key } of sources) {
    db.exec(`
      CREATE TEMP TABLE first_invoice AS ${pairs};
      CREATE INDEX temp.first_invoice_k ON first_invoice (k);
      UPDATE ${table} SET enterprise = (
        SELECT seller FROM first_invoice WHERE first_invoice.k = ${key}
        ORDER BY abs(julianday(first_invoice.first) - julianday(${table}.created_at)), first_invoice.first, seller LIMIT 1
      );
      DROP TABLE temp.first_invoice;
    `);
  }
}
