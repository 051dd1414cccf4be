/**
 * Migration 0460 libraries-per-enterprise on a real SQLite file: each kind of row is placed in the
 * enterprise it was made under, read from the ledger — a customer by the seller of the invoices to it (by
 * tax ID, else by name; of several sellers the one whose first invoice is nearest to the entry), a product
 * through the invoice lines of its name, a template through its buyer, a print job by its invoice — and
 * what cannot be told stays NULL (the desk's own enterprise).
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { migrationFiles } from '../../support/migration-harness.js';

const files = migrationFiles(migrations);
const A = '91310000MA1FL8XQ5D';
const B = '91440300MA5G8K2X70';

const insert = (db: Database.Database, table: string, row: Record<string, unknown>) =>
  Number(db.prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((k) => `@${k}`).join(', ')})`).run(row).lastInsertRowid);

function invoice(db: Database.Database, lsh: string, seller: string, buyer: string, buyerTax: string | null, at: string, goods: string[] = []): number {
  const id = insert(db, 'issued_invoice', {
    lsh, environment: 'sandbox', fplxdm: '004', kplx: '0', xhdwsbh: seller, xhdwmc: seller, ghdwmc: buyer, ghdwsbh: buyerTax, jshj: '113.00', hjse: '13.00',
    status: 'issued', request_json: '{}', fpdm: '3100231130', fphm: lsh.slice(-8), created_at: at, updated_at: at,
  });
  goods.forEach((spmc, index) => insert(db, 'issued_invoice_line', { invoice_id: id, line_no: index + 1, spmc, spbm: '1060201070000000000', spsl: '1', dj: '100', je: '100', sl: '0.13', se: '13' }));
  return id;
}

describe('migration 0460 libraries-per-enterprise', () => {
  it('places customers, products, templates and print jobs by the ledger; the rest stays the desk\'s own', () => {
    const at = files.at(migrations.filter((m) => m.version < 460).at(-1)!.version);
    const db = at.db;
    // 星河 is invoiced by A in January and by B in June; its library entry was made in June: B's.
    invoice(db, 'L0000000000000001', A, '北京星河贸易有限公司', '91110105MA01ABCD13', '2025-01-10T08:00:00.000Z', ['打印纸']);
    const june = invoice(db, 'L0000000000000002', B, '北京星河贸易有限公司', '91110105MA01ABCD13', '2025-06-10T08:00:00.000Z', ['碳带']);
    invoice(db, 'L0000000000000003', B, '李四', null, '2025-06-11T08:00:00.000Z');
    const gone = invoice(db, 'L0000000000000004', A, '王五', null, '2025-06-12T08:00:00.000Z');
    const customer = (ghdwmc: string, ghdwsbh: string | null, created: string) => insert(db, 'customer', { environment: 'sandbox', ghdwmc, ghdwsbh, created_at: created, updated_at: created });
    customer('北京星河贸易有限公司', '91110105MA01ABCD13', '2025-06-09T00:00:00.000Z');
    customer('李四', null, '2025-06-11T09:00:00.000Z');
    customer('赵六', null, '2025-06-11T09:00:00.000Z');
    const product = (spmc: string) => insert(db, 'product', { environment: 'sandbox', spmc, spbm: '1060201070000000000', sl: '0.13', created_at: '2025-01-09T00:00:00.000Z', updated_at: 'x' });
    ['打印纸', '碳带', '订书机'].forEach(product);
    insert(db, 'invoice_template', { name: '李四月结', fplxdm: '004', ghdwmc: '李四', content: '{}', created_at: 'y', updated_at: 'y' });
    const job = (id: number | null, fphm: string) =>
      insert(db, 'print_job', { environment: 'sandbox', issued_invoice_id: id, fplxdm: '004', fpdm: '3100231130', fphm, dylx: '0', printer: 'PDF', status: 'failed', created_at: 'z', updated_at: 'z' });
    job(june, '00000002');
    job(gone, '00000004');
    db.prepare(`DELETE FROM issued_invoice WHERE id = ?`).run(gone);

    const kept = at.migrateTo(460);
    expect(kept.rows).toMatchObject({ customer: 3, product: 3, invoice_template: 1, print_job: 2 });
    const placed = (sql: string) => Object.fromEntries((at.db.prepare(sql).all() as Array<{ k: string; e: string | null }>).map((row) => [row.k, row.e]));
    expect(placed(`SELECT ghdwmc AS k, enterprise AS e FROM customer`)).toEqual({ 北京星河贸易有限公司: B, 李四: B, 赵六: null });
    expect(placed(`SELECT spmc AS k, enterprise AS e FROM product`)).toEqual({ 打印纸: A, 碳带: B, 订书机: null });
    expect(placed(`SELECT name AS k, enterprise AS e FROM invoice_template`)).toEqual({ 李四月结: B });
    // The job of a deleted invoice (issued_invoice_id set NULL) cannot be told: it is in no invoice's log.
    expect(placed(`SELECT fphm AS k, enterprise AS e FROM print_job`)).toEqual({ '00000002': B, '00000004': null });
  });
});
