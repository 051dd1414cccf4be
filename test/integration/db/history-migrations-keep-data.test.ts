/**
 * Every migration of the history database keeps the clerk's data (test/support/migration-harness.ts):
 * a real file at N−1 holding realistic rows of every table that exists by then, migrated to N, checked
 * row by row, then read and extended through what N adds. A new migration adds its `it` here and its
 * rows to SEEDS.
 */
// One file by rule (every migration's step, SEEDS checked against the list), so it grows by one step per
// migration; a step's detailed cases go to their own file (e.g. libraries-per-enterprise-migration.test.ts).
/* eslint-disable max-lines */
import type Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { latestVersion, migrate } from '../../../main/db/migrate.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { columnRenames, migrationFiles, type MigrationStep } from '../../support/migration-harness.js';

const files = migrationFiles(migrations);
const T0 = '2025-03-01T01:02:03.000Z';
const T1 = '2025-03-02T08:00:00.000Z';
const XINGHE = '91110105MA01ABCD13';
const SELLER = '91310000MA1FL8XQ5D';
const OTHER_SELLER = '91440300MA5G00000X';

const insert = (db: Database.Database, table: string, row: Record<string, unknown>) =>
  Number(
    db
      .prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((k) => `@${k}`).join(', ')})`)
      .run(row).lastInsertRowid,
  );
const idOf = (db: Database.Database, sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { id: number }).id;

/** Realistic rows for the tables each migration creates, written with that migration's columns only. */
const SEEDS: Record<number, (db: Database.Database) => void> = {
  10: (db) => {
    const invoice = (lsh: string, fplxdm: string, status: string, extra: Record<string, unknown>) =>
      insert(db, 'issued_invoice', {
        lsh, environment: 'sandbox', fplxdm, kplx: '0', xhdwsbh: SELLER, xhdwmc: '上海示例科技有限公司', ghdwmc: '北京星河贸易有限公司',
        ghdwsbh: XINGHE, jshj: '226.00', hjse: '26.00', status, request_json: JSON.stringify({ lsh, fplxdm }), created_at: T0, updated_at: T1, ...extra,
      });
    const blue = invoice('L20250301000001', '82', 'issued', { fphm: '25312000000000012345', kprq: '20250301010203', pdf_url: 'http://127.0.0.1/f.pdf' });
    invoice('L20250301000002', '004', 'issued', { fpdm: '3100231130', fphm: '00012345', kprq: '20250301', jym: '12345678901234567890' });
    invoice('L20250301000003', '026', 'failed', { error_code: '3001', error_message: '购方税号有误' });
    const line = db.prepare(`INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES (?, ?, ?, '3040201030000000000', ?, ?, ?, '0.13', ?)`);
    line.run(blue, 1, '*信息技术服务*软件维护', '2', '56.50', '113.00', '13.00');
    line.run(blue, 2, '*信息技术服务*咨询', '1', '113.00', '113.00', '13.00');
  },
  20: (db) => {
    insert(db, 'outbox', { kind: 'issue', serial: 'L20250301000001', request_json: '{"lsh":"L20250301000001"}', state: 'done', attempts: 1, next_attempt_at: 0, created_at: T0, updated_at: T1 });
    insert(db, 'outbox', { kind: 'issue', serial: 'L20250301000009', request_json: '{"lsh":"L20250301000009"}', state: 'pending', attempts: 3, next_attempt_at: 1740790923000, last_error: 'timeout', created_at: T0, updated_at: T1 });
  },
  30: (db) => {
    insert(db, 'setting', { key: 'service.sandbox.baseUrl', value: '"http://127.0.0.1:8787"', updated_at: T0 });
    insert(db, 'secret', { name: 'remote.appSecret', sealed: Buffer.from([0x76, 0x31, 0, 255, 7]), backend: 'safeStorage', updated_at: T0 });
  },
  40: (db) => {
    insert(db, 'request_log', { environment: 'sandbox', endpoint: 'POST /output/openApi/issue', serial: 'L20250301000001', outcome: 'answered', http_status: 200, service_code: '0', duration_ms: 84, at: T0 });
    insert(db, 'request_log', { environment: 'remote', endpoint: 'GET /openApi/agency', outcome: 'timeout', duration_ms: 10000, at: T1 });
  },
  50: (db) => {
    insert(db, 'red_letter_form', {
      lsh: 'R20250302000001', environment: 'sandbox', fplxdm: '82', fphm: '25312000000000012345', sqly: '0', chyydm: '2', xhdwsbh: SELLER,
      xhdwmc: '上海示例科技有限公司', ghdwsbh: XINGHE, ghdwmc: '北京星河贸易有限公司', hjje: '-100.00', hjse: '-13.00', jshj: '-113.00',
      status: 'approved', xxbbh: '3100000000000001', request_json: '{}', created_at: T0, updated_at: T1,
    });
  },
  60: (db) => {
    const paper = idOf(db, `SELECT id FROM issued_invoice WHERE fplxdm = '004'`);
    insert(db, 'print_job', { environment: 'sandbox', issued_invoice_id: paper, fplxdm: '004', fpdm: '3100231130', fphm: '00012345', dylx: '0', printer: 'PDF', status: 'printed', created_at: T0, updated_at: T1 });
    insert(db, 'printer_calibration', { printer: 'PDF', down_mm: '-1.5', right_mm: '2.25', updated_at: T0 });
  },
  70: (db) => {
    insert(db, 'received_invoice', {
      environment: 'sandbox', file_hash: 'c0ffee', file_name: '发票.pdf', file_type: 'pdf', source: 'qr', FPLXDM: '10', FPDM: '044002300111', FPHM: '12345678',
      KPRQ: '20250228', JYM: '12345', HJJE: '100.00', HJSE: '6.00', JSHJ: '106.00', XHFMC: '广州云栖餐饮有限公司', data_json: '{"FPHM":"12345678"}', status: 'recognised',
      created_at: T0, updated_at: T1,
    });
  },
  80: (db) => {
    const received = idOf(db, `SELECT id FROM received_invoice`);
    insert(db, 'verification', { environment: 'sandbox', received_invoice_id: received, fpzl: '10', fpdm: '044002300111', fphm: '12345678', kprq: '20250228', jym: '12345', code: '0001', cycs: '1', verified_at: T1 });
  },
  90: (db) => {
    const id = insert(db, 'collected_invoice', {
      environment: 'sandbox', FPLXDM: '01', FPDM: '3100231130', FPHM: '00054321', KPRQ: '2025-02-27 10:00:00', issue_date: '2025-02-27', GMFMC: '上海示例科技有限公司',
      GMFSBH: SELLER, XHFMC: '杭州云栖商贸有限公司', XHFSBH: '91330106MA2H7X8Y2Q', HJJE: '1000.00', SE: '130.00', JSHJ: '1130.00', FPZT: '0', RZZT: '0', record_json: '{}', collected_at: T1,
    });
    insert(db, 'collected_invoice_line', { invoice_id: id, XH: 1, SPMC: '*纸制品*打印纸', SPBM: '1060201070000000000', SPSL: '40', DJ: '25.00', JE: '1000.00', SL: '0.13', SE: '130.00' });
  },
  100: (db) => {
    const batch = insert(db, 'certification_batch', { environment: 'sandbox', PCH: 'P202503010001', GMFSBH: SELLER, SQSKSSQ: '202502', FHHS: 1, status: 'done', ZTDM: '0', request_json: '{}', created_at: T0, updated_at: T1 });
    insert(db, 'certification_item', { batch_id: batch, FPDM: '3100231130', FPHM: '00054321', FPLXDM: '01', SQRZLX: '1', YXSE: '130.00', RZZT: '1' });
  },
  110: (db) => {
    insert(db, 'enterprise', { environment: 'sandbox', taxNumber: SELLER, agencyName: '上海示例科技有限公司', address: '上海市浦东新区', is_current: 1, created_at: T0, updated_at: T1 });
    insert(db, 'enterprise', { environment: 'remote', taxNumber: SELLER, agencyName: '上海示例科技有限公司', is_current: 0, created_at: T0, updated_at: T1 });
  },
  120: (db) => {
    insert(db, 'customer', { environment: 'sandbox', ghdwmc: '北京星河贸易有限公司', ghdwsbh: XINGHE, ghdwdzdh: '北京市朝阳区 010-88886666', email: 'a@xinghe.example.com', created_at: T0, updated_at: T1 });
    insert(db, 'customer', { environment: 'remote', ghdwmc: '张三', created_at: T0, updated_at: T1 });
    insert(db, 'product', { environment: 'sandbox', spmc: '打印纸', spbm: '1060201070000000000', ggxh: 'A4', dw: '箱', dj: '25.00', sl: '0.13', created_at: T0, updated_at: T1 });
  },
  130: () => {},
  140: (db) => {
    insert(db, 'issuance_draft', { environment: 'sandbox', fplxdm: '82', ghdwmc: '北京星河贸易有限公司', jshj: '113.00', content: '{"buyerName":"北京星河贸易有限公司","lines":[{}]}', created_at: T0, updated_at: T1 });
  },
  150: (db) => {
    const batch = insert(db, 'batch', { environment: 'sandbox', file_name: '三月.xlsx', created_at: T0 });
    insert(db, 'batch_row', { batch_id: batch, seq: 1, first_row: 2, last_row: 3, ghdwmc: '北京星河贸易有限公司', jshj: '226.00', draft_json: '{}', valid: 1, lsh: 'B20250301000001' });
    insert(db, 'batch_row', { batch_id: batch, seq: 2, first_row: 4, last_row: 4, errors_json: '[{"column":"税率"}]', valid: 0 });
  },
  160: (db) => {
    const blue = idOf(db, `SELECT id FROM issued_invoice WHERE lsh = 'L20250301000001'`);
    const red = insert(db, 'issued_invoice', {
      lsh: 'L20250302000001', environment: 'sandbox', fplxdm: '82', kplx: '1', xhdwsbh: SELLER, xhdwmc: '上海示例科技有限公司', ghdwmc: '北京星河贸易有限公司',
      jshj: '-113.00', hjse: '-13.00', status: 'queued', request_json: '{}', created_at: T1, updated_at: T1,
    });
    insert(db, 'red_reversal', { red_invoice_id: red, blue_invoice_id: blue, amount: '113.00', chyydm: '2', created_at: T1 });
  },
  260: (db) => {
    insert(db, 'collection_run', { environment: 'sandbox', enterprise: SELLER, kind: '01', PCH: 'P'.padEnd(32, '0'), CJKSRQ: '20250301000000', CJJSRQ: '20250301235959', status: 'running', created_at: T1, updated_at: T1 });
    const collected = idOf(db, `SELECT id FROM collected_invoice`);
    insert(db, 'collected_invoice_change', { invoice_id: collected, field: 'RZZT', old_value: '0', new_value: '1', source: 'certification', changed_at: T1 });
  },
  // Print's and intake's own rows are written by their feature tests (test/integration/db/print-migration.test.ts,
  // the intake tests); here the step checks every earlier row is kept.
  200: () => {}, 230: () => {},
  300: (db) => {
    insert(db, 'invoice_template', { name: '星河月结', fplxdm: '026', ghdwmc: '北京星河贸易有限公司', content: '{"invoiceType":"026"}', created_at: T1, updated_at: T1 });
  },
  330: () => {},
  // A draft written for one enterprise; how drafts without one stay visible: test/integration/db/enterprise-scoping-migration.test.ts.
  340: (db) => {
    insert(db, 'issuance_draft', { environment: 'sandbox', fplxdm: '026', ghdwmc: '上海一企', jshj: '1.00', content: '{}', created_at: T1, updated_at: T1, enterprise: SELLER });
  },
  350: (db) => {
    insert(db, 'issued_invoice', {
      lsh: 'L20250303000001', environment: 'sandbox', fplxdm: '026', kplx: '0', xhdwsbh: OTHER_SELLER, xhdwmc: '深圳另一家有限公司', ghdwmc: '杭州星河科技有限公司',
      jshj: '10.00', hjse: '1.00', status: 'issued', request_json: '{}', created_at: T1, updated_at: T1,
    });
  },
  390: () => {},
  410: (db) => {
    insert(db, 'received_invoice', {
      environment: 'sandbox', file_hash: 'beef01', file_name: '发票2.pdf', file_type: 'pdf', source: 'qr', FPLXDM: '10', FPDM: '044002300111', FPHM: '12345679',
      KPRQ: '20250301', HJJE: '50.00', HJSE: '3.00', JSHJ: '53.00', XHFMC: '广州云栖餐饮有限公司', data_json: '{}', status: 'recognised', created_at: T1, updated_at: T1,
    });
    insert(db, 'collected_invoice', {
      environment: 'sandbox', enterprise: SELLER, FPLXDM: '01', FPDM: '3100231130', FPHM: '00054322', KPRQ: '2025-02-27 11:00:00', issue_date: '2025-02-27', GMFMC: '上海示例科技有限公司',
      GMFSBH: SELLER, XHFMC: '杭州云栖商贸有限公司', XHFSBH: '91330106MA2H7X8Y2Q', HJJE: '10.00', SE: '1.30', JSHJ: '11.30', FPZT: '0', RZZT: '0', record_json: '{}', collected_at: T1,
    });
  },
  420: (db) => {
    insert(db, 'printer_calibration', { printer: 'Epson-LQ', down_mm: '0.5', right_mm: '-0.3', form_edition: 'bw', updated_at: T1 });
  },
  430: (db) => insert(db, 'received_invoice', { environment: 'sandbox', file_hash: 'c43001', file_name: 'c.pdf', file_type: 'pdf', source: 'qr', data_json: '{}', status: 'verified', created_at: T1, updated_at: T1, enterprise: SELLER, verify_state: 'not-found' }),
  460: (db) => { // the same buyer and template name in another enterprise too (identities per enterprise)
    insert(db, 'customer', { environment: 'sandbox', enterprise: OTHER_SELLER, ghdwmc: '北京星河贸易有限公司', ghdwsbh: XINGHE, created_at: T1, updated_at: T1 });
    insert(db, 'invoice_template', { enterprise: OTHER_SELLER, name: '星河月结', fplxdm: '026', ghdwmc: '北京星河贸易有限公司', content: '{}', created_at: T1, updated_at: T1 });
  },
  // An invoice written the way the collection repo writes since 0480: lines, then its line count.
  480: (db) => {
    const id = insert(db, 'collected_invoice', {
      environment: 'sandbox', enterprise: SELLER, FPLXDM: '01', FPDM: '3100231130', FPHM: '00054323', KPRQ: '20250228', issue_date: '2025-02-28', GMFSBH: SELLER,
      XHFMC: '宁波海曙五金有限公司', XHFSBH: '91330203MA2AB3CD4E', HJJE: '20.00', SE: '2.60', JSHJ: '22.60', FPZT: '0', RZZT: '0', record_json: '{}', collected_at: T1,
    });
    insert(db, 'collected_invoice_line', { invoice_id: id, XH: 1, SPMC: '*金属制品*不锈钢螺栓', JE: '20.00', SL: '13', SE: '2.60' });
    db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE id = ?`).run(id);
  },
  500: (db) => {
    insert(db, 'clerk', { name: '王管理', role: 'admin', pin_hash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', created_at: T1, updated_at: T1 });
    insert(db, 'customer', { environment: 'sandbox', enterprise: SELLER, ghdwmc: '签名客户有限公司', created_at: T1, updated_at: T1, created_by: '王管理', updated_by: '王管理' });
  },
  530: (db) => {
    const row = { environment: 'remote', file_type: 'pdf', source: 'qr', FPHM: '00053001', data_json: '{}', status: 'recognised', created_at: T1, updated_at: T1, enterprise: SELLER, invoice_key: '01::00053001' };
    const first = insert(db, 'received_invoice', { ...row, file_hash: 'c53001', original_key: '01::00053001' });
    insert(db, 'received_invoice', { ...row, file_hash: 'c53002', duplicate_of: first });
  },
  590: (db) => {
    insert(db, 'audit_event', { at: T1, actor: '王管理', desk: 'desk-a', action: 'clerk.created', aggregate: 'clerk', record_ids: '["1"]', detail: '{"role":"admin"}' });
  },
  600: (db) => {
    insert(db, 'issuance_draft', { environment: 'sandbox', enterprise: SELLER, fplxdm: '026', ghdwmc: '送审客户有限公司', jshj: '56.50', content: '{}', created_at: T1, updated_at: T1, review_state: 'pending', requested_by: '李开票', requested_at: T1 });
  },
  610: (db) => {
    const id = insert(db, 'issued_invoice', {
      lsh: 'L20250302000610', environment: 'sandbox', fplxdm: '82', kplx: '0', xhdwsbh: SELLER, xhdwmc: '上海示例科技有限公司', ghdwmc: '北京星河贸易有限公司',
      jshj: '1050.00', hjse: '30.00', status: 'issued', request_json: '{}', created_at: T1, updated_at: T1,
    });
    insert(db, 'issued_invoice_line', { invoice_id: id, line_no: 1, spmc: '*经纪代理服务*旅游代理', spbm: '3040802000000000000', spsl: '1', dj: '1050', je: '1050.00', sl: '0.06', se: '30.00', lslbs: '4', kce: '520.00' });
  },
  // Written as the issuance repo writes since 0620: queued with its lines (one a discount), then issued.
  620: (db) => {
    const id = insert(db, 'issued_invoice', {
      lsh: 'L20250303000620', environment: 'sandbox', fplxdm: '026', kplx: '0', xhdwsbh: SELLER, xhdwmc: '上海示例科技有限公司', ghdwmc: '北京星河贸易有限公司',
      jshj: '95.40', hjse: '5.40', status: 'queued', request_json: '{}', created_at: T1, updated_at: T1,
    });
    insert(db, 'issued_invoice_line', { invoice_id: id, line_no: 1, spmc: '*信息技术服务*软件维护', spbm: '3040201030000000000', spsl: '1', dj: '106', je: '106.00', sl: '0.06', se: '6.00' });
    insert(db, 'issued_invoice_line', { invoice_id: id, line_no: 2, spmc: '*信息技术服务*软件维护', spbm: '', spsl: '', dj: '', je: '-10.60', sl: '0.06', se: '-0.60' });
    db.prepare(`UPDATE issued_invoice SET status = 'issued', kprq = '2025-03-03T10:00:00.000+0800' WHERE id = ?`).run(id);
  },
  630: (db) => {
    insert(db, 'clerk_lockout', { name: '李开票', failures: 5, last_try_at: T1, locked_at: T1 });
  },
  660: (db) => {
    insert(db, 'clerk_sign_in_guard', { name: '王管理', failures: 1, last_failure: T1 });
  },
  // Written with 0670's names: the team's lower snake case.
  670: (db) => {
    insert(db, 'enterprise', { environment: 'sandbox', tax_number: OTHER_SELLER, agency_name: '深圳另一家有限公司', tax_user_login_identity: '2', created_at: T1, updated_at: T1 });
    const id = insert(db, 'collected_invoice', {
      environment: 'sandbox', enterprise: SELLER, fplxdm: '01', fpdm: '3100231130', fphm: '00067001', kprq: '20250303', issue_date: '2025-03-03', gmfsbh: SELLER,
      xhfmc: '苏州六七零电子有限公司', xhfsbh: '91320500MA1X2Y3Z4W', hjje: '30.00', se: '3.90', jshj: '33.90', fpzt: '0', rzzt: '0', record_json: '{}', collected_at: T1,
    });
    insert(db, 'collected_invoice_line', { invoice_id: id, xh: 1, spmc: '*电子元件*电阻', je: '30.00', sl: '0.13', se: '3.90' });
    db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE id = ?`).run(id);
  },
  640: (db) => {
    const clerk = (db.prepare(`SELECT id FROM clerk ORDER BY id LIMIT 1`).get() as { id: number }).id;
    insert(db, 'clerk_enterprise', { clerk_id: clerk, enterprise: SELLER });
  },
};

/** A file at version `from` holding the rows of every migration up to it. */
function seededAt(from: number): MigrationStep {
  const step = files.at(from);
  for (const m of migrations) if (m.version <= from) SEEDS[m.version]!(step.db);
  return step;
}
const previous = (version: number) => migrations.filter((m) => m.version < version).reduce((max, m) => Math.max(max, m.version), 0);
const count = (db: Database.Database, table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** N−1 → N with every row kept, then N's own rows written next to them. */
function step(version: number): MigrationStep {
  const at = seededAt(previous(version));
  const kept = at.migrateTo(version);
  for (const [table, n] of Object.entries(kept.rows)) expect(count(at.db, table), table).toBe(n);
  SEEDS[version]!(at.db);
  return at;
}

// ---- 0620: a month of sales kept before the migration, and the test's own copy of it ----

// Tax classification codes: the first digit is the class (1 goods, 2 加工修理修配劳务, 3 services, 5 不动产, 6 not a sale).
const PAPER = '1060201070000000000';
const REPAIR = '2010000000000000000';
const IT = '3040201030000000000';
const TRAVEL = '3040802000000000000';
const BUILDING = '5010101000000000000';
const PREPAID = '6010000000000000000';
const MONTH_SELLER = '91330100MA2B3C4D5E';

interface MonthLine {
  spbm: string;
  je: string;
  sl: string;
  se?: string;
  lslbs?: string | null;
  zzstsgl?: string | null;
  kce?: string | null;
  no?: number;
  gone?: boolean;
}
interface MonthInvoice {
  lsh: string;
  fplxdm: string;
  kplx?: string;
  kprq: string;
  /** Its month in China time, worked out by hand from kprq. */
  month: string;
  zflx?: string;
  status?: string;
  lines: MonthLine[];
  /** The invoice's own totals as written when it was issued (a later change of a line leaves them). */
  jshj?: string;
  hjse?: string;
}

/** The service's tax of a line including tax, to the fen: je × sl / (1 + sl), of je − kce on a 差额征税 line. */
const lineTaxOf = (line: MonthLine) =>
  new Decimal(line.je).minus(line.lslbs === '4' && line.kce ? line.kce : 0).times(line.sl).dividedBy(new Decimal(line.sl).plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * One enterprise's November 2026, as the desk would have kept it under 0610: every levy, a discount line,
 * red, voided, failed, the month's last instant in China and the first of December.
 */
function salesMonth() {
  const invoices: MonthInvoice[] = [
    { lsh: 'M1', fplxdm: '004', kprq: '2026-11-05T10:00:00.000+0800', month: '202611', lines: [
      { spbm: PAPER, je: '113.00', sl: '0.13' }, { spbm: TRAVEL, je: '109.00', sl: '0.09' }, { spbm: REPAIR, je: '56.50', sl: '0.13' },
    ] },
    { lsh: 'M2', fplxdm: '82', kprq: '2026-11-30T23:59:59+08:00', month: '202611', lines: [
      { spbm: IT, je: '318.00', sl: '0.06' }, { spbm: '', je: '-31.80', sl: '0.06' }, { spbm: PAPER, je: '103.00', sl: '0.03', lslbs: '5' }, { spbm: PAPER, je: '101.00', sl: '0.01', lslbs: '6' },
    ] },
    { lsh: 'M3', fplxdm: '026', kprq: '2026-11-30T16:30:00.000Z', month: '202612', lines: [
      { spbm: PAPER, je: '500.00', sl: '0.00', lslbs: '1' }, { spbm: PREPAID, je: '200.00', sl: '0.00', lslbs: '2' }, { spbm: PAPER, je: '300.00', sl: '0.00', lslbs: '3' },
    ] },
    { lsh: 'M4', fplxdm: '82', kprq: '2026-11-12T10:00:00.000+0800', month: '202611', lines: [
      { spbm: TRAVEL, je: '1050.00', sl: '0.06', lslbs: '4', kce: '520.00' }, { spbm: PAPER, je: '226.00', sl: '0.13', zzstsgl: '06' },
    ] },
    { lsh: 'M5', fplxdm: '82', kplx: '1', kprq: '2026-11-20T10:00:00.000+0800', month: '202611', lines: [{ spbm: TRAVEL, je: '-525.00', sl: '0.06', lslbs: '4', kce: '-260.00' }] },
    { lsh: 'M6', fplxdm: '026', zflx: '1', kprq: '2026-11-08T10:00:00.000+0800', month: '202611', lines: [{ spbm: IT, je: '106.00', sl: '0.06' }] },
    { lsh: 'M7', fplxdm: '007', status: 'failed', kprq: '2026-11-09T10:00:00.000+0800', month: '202611', lines: [{ spbm: PAPER, je: '113.00', sl: '0.13' }] },
    { lsh: 'M8', fplxdm: '82', kprq: '2026-11-25T10:00:00.000+0800', month: '202611', lines: [{ spbm: BUILDING, je: '1050.00', sl: '0.05', lslbs: '5' }] },
  ];
  const live = (invoice: MonthInvoice) => invoice.lines.filter((line) => !line.gone).sort((a, b) => a.no! - b.no!);
  /** Writes an invoice as the issuance repo does: queued, its lines, then issued (or its final status). */
  const issue = (db: Database.Database, invoice: MonthInvoice, own = true) => {
    invoice.lines.forEach((line, n) => Object.assign(line, { no: n + 1, se: lineTaxOf(line), lslbs: line.lslbs ?? null, zzstsgl: line.zzstsgl ?? null, kce: line.kce ?? null }));
    if (own) invoices.push(invoice);
    invoice.jshj = invoice.lines.reduce((sum, line) => sum.plus(line.je), new Decimal(0)).toFixed(2);
    invoice.hjse = invoice.lines.reduce((sum, line) => sum.plus(line.se!), new Decimal(0)).toFixed(2);
    const id = insert(db, 'issued_invoice', {
      lsh: invoice.lsh, environment: 'sandbox', fplxdm: invoice.fplxdm, kplx: invoice.kplx ?? '0', xhdwsbh: MONTH_SELLER, xhdwmc: '杭州测试有限公司', ghdwmc: '北京星河贸易有限公司',
      jshj: invoice.jshj, hjse: invoice.hjse, status: 'queued', request_json: '{}', created_at: T1, updated_at: T1,
    });
    for (const line of invoice.lines) {
      const discount = line.spbm === '';
      insert(db, 'issued_invoice_line', {
        invoice_id: id, line_no: line.no, spmc: discount ? '折扣' : '*货物或服务*名称', spbm: line.spbm, spsl: discount ? '' : '1', dj: discount ? '' : line.je,
        je: line.je, sl: line.sl, se: line.se, lslbs: line.lslbs, zzstsgl: line.zzstsgl, kce: line.kce,
      });
    }
    db.prepare(`UPDATE issued_invoice SET status = ?, kprq = ?, zflx = ? WHERE id = ?`).run(invoice.status ?? 'issued', invoice.kprq, invoice.zflx ?? null, id);
  };
  /** The totals this month must have, worked out from the invoices above (never from the file). */
  const expected = () => {
    const rows = new Map<string, Record<string, string | number>>();
    const add = (invoice: MonthInvoice, key: { rate: string; levy: string; category: string; refund: number }, sums: { invoices: number; lines: number; amount: Decimal.Value; tax: Decimal.Value; deduction: Decimal.Value }) => {
      const head = { month: invoice.month, fplxdm: invoice.fplxdm, kplx: invoice.kplx ?? '0', voided: invoice.zflx ? 1 : 0, ...key };
      const id = JSON.stringify(head);
      const row = rows.get(id) ?? { ...head, invoices: 0, lines: 0, amount_fen: 0, tax_fen: 0, deduction_fen: 0 };
      const fen = (value: Decimal.Value) => new Decimal(value).times(100).toNumber();
      rows.set(id, {
        ...row,
        invoices: Number(row.invoices) + sums.invoices,
        lines: Number(row.lines) + sums.lines,
        amount_fen: Number(row.amount_fen) + fen(sums.amount),
        tax_fen: Number(row.tax_fen) + fen(sums.tax),
        deduction_fen: Number(row.deduction_fen) + fen(sums.deduction),
      });
    };
    for (const invoice of invoices) {
      if ((invoice.status ?? 'issued') !== 'issued') continue;
      add(invoice, { rate: '', levy: '', category: '', refund: 0 }, { invoices: 1, lines: 0, amount: new Decimal(invoice.jshj!).minus(invoice.hjse!), tax: invoice.hjse!, deduction: 0 });
      const lines = live(invoice);
      for (const line of lines) {
        const above = lines.find((other) => other.no === line.no! - 1);
        const category = (line.spbm === '' ? (above?.spbm ?? '') : line.spbm).slice(0, 1);
        add(
          invoice,
          { rate: line.sl, levy: line.lslbs ?? '', category, refund: line.zzstsgl === '06' ? 1 : 0 },
          { invoices: 0, lines: 1, amount: new Decimal(line.je).minus(line.se!), tax: line.se!, deduction: line.kce ?? 0 },
        );
      }
    }
    return [...rows.values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  };
  const sales = (db: Database.Database) =>
    (
      db
        .prepare(
          `SELECT month, fplxdm, kplx, voided, rate, levy, category, refund, invoices, lines, amount_fen, tax_fen, deduction_fen FROM output_period_sales
            WHERE seller = ? AND NOT (invoices = 0 AND lines = 0 AND amount_fen = 0 AND tax_fen = 0 AND deduction_fen = 0)`,
        )
        .all(MONTH_SELLER) as Array<Record<string, string | number>>
    ).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    invoices,
    write: (db: Database.Database) => {
      for (const invoice of invoices) issue(db, invoice, false);
    },
    issue,
    expected,
    sales,
  };
}

describe('history migrations keep data', () => {
  it('has a test for every migration', () => {
    expect(Object.keys(SEEDS).map(Number)).toEqual(migrations.map((m) => m.version));
    expect(latestVersion(migrations)).toBe(Math.max(...Object.keys(SEEDS).map(Number)));
  });

  it('0010 issued-invoices: from an empty file; invoices and lines survive a reopen', () => {
    const at = step(10);
    at.reopen();
    expect(at.db.prepare(`SELECT lsh, status FROM issued_invoice ORDER BY id`).all()).toEqual([
      { lsh: 'L20250301000001', status: 'issued' },
      { lsh: 'L20250301000002', status: 'issued' },
      { lsh: 'L20250301000003', status: 'failed' },
    ]);
    expect(count(at.db, 'issued_invoice_line')).toBe(2);
  });

  it('0020 outbox: invoices kept; an outbox row sits beside its invoice', () => {
    const at = step(20);
    expect(at.db.prepare(`SELECT i.status, o.state FROM outbox o JOIN issued_invoice i ON i.lsh = o.serial`).all()).toEqual([{ status: 'issued', state: 'done' }]);
  });

  it('0030 settings-and-secrets: sealed blobs stored byte for byte', () => {
    const at = step(30);
    expect(at.db.prepare(`SELECT sealed FROM secret`).get()).toEqual({ sealed: Buffer.from([0x76, 0x31, 0, 255, 7]) });
    expect(count(at.db, 'outbox')).toBe(2);
  });

  it('0040 request-log: earlier settings, outbox and invoices kept', () => {
    const at = step(40);
    expect(count(at.db, 'request_log')).toBe(2);
    expect(at.db.prepare(`SELECT value FROM setting`).get()).toEqual({ value: '"http://127.0.0.1:8787"' });
  });

  it('0050 red-letter-forms: a form names its blue invoice by number', () => {
    const at = step(50);
    expect(at.db.prepare(`SELECT i.lsh FROM red_letter_form f JOIN issued_invoice i ON i.fphm = f.fphm`).get()).toEqual({ lsh: 'L20250301000001' });
  });

  it('0060 print-jobs: a job points at an invoice written before the migration', () => {
    const at = step(60);
    expect(at.db.prepare(`SELECT i.fphm FROM print_job p JOIN issued_invoice i ON i.id = p.issued_invoice_id`).get()).toEqual({ fphm: '00012345' });
  });

  it('0070 received-invoices: everything earlier kept', () => {
    const at = step(70);
    expect(at.db.prepare(`SELECT XHFMC, JSHJ FROM received_invoice`).get()).toEqual({ XHFMC: '广州云栖餐饮有限公司', JSHJ: '106.00' });
  });

  it('0080 verifications: linked to a received file from before', () => {
    const at = step(80);
    expect(at.db.prepare(`SELECT r.file_name FROM verification v JOIN received_invoice r ON r.id = v.received_invoice_id`).get()).toEqual({ file_name: '发票.pdf' });
  });

  it('0090 collected-invoices: everything earlier kept', () => {
    const at = step(90);
    expect(count(at.db, 'collected_invoice_line')).toBe(1);
    expect(count(at.db, 'verification')).toBe(1);
  });

  it('0100 certification: items name collected invoices from before', () => {
    const at = step(100);
    expect(at.db.prepare(`SELECT c.XHFMC FROM certification_item i JOIN collected_invoice c ON c.FPHM = i.FPHM`).get()).toEqual({ XHFMC: '杭州云栖商贸有限公司' });
  });

  it('0110 enterprises: one current per environment, alongside everything earlier', () => {
    const at = step(110);
    expect(at.db.prepare(`SELECT environment FROM enterprise WHERE is_current = 1`).all()).toEqual([{ environment: 'sandbox' }]);
  });

  it('0120 customers-and-products: everything earlier kept', () => {
    const at = step(120);
    expect(count(at.db, 'customer')).toBe(2);
    expect(count(at.db, 'enterprise')).toBe(2);
  });

  it('0130 history-search: invoices written before the migration are found by the new index', () => {
    const at = step(130);
    const match = (text: string) => (at.db.prepare(`SELECT rowid FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid`).all(`"${text}"`) as Array<{ rowid: number }>).map((r) => r.rowid);
    const issued = idOf(at.db, `SELECT id FROM issued_invoice WHERE lsh = 'L20250301000001'`);
    const collected = idOf(at.db, `SELECT id FROM collected_invoice`);
    expect(match('软件维护')).toEqual([issued * 2]);
    expect(match('云栖商贸')).toEqual([collected * 2 + 1]);
    expect(match('星河贸易')).toHaveLength(3);
  });

  it('0140 issuance-drafts: everything earlier kept, search still in step', () => {
    const at = step(140);
    expect(count(at.db, 'issuance_draft')).toBe(1);
    expect(at.db.prepare(`SELECT count(*) AS n FROM history_fts WHERE history_fts MATCH '"打印纸"'`).get()).toEqual({ n: 1 });
  });

  it('0150 libraries-and-batches: old customers keep their combined fields, new ones start empty', () => {
    const at = step(150);
    expect(at.db.prepare(`SELECT ghdwmc, ghdwdzdh, ghdwdz, ghdwdh FROM customer WHERE ghdwsbh = ?`).get(XINGHE)).toEqual({
      ghdwmc: '北京星河贸易有限公司', ghdwdzdh: '北京市朝阳区 010-88886666', ghdwdz: null, ghdwdh: null,
    });
    expect(at.db.prepare(`SELECT lslbs FROM product`).get()).toEqual({ lslbs: null });
    expect(count(at.db, 'batch_row')).toBe(2);
  });

  it('0160 red-reversals: old forms issue automatically by default; a reversal names an old blue invoice', () => {
    const at = step(160);
    expect(at.db.prepare(`SELECT lsh, auto_issue, blue_invoice_id FROM red_letter_form`).get()).toEqual({ lsh: 'R20250302000001', auto_issue: 1, blue_invoice_id: null });
    expect(at.db.prepare(`SELECT b.lsh, r.amount FROM red_reversal r JOIN issued_invoice b ON b.id = r.blue_invoice_id`).get()).toEqual({ lsh: 'L20250301000001', amount: '113.00' });
  });

  it('0260 collection-runs: collected invoices held before gain their enterprise (the buyer); changes hang off them', () => {
    const at = step(260);
    expect(at.db.prepare(`SELECT FPHM, GMFSBH, enterprise, GXJZR FROM collected_invoice`).get()).toEqual({ FPHM: '00054321', GMFSBH: SELLER, enterprise: SELLER, GXJZR: null });
    expect(at.db.prepare(`SELECT c.XHFMC, h.new_value FROM collected_invoice_change h JOIN collected_invoice c ON c.id = h.invoice_id`).get()).toEqual({ XHFMC: '杭州云栖商贸有限公司', new_value: '1' });
    expect(count(at.db, 'red_reversal')).toBe(1);
  });

  it('0200 print-jobs-detail: everything earlier kept', () => {
    const at = step(200);
    expect(count(at.db, 'red_reversal')).toBe(1);
  });

  it('0230 intake-queue: everything earlier kept', () => {
    const at = step(230);
    expect(count(at.db, 'red_reversal')).toBe(1);
  });

  it('0300 invoice-templates: everything earlier kept; a template is found by its unique name', () => {
    const at = step(300);
    expect(at.db.prepare(`SELECT name, ghdwmc, used_at FROM invoice_template`).get()).toEqual({ name: '星河月结', ghdwmc: '北京星河贸易有限公司', used_at: null });
    expect(() => insert(at.db, 'invoice_template', { name: '星河月结', fplxdm: '007', ghdwmc: 'x', content: '{}', created_at: T1, updated_at: T1 })).toThrow(/UNIQUE/);
    expect(count(at.db, 'collected_invoice_change')).toBe(1);
  });

  it('0330 history-bigram: invoices held before are found by a 2-character fragment and counted per status', () => {
    const at = step(330);
    const ids = (at.db.prepare(`SELECT rowid FROM issued_invoice_bigram WHERE issued_invoice_bigram MATCH '"星河"' ORDER BY rowid`).all() as Array<{ rowid: number }>).map((r) => r.rowid);
    expect(ids).toEqual((at.db.prepare(`SELECT id FROM issued_invoice WHERE ghdwmc LIKE '%星河%' ORDER BY id`).all() as Array<{ id: number }>).map((r) => r.id));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const tally = at.db.prepare(`SELECT status, n FROM issued_invoice_tally WHERE environment = 'sandbox' ORDER BY status`).all();
    expect(tally).toEqual(at.db.prepare(`SELECT status, count(*) AS n FROM issued_invoice WHERE environment = 'sandbox' GROUP BY status ORDER BY status`).all());
  });

  it('0350 history-gram-postings: invoices held before are found by a 2-character fragment per enterprise and counted per enterprise', () => {
    const at = step(350);
    const ids = (seller: string) =>
      (
        at.db
          .prepare(
            `SELECT g.id FROM issued_invoice_gram g JOIN search_scope s ON s.id = g.scope WHERE s.environment = 'sandbox' AND s.seller = ? AND g.gram = '星河' ORDER BY g.id`,
          )
          .all(seller) as Array<{ id: number }>
      ).map((r) => r.id);
    const plain = (seller: string) =>
      (at.db.prepare(`SELECT id FROM issued_invoice WHERE environment = 'sandbox' AND xhdwsbh = ? AND ghdwmc LIKE '%星河%' ORDER BY id`).all(seller) as Array<{ id: number }>).map(
        (r) => r.id,
      );
    expect(ids(SELLER)).toEqual(plain(SELLER));
    expect(ids(SELLER).length).toBeGreaterThanOrEqual(3);
    // Written after the migration by its triggers, under its own enterprise.
    expect(ids('91440300MA5G00000X')).toEqual(plain('91440300MA5G00000X'));
    expect(ids('91440300MA5G00000X')).toHaveLength(1);
    const tally = at.db
      .prepare(`SELECT s.seller, t.status, t.n FROM issued_invoice_scope_tally t JOIN search_scope s ON s.id = t.scope WHERE t.n > 0 ORDER BY 1, 2, 3`)
      .all();
    expect(tally).toEqual(at.db.prepare(`SELECT xhdwsbh AS seller, status, count(*) AS n FROM issued_invoice GROUP BY 1, 2 ORDER BY 1, 2, 3`).all());
    expect(at.db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'issued_invoice_bigram'`).get()).toEqual({ n: 0 });
  });

  it('0340 enterprise-scoping: the draft written before keeps its content with no enterprise (shown to every one); new ones carry theirs', () => {
    const at = step(340);
    expect(at.db.prepare(`SELECT ghdwmc, enterprise FROM issuance_draft ORDER BY id`).all()).toEqual([
      { ghdwmc: '北京星河贸易有限公司', enterprise: null },
      { ghdwmc: '上海一企', enterprise: SELLER },
    ]);
    expect(count(at.db, 'invoice_template')).toBe(1);
    expect(at.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'issued_invoice_seller'`).get()).toEqual({ name: 'issued_invoice_seller' });
  });

  it('0150 libraries-and-batches merges a buyer or product held twice under 0120 (both environments, a rename) instead of failing to start', () => {
    const at = seededAt(140);
    // The same buyer practised in the sandbox and used in production, once under an older name; the same product twice.
    insert(at.db, 'customer', { environment: 'remote', ghdwmc: '北京星河贸易有限公司', ghdwsbh: XINGHE, phone: '010-66668888', created_at: T1, updated_at: '2025-03-03T00:00:00.000Z' });
    insert(at.db, 'customer', { environment: 'remote', ghdwmc: '北京星河贸易公司', ghdwsbh: XINGHE, ghdwyhzh: '工行朝阳支行 6222', created_at: T0, updated_at: T0 });
    insert(at.db, 'product', { environment: 'remote', spmc: '打印纸', spbm: '1060201070000000000', ggxh: 'A4', sl: '0.13', created_at: T1, updated_at: '2025-03-03T00:00:00.000Z' });
    migrate(at.db, migrations.filter((m) => m.version <= 150));

    expect(at.db.prepare(`SELECT environment, ghdwmc, email, phone, ghdwdzdh, ghdwyhzh FROM customer WHERE ghdwsbh = ?`).all(XINGHE)).toEqual([
      // The newest entry survives, its empty fields filled from the older ones.
      { environment: 'remote', ghdwmc: '北京星河贸易有限公司', email: 'a@xinghe.example.com', phone: '010-66668888', ghdwdzdh: '北京市朝阳区 010-88886666', ghdwyhzh: '工行朝阳支行 6222' },
    ]);
    expect(at.db.prepare(`SELECT dw, dj FROM product WHERE spmc = '打印纸'`).all()).toEqual([{ dw: '箱', dj: '25.00' }]);
    // The older rows are kept whole in the archive, pointing at the survivor.
    const archived = at.db.prepare(`SELECT kind, row_json FROM library_merged ORDER BY id`).all() as Array<{ kind: string; row_json: string }>;
    expect(archived.map((row) => [row.kind, (JSON.parse(row.row_json) as { ghdwmc?: string; spmc?: string }).ghdwmc ?? (JSON.parse(row.row_json) as { spmc: string }).spmc])).toEqual([
      ['customer', '北京星河贸易有限公司'],
      ['customer', '北京星河贸易公司'],
      ['product', '打印纸'],
    ]);
    expect(count(at.db, 'customer')).toBe(2);
    // And the rest of the chain runs on top of it.
    migrate(at.db, migrations);
    expect(at.db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
  });

  it('0390 library-merged: every database gets the archive table, which 0150 made only where it merged', () => {
    const at = step(390);
    expect(count(at.db, 'library_merged')).toBe(0);
    expect(count(at.db, 'customer')).toBe(2);
  });

  it('0410 ledger-keyset-indexes: both ledgers keep their rows and list them newest first through the new indexes', () => {
    const at = step(410);
    const received = at.db.prepare(`SELECT file_name FROM received_invoice INDEXED BY received_invoice_ledger WHERE environment = 'sandbox' ORDER BY id DESC`).all();
    expect(received).toEqual([{ file_name: '发票2.pdf' }, { file_name: '发票.pdf' }]);
    const collected = at.db
      .prepare(`SELECT FPHM FROM collected_invoice INDEXED BY collected_invoice_ledger WHERE environment = 'sandbox' AND enterprise = ? ORDER BY issue_date DESC, id DESC`)
      .all(SELLER);
    expect(collected).toEqual([{ FPHM: '00054322' }]);
    // The row seeded without an enterprise (written at this file's older versions) is kept.
    expect(at.db.prepare(`SELECT FPHM FROM collected_invoice ORDER BY id`).all()).toEqual([{ FPHM: '00054321' }, { FPHM: '00054322' }]);
  });

  it('0420 printer-form-edition: a printer calibrated before keeps its offsets and gets the common edition hx', () => {
    const at = step(420);
    expect(at.db.prepare(`SELECT printer, down_mm, right_mm, form_edition FROM printer_calibration ORDER BY printer`).all()).toEqual([
      { printer: 'Epson-LQ', down_mm: '0.5', right_mm: '-0.3', form_edition: 'bw' },
      { printer: 'PDF', down_mm: '-1.5', right_mm: '2.25', form_edition: 'hx' },
    ]);
    expect(() => at.db.prepare(`UPDATE printer_calibration SET form_edition = 'xx' WHERE printer = 'PDF'`).run()).toThrow(/CHECK/);
  });

  it("0430 received-per-enterprise: rows held before are the current enterprise's (placement: received-per-enterprise-migration.test.ts)", () =>
    expect(step(430).db.prepare(`SELECT file_name FROM received_invoice INDEXED BY received_invoice_enterprise_ledger WHERE environment = 'sandbox' AND enterprise = ? ORDER BY id DESC`).all(SELLER)).toEqual([{ file_name: 'c.pdf' }, { file_name: '发票2.pdf' }, { file_name: '发票.pdf' }]));

  it('0460 libraries-per-enterprise: rows go to the enterprise they were made under, the rest to the desk\'s own (NULL); identities per enterprise', () => {
    const at = step(460); // each kind's placing: test/integration/db/libraries-per-enterprise-migration.test.ts
    const placed = (table: string, column: string) => at.db.prepare(`SELECT ${column} AS k, enterprise AS e FROM ${table} ORDER BY id`).all().map((r) => Object.values(r as object).join('|'));
    expect(placed('customer', 'ghdwmc')).toEqual([`北京星河贸易有限公司|${SELLER}`, '张三|', `北京星河贸易有限公司|${OTHER_SELLER}`]);
    expect([...placed('invoice_template', 'name'), ...placed('print_job', 'fphm')]).toEqual([`星河月结|${SELLER}`, `星河月结|${OTHER_SELLER}`, `00012345|${SELLER}`]);
    for (const enterprise of [OTHER_SELLER, null]) expect(() => insert(at.db, 'customer', { environment: 'remote', enterprise, ghdwmc: '张三', ghdwsbh: enterprise && XINGHE, created_at: T1, updated_at: T1 })).toThrow(/UNIQUE/);
  });

  it('0480 month-end-statistics: collected invoices keep one search document each; issued invoices held before are in the output totals, kept in step after', () => {
    const at = step(480);
    const found = (text: string) =>
      (at.db.prepare(`SELECT c.FPHM FROM history_fts f JOIN collected_invoice c ON c.id * 2 + 1 = f.rowid WHERE history_fts MATCH ? ORDER BY c.id`).all(text) as Array<{ FPHM: string }>).map((r) => r.FPHM);
    expect(at.db.prepare(`SELECT FPHM, line_count FROM collected_invoice ORDER BY id`).all()).toEqual([
      { FPHM: '00054321', line_count: 1 },
      { FPHM: '00054322', line_count: 0 },
      { FPHM: '00054323', line_count: 1 },
    ]);
    expect(found('"打印纸"')).toEqual(['00054321']);
    expect(found('"杭州云栖"')).toEqual(['00054321', '00054322']);
    expect(found('"不锈钢"')).toEqual(['00054323']);
    // The indexes no read uses any more are gone; the ledger's and the key stay.
    const indexes = (at.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'collected_invoice' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as Array<{ name: string }>).map((r) => r.name);
    expect(indexes).toEqual(['collected_invoice_certified', 'collected_invoice_ledger']);
    // A change of the count (lines replaced) re-indexes without keeping the old document twice.
    at.db.prepare(`UPDATE collected_invoice SET line_count = 1 WHERE FPHM = '00054321'`).run();
    expect(found('"打印纸"')).toEqual(['00054321']);

    // The output totals hold the invoices issued before (the red one is still queued, so not counted).
    const totals = (seller: string) =>
      at.db
        .prepare(`SELECT month, fplxdm, kplx, voided, rate, invoices, lines, amount_fen, tax_fen FROM output_period_total WHERE seller = ? AND (invoices <> 0 OR lines <> 0) ORDER BY month, fplxdm, kplx, rate`)
        .all(seller);
    expect(totals(SELLER)).toEqual([
      { month: '202503', fplxdm: '004', kplx: '0', voided: 0, rate: '', invoices: 1, lines: 0, amount_fen: 20000, tax_fen: 2600 },
      { month: '202503', fplxdm: '82', kplx: '0', voided: 0, rate: '', invoices: 1, lines: 0, amount_fen: 20000, tax_fen: 2600 },
      { month: '202503', fplxdm: '82', kplx: '0', voided: 0, rate: '0.13', invoices: 0, lines: 2, amount_fen: 22600, tax_fen: 2600 },
    ]);
    expect(totals('91440300MA5G00000X')).toEqual([{ month: '202503', fplxdm: '026', kplx: '0', voided: 0, rate: '', invoices: 1, lines: 0, amount_fen: 900, tax_fen: 100 }]);
    // The red invoice issued at 2025-03-31 16:30 UTC — 2025-04-01 in China — counts in April; voiding moves the blue one apart.
    const red = idOf(at.db, `SELECT id FROM issued_invoice WHERE lsh = 'L20250302000001'`);
    at.db.prepare(`INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES (?, 1, '*信息技术服务*咨询', '3040201030000000000', '-1', '100.00', '-100.00', '0.13', '-13.00')`).run(red);
    at.db.prepare(`UPDATE issued_invoice SET status = 'issued', kprq = '2025-03-31T16:30:00.000Z' WHERE id = ?`).run(red);
    at.db.prepare(`UPDATE issued_invoice SET zflx = '1' WHERE lsh = 'L20250301000001'`).run();
    expect(totals(SELLER)).toEqual([
      { month: '202503', fplxdm: '004', kplx: '0', voided: 0, rate: '', invoices: 1, lines: 0, amount_fen: 20000, tax_fen: 2600 },
      { month: '202503', fplxdm: '82', kplx: '0', voided: 1, rate: '', invoices: 1, lines: 0, amount_fen: 20000, tax_fen: 2600 },
      { month: '202503', fplxdm: '82', kplx: '0', voided: 1, rate: '0.13', invoices: 0, lines: 2, amount_fen: 22600, tax_fen: 2600 },
      { month: '202504', fplxdm: '82', kplx: '1', voided: 0, rate: '', invoices: 1, lines: 0, amount_fen: -10000, tax_fen: -1300 },
      { month: '202504', fplxdm: '82', kplx: '1', voided: 0, rate: '0.13', invoices: 0, lines: 1, amount_fen: -10000, tax_fen: -1300 },
    ]);
  });

  it('0500 clerks: every row held before is kept, unsigned (NULL); new rows carry who made them; a clerk has one of three roles and a unique name', () => {
    const at = step(500);
    at.reopen();
    for (const table of ['issued_invoice', 'red_letter_form', 'print_job', 'received_invoice', 'certification_batch', 'product', 'invoice_template']) {
      const signed = at.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE created_by IS NOT NULL OR updated_by IS NOT NULL`).get() as { n: number };
      expect(signed.n, table).toBe(0);
      expect(count(at.db, table), table).toBeGreaterThan(0);
    }
    expect(at.db.prepare(`SELECT ghdwmc, created_by FROM customer WHERE created_by IS NOT NULL`).all()).toEqual([{ ghdwmc: '签名客户有限公司', created_by: '王管理' }]);
    expect(at.db.prepare(`SELECT name, role, active, created_by FROM clerk`).all()).toEqual([{ name: '王管理', role: 'admin', active: 1, created_by: null }]);
    expect(() => insert(at.db, 'clerk', { name: '王管理', role: 'issuer', pin_hash: 'x', created_at: T1, updated_at: T1 })).toThrow(/UNIQUE/);
    expect(() => insert(at.db, 'clerk', { name: '赵出纳', role: 'cashier', pin_hash: 'x', created_at: T1, updated_at: T1 })).toThrow(/CHECK/);
  });

  it('0530 received-one-original: the first original of each key holds it, a later one held before is kept as it was; a second original is refused', () => {
    const at = seededAt(previous(530));
    // Held before: a key with two originals (a review gave the earlier row the later one's key) and a duplicate.
    const row = (hash: string, extra: Record<string, unknown>) =>
      insert(at.db, 'received_invoice', { environment: 'sandbox', file_hash: hash, file_type: 'pdf', source: 'qr', data_json: '{}', status: 'reviewed', created_at: T0, updated_at: T1, enterprise: SELLER, ...extra });
    const first = row('c5301', { FPHM: '00053000', invoice_key: '01:3100231130:00053000' });
    const later = row('c5302', { FPHM: '00053000', invoice_key: '01:3100231130:00053000' });
    const duplicate = row('c5303', { FPHM: '00053000', invoice_key: '01:3100231130:00053000', duplicate_of: first });
    const kept = at.migrateTo(530);
    expect(kept.rows.received_invoice).toBe(count(at.db, 'received_invoice'));
    const keys = at.db.prepare(`SELECT id, duplicate_of, original_key FROM received_invoice WHERE invoice_key IS NOT NULL ORDER BY id`).all();
    expect(keys).toEqual([
      { id: first, duplicate_of: null, original_key: '01:3100231130:00053000' },
      { id: later, duplicate_of: null, original_key: null },
      { id: duplicate, duplicate_of: first, original_key: null },
    ]);
    SEEDS[530]!(at.db);
    expect(() => row('c5304', { invoice_key: '01::00053001', original_key: '01::00053001', environment: 'remote' })).toThrow(/UNIQUE/);
    // The same key in the other environment is its own original.
    row('c5305', { invoice_key: '01::00053001', original_key: '01::00053001' });
  });

  it('0590 audit-event: every row kept; events appended as JSON lists and objects, never rewritten', () => {
    const at = step(590);
    at.reopen();
    expect(at.db.prepare(`SELECT actor, action, record_ids, enterprise, detail FROM audit_event`).all()).toEqual([
      { actor: '王管理', action: 'clerk.created', record_ids: '["1"]', enterprise: null, detail: '{"role":"admin"}' },
    ]);
    const event = { at: T1, actor: '', desk: 'desk-a', action: 'clerk.signInRefused', aggregate: 'clerk' };
    expect(() => insert(at.db, 'audit_event', { ...event, record_ids: '1' })).toThrow(/CHECK/);
    expect(() => insert(at.db, 'audit_event', { ...event, detail: '[1]' })).toThrow(/CHECK/);
    expect(() => at.db.prepare(`UPDATE audit_event SET actor = 'x'`).run()).toThrow(/append-only/);
    expect(() => at.db.prepare(`DELETE FROM audit_event`).run()).toThrow(/append-only/);
    expect(count(at.db, 'audit_event')).toBe(1);
  });

  it('0600 draft-review: drafts held before keep their content and are not sent for review (none); a review state is one of four', () => {
    const at = step(600);
    expect(at.db.prepare(`SELECT ghdwmc, content, review_state, requested_by, reviewed_by, review_note FROM issuance_draft ORDER BY id`).all()).toEqual([
      { ghdwmc: '北京星河贸易有限公司', content: '{"buyerName":"北京星河贸易有限公司","lines":[{}]}', review_state: 'none', requested_by: null, reviewed_by: null, review_note: null },
      { ghdwmc: '上海一企', content: '{}', review_state: 'none', requested_by: null, reviewed_by: null, review_note: null },
      { ghdwmc: '送审客户有限公司', content: '{}', review_state: 'pending', requested_by: '李开票', reviewed_by: null, review_note: null },
    ]);
    expect(() => insert(at.db, 'issuance_draft', { environment: 'sandbox', fplxdm: '026', ghdwmc: 'x', jshj: '', content: '{}', created_at: T1, updated_at: T1, review_state: 'waiting' })).toThrow(/CHECK/);
  });

  it('0610 line-levy: lines kept from before take their levy, policy and deduction from the request they were sent with; a discount line its discounted line\'s', () => {
    const at = seededAt(600);
    const request = {
      kce: 520,
      details: [
        { fphxz: 0, spmc: '*经纪代理服务*旅游代理', je: 1050, sl: 0.06, spbm: '3040802000000000000', lslbs: '4' },
        { fphxz: 2, spmc: '*谷物*小麦', je: 109, sl: 0, spbm: '1010101020000000000', lslbs: '1', zzstsgl: '03' },
        { fphxz: 1, spmc: '*谷物*小麦', je: -9, sl: 0 },
        { fphxz: 0, spmc: '*信息技术服务*软件维护', je: 106, sl: 0.06, spbm: '3040201030000000000' },
      ],
    };
    const invoice = (lsh: string, json: string) =>
      insert(at.db, 'issued_invoice', {
        lsh, environment: 'sandbox', fplxdm: '82', kplx: '0', xhdwsbh: SELLER, xhdwmc: '上海示例科技有限公司', ghdwmc: '北京星河贸易有限公司',
        jshj: '1256.00', hjse: '36.00', status: 'issued', request_json: json, created_at: T1, updated_at: T1,
      });
    const levied = invoice('L20250302006101', JSON.stringify(request));
    const broken = invoice('L20250302006102', '{not json');
    const line = at.db.prepare(`INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    request.details.forEach((d, n) => line.run(levied, n + 1, d.spmc, d.spbm ?? '', d.fphxz === 1 ? '' : '1', d.fphxz === 1 ? '' : String(d.je), d.je.toFixed(2), d.sl.toFixed(2), '0.00'));
    line.run(broken, 1, '*信息技术服务*咨询', '3040201030000000000', '1', '106', '106.00', '0.06', '6.00');

    at.migrateTo(610);
    const lines = (id: number) => at.db.prepare(`SELECT line_no, spbm, lslbs, zzstsgl, kce FROM issued_invoice_line WHERE invoice_id = ? ORDER BY line_no`).all(id);
    expect(lines(levied)).toEqual([
      { line_no: 1, spbm: '3040802000000000000', lslbs: '4', zzstsgl: null, kce: '520.00' },
      { line_no: 2, spbm: '1010101020000000000', lslbs: '1', zzstsgl: '03', kce: null },
      { line_no: 3, spbm: '', lslbs: '1', zzstsgl: '03', kce: null },
      { line_no: 4, spbm: '3040201030000000000', lslbs: null, zzstsgl: null, kce: null },
    ]);
    expect(lines(broken)).toEqual([{ line_no: 1, spbm: '3040201030000000000', lslbs: null, zzstsgl: null, kce: null }]);
    // The 0010 seed's lines were sent without details in the JSON kept: normal rate.
    expect(at.db.prepare(`SELECT count(*) AS n FROM issued_invoice_line WHERE lslbs IS NULL AND invoice_id NOT IN (?, ?)`).get(levied, broken)).toEqual({ n: 2 });
    expect(() => at.db.prepare(`UPDATE issued_invoice_line SET lslbs = '7' WHERE invoice_id = ?`).run(levied)).toThrow(/CHECK/);
    SEEDS[610]!(at.db);
  });

  it('0620 sales-before-tax: a kept month is summed again before tax, by levy, class and refund policy; 0480\'s totals stay as they were; the new totals follow every change', () => {
    const at = seededAt(610);
    const month = salesMonth();
    month.write(at.db);
    const frozen = () => at.db.prepare(`SELECT * FROM output_period_total ORDER BY environment, seller, month, fplxdm, kplx, voided, rate`).all();
    const before = frozen();

    const kept = at.migrateTo(620); // every row of every table kept, 0480's totals among them
    expect(kept.rows.output_period_total).toBe(before.length);
    expect(month.sales(at.db)).toEqual(month.expected());
    // The seeds of earlier steps (seller SELLER, March 2025): 0010's two 13 % lines of 113.00 (tax 13.00 each) and
    // 0610's 差额征税 line of 1050.00 (deduction 520.00, tax 30.00) — 0480 had the 13 % row at 226.00, tax included.
    const seeded = at.db
      .prepare(`SELECT rate, levy, category, refund, lines, amount_fen, tax_fen, deduction_fen FROM output_period_sales WHERE seller = ? AND rate <> '' ORDER BY rate`)
      .all(SELLER);
    expect(seeded).toEqual([
      { rate: '0.06', levy: '4', category: '3', refund: 0, lines: 1, amount_fen: 102_000, tax_fen: 3_000, deduction_fen: 52_000 },
      { rate: '0.13', levy: '', category: '3', refund: 0, lines: 2, amount_fen: 20_000, tax_fen: 2_600, deduction_fen: 0 },
    ]);

    // Kept in step with every writer from here: each change below is made to the file and to the test's own
    // copy of the month, and the totals must equal what that copy says.
    const change = (sql: string, params: unknown[], edit: () => void) => {
      at.db.prepare(sql).run(...params);
      edit();
      expect(month.sales(at.db)).toEqual(month.expected());
    };
    const inv = (lsh: string) => month.invoices.find((i) => i.lsh === lsh)!;
    const idOfLsh = (lsh: string) => idOf(at.db, `SELECT id FROM issued_invoice WHERE lsh = ?`, lsh);
    // A new invoice as issuance writes it: queued with its lines, then issued.
    month.issue(at.db, { lsh: 'M9', fplxdm: '82', kprq: '2026-11-28T09:00:00.000+0800', month: '202611', lines: [{ spbm: IT, je: '212.00', sl: '0.06' }, { spbm: '', je: '-21.20', sl: '0.06' }] });
    expect(month.sales(at.db)).toEqual(month.expected());
    // The line above a discount line changes class (services → goods): the discount line follows it.
    change(`UPDATE issued_invoice_line SET spbm = ? WHERE invoice_id = ? AND line_no = 1`, [PAPER, idOfLsh('M9')], () => (inv('M9').lines[0]!.spbm = PAPER));
    // The discount line moved one down (nothing above it says its class), then back under its line.
    change(`UPDATE issued_invoice_line SET line_no = 3 WHERE invoice_id = ? AND line_no = 2`, [idOfLsh('M9')], () => (inv('M9').lines[1]!.no = 3));
    change(`UPDATE issued_invoice_line SET line_no = 2 WHERE invoice_id = ? AND line_no = 3`, [idOfLsh('M9')], () => (inv('M9').lines[1]!.no = 2));
    // Levy, policy and deduction changed on a line.
    change(`UPDATE issued_invoice_line SET lslbs = '5', zzstsgl = '06' WHERE invoice_id = ? AND line_no = 1`, [idOfLsh('M1')], () => Object.assign(inv('M1').lines[0]!, { lslbs: '5', zzstsgl: '06' }));
    change(`UPDATE issued_invoice_line SET kce = '500.00' WHERE invoice_id = ? AND line_no = 1`, [idOfLsh('M4')], () => (inv('M4').lines[0]!.kce = '500.00'));
    change(`UPDATE issued_invoice_line SET je = '53.00', se = '1.54' WHERE invoice_id = ? AND line_no = 3`, [idOfLsh('M2')], () => Object.assign(inv('M2').lines[2]!, { je: '53.00', se: '1.54' }));
    // The line above a discount line deleted (the discount line no longer says its class), then put back as a building.
    change(`DELETE FROM issued_invoice_line WHERE invoice_id = ? AND line_no = 1`, [idOfLsh('M2')], () => (inv('M2').lines[0]!.gone = true));
    change(
      `INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES (?, 1, '*不动产*办公楼', ?, '1', '636.00', '636.00', '0.06', '36.00')`,
      [idOfLsh('M2'), BUILDING],
      () => Object.assign(inv('M2').lines[0]!, { gone: false, spbm: BUILDING, je: '636.00', se: '36.00' }),
    );
    // A line moved to another place of its invoice, then to another invoice.
    const moved = inv('M2').lines[0]!;
    change(`UPDATE issued_invoice_line SET line_no = 9 WHERE invoice_id = ? AND line_no = 1`, [idOfLsh('M2')], () => {
      moved.gone = true;
      inv('M2').lines.push({ ...moved, gone: false, no: 9 });
    });
    change(`UPDATE issued_invoice_line SET invoice_id = ?, line_no = 2 WHERE invoice_id = ? AND line_no = 9`, [idOfLsh('M8'), idOfLsh('M2')], () => {
      inv('M2').lines.pop();
      inv('M8').lines.push({ ...moved, gone: false, no: 2 });
    });
    // Voided, moved to December in China time, issued in another status, deleted.
    change(`UPDATE issued_invoice SET zflx = '1' WHERE lsh = 'M1'`, [], () => (inv('M1').zflx = '1'));
    change(`UPDATE issued_invoice SET kprq = '2026-11-30T16:00:00.000Z' WHERE lsh = 'M4'`, [], () => (inv('M4').month = '202612'));
    change(`UPDATE issued_invoice SET status = 'failed' WHERE lsh = 'M5'`, [], () => (inv('M5').status = 'failed'));
    change(`DELETE FROM issued_invoice WHERE lsh = 'M6'`, [], () => (inv('M6').status = 'deleted'));

    // 0480's totals are left as they stood at 0620, read by nothing.
    expect(frozen()).toEqual(before);
    SEEDS[620]!(at.db);
    expect(at.db.prepare(`SELECT rate, category, lines, amount_fen, tax_fen FROM output_period_sales WHERE seller = ? AND month = '202503' AND fplxdm = '026' AND rate <> ''`).all(SELLER)).toEqual([
      { rate: '0.06', category: '3', lines: 2, amount_fen: 9_000, tax_fen: 540 },
    ]);
  });

  it('0630 clerk-lockout: everything earlier kept; clerks start unlocked, one row per name typed', () => {
    const at = seededAt(620);
    const clerks = at.db.prepare(`SELECT name, role, pin_hash FROM clerk ORDER BY id`).all();
    const before = Object.fromEntries(['clerk', 'issued_invoice', 'audit_event', 'issuance_draft'].map((table) => [table, count(at.db, table)]));
    at.migrateTo(630);
    expect(at.db.prepare(`SELECT name, role, pin_hash FROM clerk ORDER BY id`).all()).toEqual(clerks);
    for (const [table, n] of Object.entries(before)) expect(count(at.db, table), table).toBe(n);
    expect(count(at.db, 'clerk_lockout')).toBe(0);
    SEEDS[630]!(at.db);
    expect(() => insert(at.db, 'clerk_lockout', { name: '李开票', failures: 1, last_try_at: T1 })).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert(at.db, 'clerk_lockout', { name: '王管理', failures: -1, last_try_at: T1 })).toThrow(/CHECK/);
  });

  it('0640 clerk-enterprises: every clerk kept, none limited (every enterprise, as before); a limit is one row per clerk and enterprise', () => {
    const at = step(640);
    const clerks = at.db.prepare(`SELECT id FROM clerk ORDER BY id`).all() as Array<{ id: number }>;
    expect(clerks.length).toBeGreaterThan(0);
    expect(at.db.prepare(`SELECT clerk_id, enterprise FROM clerk_enterprise`).all()).toEqual([{ clerk_id: clerks[0]!.id, enterprise: SELLER }]);
    expect(() => insert(at.db, 'clerk_enterprise', { clerk_id: clerks[0]!.id, enterprise: SELLER })).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert(at.db, 'clerk_enterprise', { clerk_id: clerks[0]!.id, enterprise: '' })).toThrow(/CHECK/);
  });

  it('0660 clerk-sign-in-guard: every count of wrong PINs kept under the team\'s name; the old name is gone', () => {
    const at = seededAt(640);
    const kept = at.migrateTo(660, { clerk_lockout: { to: 'clerk_sign_in_guard', columns: { last_try_at: 'last_failure' } } });
    expect(kept.rows.clerk_lockout).toBe(1);
    // 0630's seed, read back under the new names.
    expect(at.db.prepare(`SELECT name, failures, last_failure, locked_at FROM clerk_sign_in_guard`).all()).toEqual([
      { name: '李开票', failures: 5, last_failure: T1, locked_at: T1 },
    ]);
    expect(at.db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'clerk_lockout'`).get()).toEqual({ n: 0 });
    SEEDS[660]!(at.db);
    expect(() => insert(at.db, 'clerk_sign_in_guard', { name: '李开票', failures: 1, last_failure: T1 })).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert(at.db, 'clerk_sign_in_guard', { name: '赵', failures: -1, last_failure: T1 })).toThrow(/CHECK/);
  });

  it("0670 one-identifier-case: every row kept under the team's spelling of its columns; no desk column keeps a capital", () => {
    // Seeded up to 0660 as 0660's own step is (0630's seed writes the table 0660 renames).
    const at = seededAt(640);
    at.migrateTo(660, { clerk_lockout: { to: 'clerk_sign_in_guard', columns: { last_try_at: 'last_failure' } } });
    SEEDS[660]!(at.db);
    // The renames declared from the file itself: each column takes the team's lower snake case (taxUser_idCard →
    // tax_user_id_card). Indexes, triggers and search after it: one-identifier-case-migration.test.ts.
    const renames = columnRenames(at.db, (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
    expect(Object.keys(renames).sort()).toEqual(['certification_batch', 'certification_item', 'collected_invoice', 'collected_invoice_line', 'collection_run', 'enterprise', 'received_invoice']);
    expect(Object.values(renames).reduce((n, table) => n + Object.keys(table.columns ?? {}).length, 0)).toBe(73);
    const kept = at.migrateTo(670, renames);
    for (const table of Object.keys(renames)) expect(kept.rows[table], table).toBeGreaterThan(0);
    const capitals = at.db
      .prepare(`SELECT m.name AS t, c.name AS c FROM sqlite_schema m, pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND c.name GLOB '*[A-Z]*'`)
      .all();
    expect(capitals).toEqual([]);
    expect(at.db.prepare(`SELECT tax_number, agency_name FROM enterprise WHERE environment = 'sandbox'`).all()).toEqual([{ tax_number: SELLER, agency_name: '上海示例科技有限公司' }]);
    expect(at.db.prepare(`SELECT pch, cjksrq, cjjsrq FROM collection_run`).get()).toEqual({ pch: 'P'.padEnd(32, '0'), cjksrq: '20250301000000', cjjsrq: '20250301235959' });
    SEEDS[670]!(at.db);
    expect(at.db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  });
});
