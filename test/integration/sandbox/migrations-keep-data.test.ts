/**
 * Every migration of the sandbox's own database keeps its state (test/support/migration-harness.ts): a
 * real file at N−1 with realistic rows of every table that exists by then, migrated to N, checked row by
 * row, then N's own rows written next to them. A new sandbox migration adds its `it` and its SEEDS entry.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { migrationFiles, type MigrationStep } from '../../support/migration-harness.js';

const files = migrationFiles(sandboxMigrations);
const SELLER = '91310000MA1FL8XQ5D';
const BUYER = '91110105MA01ABCD13';
const AT = 1_740_790_923_000;

const insert = (db: Database.Database, table: string, row: Record<string, unknown>) =>
  db.prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((k) => `@${k}`).join(', ')})`).run(row);

const SEEDS: Record<number, (db: Database.Database) => void> = {
  10: (db) => {
    insert(db, 'issuance_requests', { lsh: 'L1', app_key: 'demo-app-key', seller_tax_number: SELLER, body_hash: 'ab12', request_json: '{"lsh":"L1"}', accepted_at: AT, issued_at: AT + 50 });
    insert(db, 'issuance_requests', { lsh: 'L2', app_key: 'demo-app-key', seller_tax_number: SELLER, body_hash: 'cd34', request_json: '{"lsh":"L2"}', accepted_at: AT });
    insert(db, 'issued_invoices', { lsh: 'L1', fplxdm: '82', fphm: '25312000000000000001', kprq: '20250301010203', kplx: '0', jshj: '113.00' });
    insert(db, 'invoice_sequences', { fplxdm: '82', last_number: 1 });
  },
  20: (db) => {
    insert(db, 'output_invoices', {
      lsh: 'L1', seller_tax_number: SELLER, fplxdm: '82', fphm: '25312000000000000001', kprq: '20250301010203', kplx: '0', jshj: '113.00', hjje: '100.00', hjse: '13.00', file_token: 'tok-1',
    });
    insert(db, 'red_letter_applications', {
      lsh: 'R1', app_key: 'demo-app-key', seller_tax_number: SELLER, body_hash: 'ef56', request_json: '{}', original_id: 1, lines_json: '[]', jshj: '-113.00', hjje: '-100.00', hjse: '-13.00', accepted_at: AT,
    });
  },
  30: (db) => {
    insert(db, 'tax_authority_seed', { id: 1, seed: 42, now_ms: AT, invoices_per_buyer: 5, buyers_json: JSON.stringify([BUYER]) });
    insert(db, 'received_invoices', {
      fplxdm: '01', fpdm: '3100231130', fphm: '00054321', kprq: '2025-02-27', gmfmc: '北京星河贸易有限公司', gmfsbh: BUYER, gmfdzdh: '北京 010-1', gmfyhzh: '工行 1', xhfmc: '杭州云栖商贸有限公司',
      xhfsbh: '91330106MA2H7X8Y2Q', xhfdzdh: '杭州 0571-1', xhfyhzh: '农行 2', hjje: '1000.00', se: '130.00', jshj: '1130.00', bz: '', jym: '12345', fpzt: '0', glzt: '0', rzzt: '0',
      xxly: '0', yqkgxbz: '0', sfdbts: '0', txfbz: '0', lslbz: '0', collected_at: '2025-03-01', has_details: 1, line_count: 1,
    });
    insert(db, 'received_invoice_lines', { invoice_id: 1, xh: 1, spmc: '*纸制品*打印纸', spbm: '1060201070000000000', spbmjc: '纸制品', ggxh: 'A4', dw: '箱', spsl: '40', dj: '25', je: '1000.00', sl: '0.13', se: '130.00' });
    insert(db, 'collection_batches', { pch: 'P1', app_key: 'demo-app-key', endpoint: 'collect', gmfsbh: BUYER, kind: 'output', cjksrq: '2025-02-01', cjjsrq: '2025-02-28', initial: 1, total_rows: 1, next_kshs: 1, created_at: AT });
    insert(db, 'collection_batch_rows', { pch: 'P1', row_no: 1, invoice_id: 1, weight: 1 });
    insert(db, 'certification_batches', { pch: 'C1', app_key: 'demo-app-key', gmfsbh: BUYER, body_hash: '99', accepted_at: AT, period: '202502' });
    insert(db, 'certification_items', { pch: 'C1', item_no: 1, fpdm: '3100231130', fphm: '00054321', fplxdm: '01', sqrzlx: '1', sqskssq: '202502', yxse: '130.00' });
  },
  40: (db) => {
    insert(db, 'agency_enterprises', { app_key: 'demo-app-key', tax_number: SELLER, origin: 'credential', agency_name: '上海示例科技有限公司', created_at: AT, updated_at: AT });
  },
  50: (db) => {
    insert(db, 'verification_log', { app_key: 'demo-app-key', fpzl: '01', fpdm: '3100231130', fphm: '00054321', china_day: '2025-03-01', cyjg: '0001', verified_at: AT });
  },
};

const previous = (version: number) => sandboxMigrations.filter((m) => m.version < version).reduce((max, m) => Math.max(max, m.version), 0);
const count = (db: Database.Database, table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

function step(version: number): MigrationStep {
  const at = files.at(previous(version));
  for (const m of sandboxMigrations) if (m.version < version) SEEDS[m.version]!(at.db);
  const kept = at.migrateTo(version);
  for (const [table, n] of Object.entries(kept.rows)) expect(count(at.db, table), table).toBe(n);
  SEEDS[version]!(at.db);
  return at;
}

describe('sandbox migrations keep data', () => {
  it('has a test for every migration', () => {
    expect(Object.keys(SEEDS).map(Number)).toEqual(sandboxMigrations.map((m) => m.version));
  });

  it('0010 issuance: from an empty file; requests and invoices survive a reopen', () => {
    const at = step(10);
    at.reopen();
    expect(at.db.prepare(`SELECT lsh, issued_at FROM issuance_requests ORDER BY lsh`).all()).toEqual([{ lsh: 'L1', issued_at: AT + 50 }, { lsh: 'L2', issued_at: null }]);
  });

  it('0020 output: an output invoice belongs to a request accepted before the migration', () => {
    const at = step(20);
    expect(at.db.prepare(`SELECT r.body_hash, o.status, o.reversed FROM output_invoices o JOIN issuance_requests r USING (lsh)`).get()).toEqual({ body_hash: 'ab12', status: 'normal', reversed: '0.00' });
  });

  it('0030 tax-authority: issuance and output state kept', () => {
    const at = step(30);
    expect(count(at.db, 'red_letter_applications')).toBe(1);
    expect(at.db.prepare(`SELECT last_number FROM invoice_sequences`).get()).toEqual({ last_number: 1 });
  });

  it('0040 agency: collection and certification state kept', () => {
    const at = step(40);
    expect(at.db.prepare(`SELECT b.pch, i.xhfmc FROM collection_batch_rows b JOIN received_invoices i ON i.id = b.invoice_id`).get()).toEqual({ pch: 'P1', xhfmc: '杭州云栖商贸有限公司' });
  });

  it('0050 verification: enterprises and received invoices kept', () => {
    const at = step(50);
    expect(at.db.prepare(`SELECT agency_name FROM agency_enterprises`).get()).toEqual({ agency_name: '上海示例科技有限公司' });
    expect(count(at.db, 'verification_log')).toBe(1);
  });
});
