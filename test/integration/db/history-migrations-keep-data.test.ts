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
import { describe, expect, it } from 'vitest';
import { latestVersion, migrate } from '../../../main/db/migrate.js';
import { migrations } from '../../../main/db/migrations/index.js';
import { migrationFiles, type MigrationStep } from '../../support/migration-harness.js';

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
  620: (db) => {
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

  it('0620 clerk-enterprises: every clerk kept, none limited (every enterprise, as before); a limit is one row per clerk and enterprise', () => {
    const at = step(620);
    const clerks = at.db.prepare(`SELECT id FROM clerk ORDER BY id`).all() as Array<{ id: number }>;
    expect(clerks.length).toBeGreaterThan(0);
    expect(at.db.prepare(`SELECT clerk_id, enterprise FROM clerk_enterprise`).all()).toEqual([{ clerk_id: clerks[0]!.id, enterprise: SELLER }]);
    expect(() => insert(at.db, 'clerk_enterprise', { clerk_id: clerks[0]!.id, enterprise: SELLER })).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert(at.db, 'clerk_enterprise', { clerk_id: clerks[0]!.id, enterprise: '' })).toThrow(/CHECK/);
  });
});
