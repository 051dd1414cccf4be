/** Migrations 0030–0130 of the history database, each on a real SQLite file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import { migrate } from '../../../main/db/migrate.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';

const dirs: string[] = [];
const dbs: Db[] = [];
function open(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-mig-'));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'history.db'));
  dbs.push(db);
  return db;
}
afterEach(() => {
  for (const db of dbs.splice(0)) closeDatabase(db);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = '2025-01-02T03:04:05.000Z';
function insertIssued(db: Db, lsh: string, buyer: string, environment = 'sandbox'): number {
  return Number(
    db
      .prepare(
        `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, created_at, updated_at)
         VALUES (?, ?, '026', 'S', '销方', ?, '91330100MA2XXXXX1X', '113.00', '13.00', 'queued', '{}', ?, ?)`,
      )
      .run(lsh, environment, buyer, NOW, NOW).lastInsertRowid,
  );
}
const ftsRowids = (db: Db, match: string) =>
  (db.prepare(`SELECT rowid FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid`).all(match) as Array<{ rowid: number }>).map((r) => r.rowid);

describe('history migrations 0030–0130', () => {
  it('0030 settings-and-secrets: one value per key, secrets as blobs', () => {
    const db = open();
    db.prepare(`INSERT INTO setting (key, value, updated_at) VALUES ('a', '1', ?)`).run(NOW);
    expect(() => db.prepare(`INSERT INTO setting (key, value, updated_at) VALUES ('a', '2', ?)`).run(NOW)).toThrow(/UNIQUE|PRIMARY/);
    db.prepare(`INSERT INTO secret (name, sealed, backend, updated_at) VALUES ('s', ?, 'test', ?)`).run(Buffer.from([1, 2, 3]), NOW);
    expect(db.prepare(`SELECT sealed FROM secret WHERE name = 's'`).get()).toEqual({ sealed: Buffer.from([1, 2, 3]) });
  });

  it('0040 request-log: outcomes are constrained, no body or header column exists', () => {
    const db = open();
    const columns = (db.prepare(`PRAGMA table_info(request_log)`).all() as Array<{ name: string }>).map((c) => c.name);
    expect(columns).not.toEqual(expect.arrayContaining(['body']));
    expect(columns.some((name) => /body|header|sign|secret|pwd/i.test(name))).toBe(false);
    const insert = db.prepare(`INSERT INTO request_log (environment, endpoint, outcome, duration_ms, at) VALUES ('sandbox', 'GET /x', ?, 1, ?)`);
    insert.run('answered', NOW);
    expect(() => insert.run('exploded', NOW)).toThrow(/CHECK/);
  });

  it('0050 red-letter-forms: lsh unique, sqly constrained', () => {
    const db = open();
    const insert = db.prepare(
      `INSERT INTO red_letter_form (lsh, environment, fphm, sqly, xhdwsbh, xhdwmc, status, request_json, created_at, updated_at)
       VALUES (?, 'sandbox', '12345678', ?, 'S', '销方', 'queued', '{}', ?, ?)`,
    );
    insert.run('R1', '0', NOW, NOW);
    expect(() => insert.run('R1', '0', NOW, NOW)).toThrow(/UNIQUE/);
    expect(() => insert.run('R2', '9', NOW, NOW)).toThrow(/CHECK/);
  });

  it('0060 print-jobs: a job outlives its invoice row, calibration per printer', () => {
    const db = open();
    const invoiceId = insertIssued(db, 'P1', '买方');
    db.prepare(
      `INSERT INTO print_job (environment, issued_invoice_id, fplxdm, fpdm, fphm, dylx, printer, status, created_at, updated_at)
       VALUES ('sandbox', ?, '004', '3100000000', '00000001', '0', 'cups-pdf', 'requested', ?, ?)`,
    ).run(invoiceId, NOW, NOW);
    db.prepare(`DELETE FROM issued_invoice WHERE id = ?`).run(invoiceId);
    expect(db.prepare(`SELECT issued_invoice_id FROM print_job`).get()).toEqual({ issued_invoice_id: null });
    db.prepare(`INSERT INTO printer_calibration (printer, down_mm, right_mm, updated_at) VALUES ('cups-pdf', '-1.5', '2', ?)`).run(NOW);
    expect(db.prepare(`SELECT down_mm FROM printer_calibration`).get()).toEqual({ down_mm: '-1.5' });
  });

  it('0070 received-invoices: the same file once per environment', () => {
    const db = open();
    const insert = db.prepare(
      `INSERT INTO received_invoice (environment, file_hash, file_type, source, data_json, status, created_at, updated_at)
       VALUES (?, 'abc', 'pdf', 'qr', '{}', 'recognised', ?, ?)`,
    );
    insert.run('sandbox', NOW, NOW);
    insert.run('remote', NOW, NOW);
    expect(() => insert.run('sandbox', NOW, NOW)).toThrow(/UNIQUE/);
  });

  it('0080 verifications: kept per invoice, linked to the received file when there is one', () => {
    const db = open();
    db.prepare(
      `INSERT INTO verification (environment, fpzl, fphm, kprq, code, verified_at) VALUES ('sandbox', '01', '12345678', '20250101', '0001', ?)`,
    ).run(NOW);
    expect(db.prepare(`SELECT fpdm, received_invoice_id FROM verification`).get()).toEqual({ fpdm: '', received_invoice_id: null });
  });

  it('0090 collected-invoices: unique per environment, code and number; lines cascade', () => {
    const db = open();
    const insert = db.prepare(
      `INSERT INTO collected_invoice (environment, fplxdm, fpdm, fphm, record_json, collected_at) VALUES (?, '01', ?, '00000001', '{}', ?)`,
    );
    const id = Number(insert.run('sandbox', '3100000000', NOW).lastInsertRowid);
    insert.run('remote', '3100000000', NOW);
    expect(() => insert.run('sandbox', '3100000000', NOW)).toThrow(/UNIQUE/);
    db.prepare(`INSERT INTO collected_invoice_line (invoice_id, xh, spmc, je) VALUES (?, 1, '钢材', '100.00')`).run(id);
    db.prepare(`DELETE FROM collected_invoice WHERE id = ?`).run(id);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM collected_invoice_line`).get()).toEqual({ n: 0 });
  });

  it('0100 certification: pch unique, items cascade, sqrzlx constrained', () => {
    const db = open();
    const batch = Number(
      db
        .prepare(
          `INSERT INTO certification_batch (environment, pch, gmfsbh, sqskssq, fhhs, status, request_json, created_at, updated_at)
           VALUES ('sandbox', 'B1', '91310000MA1FL8XQ5D', '202501', 1, 'queued', '{}', ?, ?)`,
        )
        .run(NOW, NOW).lastInsertRowid,
    );
    const item = db.prepare(`INSERT INTO certification_item (batch_id, fphm, fplxdm, sqrzlx, yxse) VALUES (?, ?, '01', ?, '13.00')`);
    item.run(batch, '1', '1');
    expect(() => item.run(batch, '2', '9')).toThrow(/CHECK/);
    db.prepare(`DELETE FROM certification_batch`).run();
    expect(db.prepare(`SELECT COUNT(*) AS n FROM certification_item`).get()).toEqual({ n: 0 });
  });

  it('0110 enterprises: one current enterprise per environment, no password columns', () => {
    const db = open();
    const columns = (db.prepare(`PRAGMA table_info(enterprise)`).all() as Array<{ name: string }>).map((c) => c.name);
    expect(columns.some((name) => /pwd|password/i.test(name))).toBe(false);
    const insert = db.prepare(
      `INSERT INTO enterprise (environment, tax_number, agency_name, is_current, created_at, updated_at) VALUES ('sandbox', ?, '企业', ?, ?, ?)`,
    );
    insert.run('A', 1, NOW, NOW);
    insert.run('B', 0, NOW, NOW);
    expect(() => insert.run('C', 1, NOW, NOW)).toThrow(/UNIQUE/);
  });

  it('0120 customers-and-products: one entry per name (and tax number / specification)', () => {
    const db = open();
    const customer = db.prepare(`INSERT INTO customer (environment, ghdwmc, ghdwsbh, created_at, updated_at) VALUES ('sandbox', '星河', ?, ?, ?)`);
    customer.run(null, NOW, NOW);
    expect(() => customer.run(null, NOW, NOW)).toThrow(/UNIQUE/);
    const product = db.prepare(`INSERT INTO product (environment, spmc, spbm, sl, dj, created_at, updated_at) VALUES ('sandbox', '打印纸', ?, '0.13', '25.00', ?, ?)`);
    product.run('1060201070000000000', NOW, NOW);
    expect(() => product.run('1060201070000000000', NOW, NOW)).toThrow(/UNIQUE/);
  });

  it('0130 history-search: triggers keep the trigram index in step with both tables', () => {
    const db = open();
    const id = insertIssued(db, 'L1', '杭州星河科技有限公司');
    expect(ftsRowids(db, '"星河科"')).toEqual([id * 2]);
    db.prepare(`INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES (?, 1, '碳素钢板', '1', '1', '1', '1', '0.13', '0.13')`).run(id);
    expect(ftsRowids(db, '"钢板"')).toEqual([]); // 2 characters: below the trigram minimum
    expect(ftsRowids(db, '"碳素钢"')).toEqual([id * 2]);
    expect(ftsRowids(db, '"星河科"')).toEqual([id * 2]); // the line re-index kept the header text
    db.prepare(`UPDATE issued_invoice SET fpdm = '033001900111', fphm = '87654321' WHERE id = ?`).run(id);
    expect(ftsRowids(db, '"87654321"')).toEqual([id * 2]);

    const cid = Number(
      db
        .prepare(`INSERT INTO collected_invoice (environment, fplxdm, fpdm, fphm, xhfmc, record_json, collected_at) VALUES ('sandbox', '01', '', '24000000001', '宁波星河物流', '{}', ?)`)
        .run(NOW).lastInsertRowid,
    );
    // Since 0480 an input invoice is indexed once its writer sets its line count (after its lines).
    expect(ftsRowids(db, '星河物')).toEqual([]);
    db.prepare(`INSERT INTO collected_invoice_line (invoice_id, xh, spmc, je) VALUES (?, 1, '螺纹钢筋', '100.00')`).run(cid);
    db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE id = ?`).run(cid);
    expect(ftsRowids(db, '"星河"')).toEqual([]);
    expect(ftsRowids(db, '星河物')).toEqual([cid * 2 + 1]);
    expect(ftsRowids(db, '螺纹钢')).toEqual([cid * 2 + 1]);
    db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE id = ?`).run(cid);
    expect(ftsRowids(db, '星河物')).toEqual([cid * 2 + 1]); // re-indexed, not held twice
    db.prepare(`DELETE FROM issued_invoice WHERE id = ?`).run(id);
    db.prepare(`DELETE FROM collected_invoice WHERE id = ?`).run(cid);
    expect(ftsRowids(db, '"星河科"')).toEqual([]);
    expect(ftsRowids(db, '"碳素钢"')).toEqual([]);
    expect(ftsRowids(db, '星河物')).toEqual([]);
  });

  it('0130 history-search: indexes invoices stored before the migration', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-mig-'));
    dirs.push(dir);
    const file = path.join(dir, 'history.db');
    const before = new Database(file);
    migrate(before, migrations.filter((m) => m.version < 130));
    insertIssued(before, 'OLD', '苏州老客户贸易有限公司');
    before.close();
    const db = openDatabase(file);
    dbs.push(db);
    expect(ftsRowids(db, '"老客户"')).toHaveLength(1);
  });
});
