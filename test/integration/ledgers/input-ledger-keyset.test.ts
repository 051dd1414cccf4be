/**
 * The input ledger (进项台账) over 100,000 collected invoices (issue 15.3): keyset pages walked to the
 * end give exactly the rows of a plain ordered query (newest issue date first, id as tie-break, undated
 * last), with and without filters; each page query walks `collected_invoice_ledger` (EXPLAIN QUERY
 * PLAN: no SCAN of the table, no sort); the totals are one aggregate equal to summing the rows.
 * The rows are written in SQL on a real database file migrated to the latest version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import { createCollectionStore } from '../../../main/ledger/stores/collection.js';
import { sqliteStoreSql } from '../../../main/ledger/stores/sql.js';
import type { LedgerFilter } from '../../../shared/ipc/schemas/collection.js';
import { tempDir } from '../../support/sample-issuance.js';

const ROWS = 100_000;
const BUYER = '91310000MA1FL8XQ5D';
const OTHER = '91440300MA5G00000X';
const dir = tempDir('fapiao-input-ledger-');
const db = openDatabase(path.join(dir, 'history.db'));
// 100,000 invoices of BUYER over ~3 years (many per day: the id breaks ties), every 997th undated, and
// 5,000 of another enterprise interleaved (never listed).
db.exec(`
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS + 5000})
  INSERT INTO collected_invoice (environment, enterprise, fplxdm, fpdm, fphm, kprq, issue_date, dqskssq, gmfsbh, xhfmc, xhfsbh, hjje, se, yxse, fpzt, rzzt, rzsq, glzt, record_json, collected_at)
  SELECT 'sandbox', CASE WHEN i % 21 = 0 THEN '${OTHER}' ELSE '${BUYER}' END,
         CASE i % 3 WHEN 0 THEN '01' WHEN 1 THEN '08' ELSE '31' END, '', printf('%08d', i),
         CASE WHEN i % 997 = 0 THEN NULL ELSE date('2023-01-01', '+' || ((i * 7919) % 1100) || ' days') END,
         CASE WHEN i % 997 = 0 THEN NULL ELSE date('2023-01-01', '+' || ((i * 7919) % 1100) || ' days') END,
         '2025' || printf('%02d', 1 + i % 12), '${BUYER}', '供应商' || (i % 500) || '有限公司', '9133' || printf('%014d', i % 500),
         printf('%d.%02d', i % 9000, i % 100), printf('%d.%02d', i % 900, i % 37), printf('%d.%02d', i % 900, i % 37),
         CASE WHEN i % 50 = 0 THEN '2' ELSE '0' END, CASE WHEN i % 4 = 0 THEN '1' WHEN i % 4 = 1 THEN NULL ELSE '0' END,
         CASE WHEN i % 4 = 0 THEN '202501' END, '0', '{}', '2025-01-01T00:00:00Z'
  FROM n;
  ANALYZE;
`);
afterAll(() => {
  closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The store over a handle that also keeps the SQL of every statement it runs (to EXPLAIN it): the store prepares
 * a statement once per connection, so its text is kept each time it is run, not when it is prepared.
 */
const prepared: string[] = [];
const recording = new Proxy(db, {
  get(target, key) {
    if (key === 'prepare') {
      return (sql: string) => {
        const statement = target.prepare(sql);
        const all = statement.all.bind(statement);
        return Object.assign(statement, { all: (...args: unknown[]) => (prepared.push(sql), all(...args)) });
      };
    }
    const value = Reflect.get(target, key) as unknown;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
}) as Db;
const store = createCollectionStore(sqliteStoreSql(recording, () => recording));
const repo = {
  page: (enterprise: string, filter: LedgerFilter, cursor: string | undefined, limit: number) => store.page('sandbox', enterprise, filter, cursor, limit),
  all: (enterprise: string, filter: LedgerFilter, limit: number) => store.all('sandbox', enterprise, filter, limit),
  totals: (enterprise: string, filter: LedgerFilter) => store.totals('sandbox', enterprise, filter),
};

const FILTERS: Record<string, LedgerFilter> = {
  everything: {},
  type: { FPLXDM: '01' },
  'not certified': { RZZT: '0' },
  'type + status + certification': { FPLXDM: '01', FPZT: '0', RZZT: '0', GLZT: '0' },
  period: { period: '202501' },
  seller: { seller: '供应商42有限' },
  'amount range': { amountMin: '100', amountMax: '2000' },
};

async function walk(filter: LedgerFilter, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < ROWS; pages++) {
    const page = await repo.page(BUYER, filter, cursor, limit);
    ids.push(...page.rows.map((row) => row.id));
    if (page.next === null) return ids;
    expect(page.rows).toHaveLength(limit);
    cursor = page.next;
  }
  throw new Error('the pages never ended');
}

describe('input ledger keyset pages over 100,000 invoices', () => {
  it('walking every page (500 a page) gives exactly the plain ordered query, undated last', async () => {
    const plain = (db.prepare(`SELECT id FROM collected_invoice WHERE environment = 'sandbox' AND enterprise = ? ORDER BY issue_date DESC, id DESC`).all(BUYER) as Array<{ id: number }>).map(
      (row) => row.id,
    );
    expect(plain.length).toBeGreaterThan(ROWS * 0.9);
    expect(await walk({}, 500)).toEqual(plain);
  });

  for (const [kind, filter] of Object.entries(FILTERS)) {
    it(`${kind}: pages = the rows the filter selects, in order; totals = one aggregate equal to the rows' sums; no SCAN, no sort`, async () => {
      const ids = await walk(filter, 97);
      const all = await repo.all(BUYER, filter, 1_000_000);
      expect(ids).toEqual(all.map((row) => row.id));
      expect(ids.length).toBeGreaterThan(0);
      const totals = await repo.totals(BUYER, filter);
      expect(totals.count).toBe(all.length);
      const fen = (values: Array<string | null>) => values.reduce((sum, value) => sum + Math.round(Number(value ?? 0) * 100), 0);
      expect(Math.round(Number(totals.amount) * 100)).toBe(fen(all.map((row) => row.HJJE)));
      expect(Math.round(Number(totals.tax) * 100)).toBe(fen(all.map((row) => row.SE)));

      // The page statements actually run (first page and one after a cursor, dated and undated parts).
      prepared.length = 0;
      const first = await repo.page(BUYER, filter, undefined, 20);
      if (first.next) await repo.page(BUYER, filter, first.next, 20);
      await repo.page(BUYER, filter, 'n99999999', 20);
      const pageSql = prepared.filter((sql) => sql.includes('INDEXED BY collected_invoice_ledger'));
      expect(pageSql.length).toBeGreaterThanOrEqual(3);
      for (const sql of pageSql) {
        const params = (sql.match(/\?/g) ?? []).map(() => '2024-01-01');
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail);
        expect(plan.filter((detail) => /^SCAN c\b/.test(detail)), plan.join(' | ')).toEqual([]);
        expect(plan.some((detail) => /^SEARCH c USING INDEX collected_invoice_ledger/.test(detail)), plan.join(' | ')).toBe(true);
        expect(plan.filter((detail) => /TEMP B-TREE FOR ORDER BY/.test(detail)), plan.join(' | ')).toEqual([]);
      }
    });
  }

  it('refuses a cursor it did not write', async () => {
    await expect(repo.page(BUYER, {}, 'x12', 20)).rejects.toThrow(/invalidCursor/);
  });
});
