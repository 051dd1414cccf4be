/**
 * The received ledger (报销台账) over 100,000 received invoices of one enterprise, another enterprise's
 * interleaved (issues 15.3, 22.4): keyset pages walked to the end give exactly the rows of a plain ordered
 * query of that enterprise (newest id first), with and without filters; each page query walks
 * `received_invoice_enterprise_ledger` (EXPLAIN QUERY PLAN: no SCAN of the table, no sort); the totals are
 * one aggregate equal to summing the rows, duplicates not counted twice. The rows are written in SQL on a
 * real database file migrated to the latest version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import type { LedgerQuery } from '../../../main/features/intake/store.js';
import { createReceivedStore } from '../../../main/ledger/stores/received.js';
import { sqliteStoreSql } from '../../../main/ledger/stores/sql.js';
import { tempDir } from '../../support/sample-issuance.js';

const ROWS = 100_000;
const MINE = '91310000MA1FL8XQ5D';
const OTHER = '91110105MA01ABCD13';
const dir = tempDir('fapiao-received-ledger-');
const db = openDatabase(path.join(dir, 'history.db'));
// 100,000 received files of the sandbox, every 40th a duplicate of the one before, every 7th still
// unverified; 3,000 of the remote environment interleaved (never listed); every 5th another enterprise's.
db.exec(`
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS + 3000})
  INSERT INTO received_invoice (environment, file_hash, file_name, file_type, source, fplxdm, fpdm, fphm, kprq, hjje, hjse, jshj, xhfmc, xhfsbh,
                                data_json, status, created_at, updated_at, fpzl, duplicate_of, last_code, verify_state, enterprise)
  SELECT CASE WHEN i % 34 = 0 THEN 'remote' ELSE 'sandbox' END, printf('h%08d', i), printf('f%08d.pdf', i), 'pdf', 'qr', '10', '044002300111', printf('%08d', i),
         strftime('%Y%m%d', date('2022-01-01', '+' || ((i * 7919) % 1400) || ' days')),
         printf('%d.%02d', i % 3000, i % 100), printf('%d.%02d', i % 180, i % 61), printf('%d.%02d', i % 3000 + i % 180, (i % 100 + i % 61) % 100),
         '供应商' || (i % 400) || '餐饮有限公司', '9144' || printf('%014d', i % 400), '{}', 'verified', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z',
         CASE i % 3 WHEN 0 THEN '01' WHEN 1 THEN '10' ELSE '21' END,
         CASE WHEN i % 40 = 0 THEN i - 1 END,
         CASE WHEN i % 7 = 0 THEN NULL WHEN i % 11 = 0 THEN '0009' WHEN i % 13 = 0 THEN '1001' ELSE '0001' END,
         CASE WHEN i % 7 = 0 THEN NULL WHEN i % 11 = 0 THEN 'not-found' WHEN i % 13 = 0 THEN 'failed' WHEN i % 17 = 0 THEN 'inconsistent' ELSE 'consistent' END,
         CASE WHEN i % 5 = 1 THEN '${OTHER}' ELSE '${MINE}' END
  FROM n;
  ANALYZE;
`);
afterAll(() => {
  closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The ledger's received store (main/ledger/stores/received.ts) on a handle of the database. */
const storeOn = (handle: Db) => createReceivedStore(sqliteStoreSql(handle, () => handle), () => null);
const store = storeOn(db);
/**
 * A handle that also keeps the SQL of every statement it prepares (to EXPLAIN it). A new one each time: the
 * store's statements are prepared once per handle (stores/sql.ts), so a fresh handle prepares those it runs.
 */
const prepared: string[] = [];
const recording = () =>
  new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') return (sql: string) => (prepared.push(sql), target.prepare(sql));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as Db;

