/**
 * 0670 one-identifier-case in detail (the step itself: history-migrations-keep-data.test.ts): after the desk's
 * columns take the team's lower snake case, everything SQLite keeps that names a column still works — the file is
 * sound, the search triggers (0130, 0480) index and re-index an input invoice under the new names and find one
 * indexed before, the partial index of certified invoices is usable, the certification items' index is the plan,
 * and the keys and CHECK constraints hold. No text SQLite keeps names an old column. For speed the step makes the
 * tables again when they are empty (a new desk's), and otherwise puts other tables' triggers aside while it renames:
 * either way it leaves what the plain renames leave, trigger order and all, and those triggers still fire.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { renameDeskColumns } from '../../../main/ledger/migrations/0670-one-identifier-case.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { columnRenames, migrationFiles } from '../../support/migration-harness.js';

const files = migrationFiles(migrations);
const T1 = '2025-03-02T08:00:00.000Z';
const BUYER = '91310000MA1FL8XQ5D';
const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const insert = (db: Database.Database, table: string, row: Record<string, unknown>) =>
  Number(db.prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((k) => `@${k}`).join(', ')})`).run(row).lastInsertRowid);

/** A file at 0660 with a row in every table 0670 renames, written as the desk wrote them then. */
function before() {
  const at = files.at(660);
  const db = at.db;
  insert(db, 'enterprise', { environment: 'sandbox', taxNumber: BUYER, agencyName: '上海示例科技有限公司', taxUser_loginIdentity: '1', is_current: 1, created_at: T1, updated_at: T1 });
  const invoice = (fphm: string, seller: string, certified: boolean) => {
    const id = insert(db, 'collected_invoice', {
      environment: 'sandbox', enterprise: BUYER, FPLXDM: '01', FPDM: '3100231130', FPHM: fphm, KPRQ: '20250228', issue_date: '2025-02-28', GMFSBH: BUYER,
      XHFMC: seller, XHFSBH: '91330106MA2H7X8Y2Q', HJJE: '100.00', SE: '13.00', JSHJ: '113.00', FPZT: '0', RZZT: certified ? '1' : '0',
      RZSQ: certified ? '202502' : null, record_json: '{}', collected_at: T1,
    });
    insert(db, 'collected_invoice_line', { invoice_id: id, XH: 1, SPMC: '*纸制品*打印纸', JE: '100.00', SL: '0.13', SE: '13.00' });
    db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE id = ?`).run(id);
    return id;
  };
  const kept = invoice('00067001', '杭州云栖商贸有限公司', true);
  invoice('00067002', '宁波海曙五金有限公司', false);
  insert(db, 'received_invoice', {
    environment: 'sandbox', enterprise: BUYER, file_hash: 'c67001', file_type: 'pdf', source: 'qr', FPLXDM: '10', FPDM: '044002300111', FPHM: '12345678',
    HJJE: '100.00', XHFMC: '广州云栖餐饮有限公司', data_json: '{}', status: 'reviewed', created_at: T1, updated_at: T1,
  });
  const batch = insert(db, 'certification_batch', { environment: 'sandbox', PCH: 'P'.repeat(32), GMFSBH: BUYER, SQSKSSQ: '202502', FHHS: 1, status: 'done', request_json: '{}', created_at: T1, updated_at: T1 });
  insert(db, 'certification_item', { batch_id: batch, FPDM: '3100231130', FPHM: '00067001', FPLXDM: '01', SQRZLX: '1', YXSE: '13.00', RZCLZT: '4' });
  insert(db, 'collection_run', { environment: 'sandbox', enterprise: BUYER, kind: '01', PCH: 'R'.repeat(32), CJKSRQ: '20250201000000', CJJSRQ: '20250228235959', status: 'done', created_at: T1, updated_at: T1 });
  const renames = columnRenames(db, snake);
  at.migrateTo(670, renames);
  return { db: at.db, kept, renames };
}

const found = (db: Database.Database, text: string) =>
  (db.prepare(`SELECT c.fphm FROM history_fts f JOIN collected_invoice c ON c.id * 2 + 1 = f.rowid WHERE history_fts MATCH ? ORDER BY c.id`).all(`"${text}"`) as Array<{ fphm: string }>).map((r) => r.fphm);

describe('0670 one-identifier-case', () => {
  it('leaves a sound file whose kept SQL names no old column', () => {
    const { db, renames } = before();
    expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const old = Object.values(renames).flatMap((table) => Object.keys(table.columns ?? {}).filter((column) => column !== column.toLowerCase()));
    const naming = new RegExp(`\\b(${[...new Set(old)].join('|')})\\b`);
    // Case matters here: the old names in capitals (FPDM) against the new ones (fpdm); SQL keywords are not among them.
    const kept = db.prepare(`SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL`).all() as Array<{ type: string; name: string; sql: string }>;
    expect(kept.filter((entry) => naming.test(entry.sql)).map((entry) => `${entry.type} ${entry.name}`)).toEqual([]);
  });

  it('keeps the search in step: an invoice indexed before is found, one changed or added after is re-indexed', () => {
    const { db, kept } = before();
    expect(found(db, '云栖商贸')).toEqual(['00067001']);
    expect(found(db, '打印纸')).toEqual(['00067001', '00067002']);
    // The seller renamed (collected_invoice_fts_update, UPDATE OF the renamed columns).
    db.prepare(`UPDATE collected_invoice SET xhfmc = '苏州星河电子有限公司' WHERE id = ?`).run(kept);
    expect(found(db, '云栖商贸')).toEqual([]);
    expect(found(db, '星河电子')).toEqual(['00067001']);
    // A new invoice with its lines, indexed when its line count is set (collected_invoice_fts_first).
    const id = insert(db, 'collected_invoice', { environment: 'sandbox', enterprise: BUYER, fplxdm: '01', fpdm: '', fphm: '00067003', xhfmc: '无锡新线材料有限公司', record_json: '{}', collected_at: T1 });
    insert(db, 'collected_invoice_line', { invoice_id: id, xh: 1, spmc: '*金属制品*不锈钢螺栓', je: '20.00' });
    db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE id = ?`).run(id);
    expect(found(db, '不锈钢')).toEqual(['00067003']);
    // Lines replaced (collected_invoice_fts_lines), then the invoice deleted (collected_invoice_fts_delete).
    db.prepare(`UPDATE collected_invoice_line SET spmc = '*金属制品*铜螺母' WHERE invoice_id = ?`).run(id);
    db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE id = ?`).run(id);
    expect(found(db, '不锈钢')).toEqual([]);
    expect(found(db, '铜螺母')).toEqual(['00067003']);
    db.prepare(`DELETE FROM collected_invoice WHERE id = ?`).run(id);
    expect(found(db, '铜螺母')).toEqual([]);
    expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  });

  it('keeps the indexes usable and the keys and checks holding under the new names', () => {
    const { db } = before();
    // The partial index's WHERE names rzzt: INDEXED BY fails unless the planner can use it.
    const certified = db.prepare(`SELECT fphm FROM collected_invoice INDEXED BY collected_invoice_certified WHERE environment = 'sandbox' AND enterprise = ? AND rzzt = '1'`);
    expect(certified.all(BUYER)).toEqual([{ fphm: '00067001' }]);
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('; ');
    expect(plan(`SELECT batch_id FROM certification_item WHERE fphm = '00067001' AND fpdm = '3100231130'`)).toContain('certification_item_invoice');
    const row = { environment: 'sandbox', fplxdm: '01', fpdm: '3100231130', fphm: '00067001', record_json: '{}', collected_at: T1 };
    expect(() => insert(db, 'collected_invoice', row)).toThrow(/UNIQUE/);
    expect(() => insert(db, 'enterprise', { environment: 'sandbox', tax_number: BUYER, agency_name: '重复', created_at: T1, updated_at: T1 })).toThrow(/UNIQUE/);
    expect(() => insert(db, 'enterprise', { environment: 'remote', tax_number: BUYER, agency_name: '身份', tax_user_login_identity: '9', created_at: T1, updated_at: T1 })).toThrow(/CHECK/);
    expect(() => insert(db, 'certification_item', { batch_id: 1, fpdm: '1', fphm: '2', fplxdm: '01', sqrzlx: '9', yxse: '' })).toThrow(/CHECK/);
    expect(() =>
      insert(db, 'collection_run', { environment: 'sandbox', enterprise: BUYER, kind: '01', pch: 'R'.repeat(32), cjksrq: 'a', cjjsrq: 'b', status: 'done', created_at: T1, updated_at: T1 }),
    ).toThrow(/UNIQUE/);
    expect(db.prepare(`SELECT tax_user_login_identity FROM enterprise WHERE tax_number = ?`).get(BUYER)).toEqual({ tax_user_login_identity: '1' });
  });

  // A new desk's file (its renamed tables empty: made again under the new names) and one with rows (renamed in place).
  it.each([
    ['empty', false],
    ['holding rows', true],
  ])('leaves what the plain renames leave, tables %s, the triggers it put aside back in their order and firing', (_kind, withRows) => {
    const schemaOf = (db: Database.Database) => db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name`).all();
    // Per table, its triggers in the order SQLite loads them (creation order, which sets the order they fire in).
    const triggerOrder = (db: Database.Database) =>
      (db.prepare(`SELECT tbl_name, name FROM sqlite_schema WHERE type = 'trigger' ORDER BY tbl_name, rowid`).all() as Array<{ tbl_name: string; name: string }>).map(
        (row) => `${row.tbl_name}.${row.name}`,
      );
    const withInvoice = (db: Database.Database) => {
      if (withRows) insert(db, 'collected_invoice', { environment: 'sandbox', FPLXDM: '01', FPDM: '3100231130', FPHM: '00067001', XHFMC: '杭州云栖商贸有限公司', record_json: '{}', collected_at: T1 });
    };
    const plain = files.at(660);
    withInvoice(plain.db);
    plain.db.transaction(() => renameDeskColumns(plain.db))();
    const step = files.at(660);
    withInvoice(step.db);
    const aside = (step.db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'issued_invoice'`).get() as { n: number }).n;
    expect(aside, 'the issued invoices have triggers this step puts aside').toBeGreaterThan(0);
    step.migrateTo(670, columnRenames(step.db, snake));
    expect(schemaOf(step.db)).toEqual(schemaOf(plain.db));
    expect(triggerOrder(step.db)).toEqual(triggerOrder(plain.db));
    // The month-end totals (0620's triggers on issued invoices and their lines) still follow an invoice issued after.
    const invoice = insert(step.db, 'issued_invoice', {
      lsh: 'L67001', environment: 'sandbox', fplxdm: '026', kplx: '0', xhdwsbh: BUYER, xhdwmc: '上海示例科技有限公司', ghdwmc: '杭州云栖商贸有限公司',
      jshj: '113.00', hjse: '13.00', status: 'issued', request_json: '{}', fphm: '00067001', kprq: '20250302080000', created_at: T1, updated_at: T1,
    });
    insert(step.db, 'issued_invoice_line', { invoice_id: invoice, line_no: 1, spmc: '*纸制品*打印纸', spbm: '1060201', spsl: '1', dj: '113.00', je: '113.00', sl: '0.13', se: '13.00' });
    const sales = step.db.prepare(`SELECT sum(invoices) AS invoices, sum(amount_fen) AS amount FROM output_period_sales WHERE seller = ? AND lines = 0`).get(BUYER);
    expect(sales).toEqual({ invoices: 1, amount: 10000 });
  });
});