const FILTERS: Record<string, LedgerQuery> = {
  everything: {},
  kind: { fpzl: '21' },
  'date range': { from: '20230101', to: '20230331' },
  seller: { seller: '供应商42餐饮' },
  consistent: { state: 'consistent' },
  unverified: { state: 'unverified' },
  inconsistent: { state: 'inconsistent' },
  'not found': { state: 'not-found' },
  failed: { state: 'failed' },
  duplicates: { duplicatesOnly: true },
  'kind + dates + state': { fpzl: '10', from: '20220601', to: '20241231', state: 'consistent' },
};

async function walk(filter: LedgerQuery, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let after: number | null = null;
  for (let pages = 0; pages < ROWS; pages++) {
    const page = await store.ledgerPage('sandbox', MINE, filter, after, limit);
    ids.push(...page.rows.map((row) => row.id));
    if (!page.hasMore) return ids;
    expect(page.rows).toHaveLength(limit);
    after = page.rows.at(-1)!.id;
  }
  throw new Error('the pages never ended');
}

describe('received ledger keyset pages over 100,000 received invoices', () => {
  it('walking every page (500 a page) gives exactly the plain ordered query', async () => {
    const plain = (db.prepare(`SELECT id FROM received_invoice WHERE environment = 'sandbox' AND enterprise = ? ORDER BY id DESC`).all(MINE) as Array<{ id: number }>).map((row) => row.id);
    expect(plain.length).toBeGreaterThan(ROWS * 0.75);
    expect(await walk({}, 500)).toEqual(plain);
  });

  it("the other enterprise's ledger holds its own rows only, with its own totals", async () => {
    const theirs = await store.ledgerAll('sandbox', OTHER, {});
    expect(theirs.length).toBeGreaterThan(ROWS * 0.15);
    expect(theirs.every((row) => row.enterprise === OTHER)).toBe(true);
    expect((await store.ledgerTotals('sandbox', OTHER, {})).rows).toBe(theirs.length);
    expect((await store.ledgerTotals('sandbox', OTHER, {})).jshj).not.toBe((await store.ledgerTotals('sandbox', MINE, {})).jshj);
  });

  for (const [kind, filter] of Object.entries(FILTERS)) {
    it(`${kind}: pages = the rows the filter selects, in order; totals = one aggregate, duplicates once; no SCAN, no sort`, async () => {
      const ids = await walk(filter, 211);
      const all = await store.ledgerAll('sandbox', MINE, filter);
      expect(ids).toEqual(all.map((row) => row.id));
      expect(ids.length).toBeGreaterThan(0);
      const counted = all.filter((row) => row.duplicate_of === null);
      const totals = await store.ledgerTotals('sandbox', MINE, filter);
      expect(totals.count).toBe(counted.length);
      expect(totals.rows).toBe(all.length);
      const fen = (values: Array<string | null>) => values.reduce((sum, value) => sum + Math.round(Number(value ?? 0) * 100), 0);
      expect(Math.round(Number(totals.fpje) * 100)).toBe(fen(counted.map((row) => row.hjje)));
      expect(Math.round(Number(totals.jshj) * 100)).toBe(fen(counted.map((row) => row.jshj)));

      prepared.length = 0;
      const fresh = storeOn(recording());
      await fresh.ledgerPage('sandbox', MINE, filter, null, 20);
      await fresh.ledgerPage('sandbox', MINE, filter, 50_000, 20);
      const pageSql = prepared.filter((sql) => sql.includes('INDEXED BY received_invoice_enterprise_ledger') && /\bLIMIT\b/i.test(sql));
      expect(pageSql).toHaveLength(2);
      for (const sql of pageSql) {
        const params = (sql.match(/\?/g) ?? []).map(() => 'x');
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail);
        expect(plan.filter((detail) => /^SCAN received_invoice\b/.test(detail)), plan.join(' | ')).toEqual([]);
        expect(plan.some((detail) => /^SEARCH received_invoice USING INDEX received_invoice_enterprise_ledger/.test(detail)), plan.join(' | ')).toBe(true);
        expect(plan.filter((detail) => /TEMP B-TREE FOR ORDER BY/.test(detail)), plan.join(' | ')).toEqual([]);
      }
    });
  }
});
