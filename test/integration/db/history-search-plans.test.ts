/**
 * Issue 15: every kind of history search is served by an index — EXPLAIN QUERY PLAN of the exact SQL
 * the repo runs (pages and counts) never SCANs the invoice table — and keyset pages, walked to the
 * end, give exactly what a plain scan finds, newest first. 20,000 realistic invoices (the bench's
 * generator) with ANALYZE statistics, so the planner sees a big table, plus copies of 3,000 of them
 * sold by a second enterprise: every search is the active enterprise's, the two never mix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { createHistoryRepo } from '../../../main/features/history/repo.js';
import { createOutputSearch } from '../../../main/features/history/search-repo.js';
import type { HistoryFilter, HistoryRow } from '../../../shared/ipc/index.js';
import { generateHistory, nameOf, numberOf, SELLER, taxIdOf } from '../../bench/history-data.js';
import { tempDir } from '../../support/sample-issuance.js';

const ROWS = 20_000;
const dir = tempDir('fapiao-plans-');
const db = openDatabase(path.join(dir, 'history.db'));
generateHistory(db, ROWS);
/** The second enterprise: the same buyers and numbers as the first 3,000 invoices, submitted after the others (ids follow time). */
const OTHER = '91440300MA5G00000X';
db.prepare(
  `INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, fpdm, fphm, kprq, created_at, updated_at)
   SELECT 'O' || lsh, environment, fplxdm, kplx, ?, '深圳另一家有限公司', ghdwmc, ghdwsbh, jshj, hjse, status, request_json, fpdm, fphm, kprq,
          strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+20 days'), updated_at
     FROM issued_invoice WHERE id <= 3000 ORDER BY id`,
).run(OTHER);
db.exec('ANALYZE');
const search = createOutputSearch(db);
const repo = createHistoryRepo(db);
afterAll(() => {
  closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const KINDS: Record<string, Omit<HistoryFilter, 'direction'>> = {
  everything: {},
  status: { status: 'failed' },
  type: { type: '004' },
  'red/blue': { kplx: '1' },
  'date range': { dateFrom: '2023-01-05', dateTo: '2023-01-09' },
  'amount range': { amountMin: '100', amountMax: '2000' },
  'amount from': { amountMin: '99000' },
  'reversal full': { reversal: 'full' },
  'reversal none': { reversal: 'none' },
  'status + type + red/blue + dates': { status: 'issued', type: '026', kplx: '0', dateFrom: '2023-01-02', dateTo: '2023-01-20' },
  'common 2-char': { text: '有限' },
  'rare 2-char': { text: nameOf(2345).slice(2, 4) },
  '3-char': { text: nameOf(2345).slice(1, 4) },
  '4-char': { text: nameOf(2345).slice(2, 6) },
  'tax-ID prefix': { text: taxIdOf(2345).slice(0, 12) },
  'invoice number': { text: numberOf(2345) },
  'text + date range': { text: '科技', dateFrom: '2023-01-05', dateTo: '2023-01-09' },
  '3-char + date range': { text: nameOf(2345).slice(1, 4), dateFrom: '2023-01-05', dateTo: '2023-01-09' },
  'text + status + amount': { text: '科技', status: 'issued', amountMax: '500' },
  'two words': { text: `${nameOf(2345).slice(2, 4)} 公司` },
  '1-char next to a word': { text: `科技 ${nameOf(2345).slice(0, 1)}` },
  'buyer box': { buyer: nameOf(2345).slice(2, 4) },
  // A dashboard bar of this month by rate (issue 33): a line's rate and levy, issued, voided left out.
  'a rate bar': { status: 'issued', voided: false, dateFrom: '2023-01-02', dateTo: '2023-01-20', lineRate: '0.13', lineLevy: 'normal' },
  'text + a line levy': { text: '科技', lineLevy: 'exempt' },
  remote: { text: '有限', status: 'issued' },
};

/** Text kinds whose matches fall among the 3,000 copied invoices. */
const OTHER_FINDS = new Set(['common 2-char', 'rare 2-char', '3-char', '4-char', 'tax-ID prefix', 'invoice number', 'two words', '1-char next to a word', 'buyer box']);

const plan = (sql: string, params: unknown[]) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail);
const scansOfTables = (sql: string, params: unknown[]) =>
  plan(sql, params).filter((detail) => /^SCAN (i|ri|issued_invoice)\b/.test(detail));

describe('history search plans (no SCAN of issued_invoice)', () => {
  for (const [kind, filter] of Object.entries(KINDS)) {
    it(`${kind}: page and count use indexes`, () => {
      const environment = kind === 'remote' ? 'remote' : 'sandbox';
      const page = search.build(environment, SELLER, { ...filter, direction: 'output' }, 51);
      expect(page.needMoreText || page.empty).toBe(false);
      expect(scansOfTables(page.sql, page.params)).toEqual([]);
      // Newest first straight from the index order (an amount range may be walked by its own index).
      if (!kind.startsWith('amount')) expect(plan(page.sql, page.params).filter((detail) => /TEMP B-TREE FOR ORDER BY/.test(detail))).toEqual([]);
      const count = search.build(environment, SELLER, { ...filter, direction: 'output' }, 10_001, 'count');
      expect(scansOfTables(`SELECT count(*) FROM (${count.sql})`, count.params)).toEqual([]);
      // A page with text runs in two steps (search-repo.ts), the driver's ids and then rows probed by id, or in one.
      expect(search.pageSql(environment, SELLER, { ...filter, direction: 'output' }) !== null).toBe(filter.text !== undefined || filter.buyer !== undefined);
      // Both steps: a trigram driver's first batch in one statement, and the walk after it.
      for (const twoStep of (['first', 'walk'] as const).map((step) => search.pageSql(environment, SELLER, { ...filter, direction: 'output' }, step))) {
        if (twoStep === null) continue;
        const placeholders = Array.from({ length: twoStep.driver.split('?').length - 1 }, () => 1);
        expect(scansOfTables(twoStep.driver, placeholders)).toEqual([]);
        expect(plan(twoStep.driver, placeholders).filter((detail) => /TEMP B-TREE/.test(detail))).toEqual([]);
        expect(scansOfTables(twoStep.probe.sql, twoStep.probe.params)).toEqual([]);
        expect(plan(twoStep.probe.sql, twoStep.probe.params)[0]).toBe('SEARCH i USING INTEGER PRIMARY KEY (rowid=?)');
        // Newest first by walking the id list backwards, not by sorting the rows found.
        expect(plan(twoStep.probe.sql, twoStep.probe.params).filter((detail) => /TEMP B-TREE/.test(detail))).toEqual([]);
      }
    });
  }

  it("a line filter looks the lines up by their key, per invoice the other conditions let through (no SCAN of the lines)", () => {
    for (const kind of ['a rate bar', 'text + a line levy']) {
      const filter = { ...KINDS[kind], direction: 'output' as const };
      const two = search.pageSql('sandbox', SELLER, filter);
      for (const query of [search.build('sandbox', SELLER, filter, 51), ...(two ? [two.probe] : [])]) {
        const details = plan(query.sql, query.params);
        expect(details.filter((detail) => /^SCAN l\b/.test(detail)), kind).toEqual([]);
        expect(details.some((detail) => /^SEARCH l\b.* USING .*INDEX \S+ \(invoice_id=\?\)$/.test(detail)), `${kind}: ${details.join(' | ')}`).toBe(true);
      }
    }
  });

  it('the date bounds are one index step each (no sort of the range)', () => {
    for (const sql of search.boundSql) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('sandbox', '2023-01-05T00:00:00.000Z') as Array<{ detail: string }>).map((row) => row.detail);
      expect(plan.join(' | ')).toMatch(/^SEARCH issued_invoice USING COVERING INDEX issued_invoice_created \(environment=\? AND created_at[<>]\?\)$/);
    }
    const both = (db.prepare(`EXPLAIN QUERY PLAN ${search.bothBoundsSql}`).all('sandbox', '2023-01-05T00:00:00.000Z', 'sandbox', '2023-01-09T00:00:00.000Z') as Array<{ detail: string }>)
      .map((row) => row.detail)
      .filter((detail) => (detail.startsWith('SEARCH') || detail.startsWith('SCAN')) && detail !== 'SCAN CONSTANT ROW');
    expect(both).toEqual([
      'SEARCH issued_invoice USING COVERING INDEX issued_invoice_created (environment=? AND created_at>?)',
      'SEARCH issued_invoice USING COVERING INDEX issued_invoice_created (environment=? AND created_at<?)',
    ]);
  });

  it("a page's reversal states are index probes of red_reversal and issued_invoice by id (no scan)", () => {
    // Whether a row has one at all: a probe of red_reversal's index per row of the page (a column of the page).
    const probe = search.pageSql('sandbox', SELLER, { direction: 'output', text: '科技' })?.probe;
    expect(plan(probe?.sql ?? '', probe?.params ?? [])).toContain('CORRELATED SCALAR SUBQUERY 1');
    expect(plan(probe?.sql ?? '', probe?.params ?? [])).toContain('SEARCH r USING COVERING INDEX red_reversal_blue (blue_invoice_id=?)');
    const details = (db.prepare(`EXPLAIN QUERY PLAN ${search.reversalSql}`).all(JSON.stringify([1, 2, 3])) as Array<{ detail: string }>).map((row) => row.detail);
    expect(details.filter((detail) => /^SCAN (issued_invoice|red_reversal)\b/.test(detail))).toEqual([]);
    expect(details.some((detail) => /^SEARCH i USING INTEGER PRIMARY KEY/.test(detail))).toBe(true);
  });

  it("a probe's statement is found by its shape: one shape, one SQL text", () => {
    // search-repo.ts prepares a probe once per shape key and binds its values after; two searches whose
    // SQL differs must never share a key, or one would run the other's conditions.
    const sqlOf = new Map<string, string>();
    const cursors = [undefined, 'o2000'];
    for (const [kind, filter] of Object.entries(KINDS)) {
      for (const cursor of cursors) {
        for (const extra of [{}, { status: 'issued' as const }, { amountMin: '1' }, { reversal: 'none' as const }, { buyer: '公司' }, { text: `${filter.text ?? '有限'} 科` }]) {
          const twoStep = search.pageSql(kind === 'remote' ? 'remote' : 'sandbox', SELLER, { ...filter, ...extra, direction: 'output', ...(cursor ? { cursor } : {}) });
          if (twoStep === null) continue;
          const known = sqlOf.get(twoStep.probeKey);
          if (known !== undefined) expect(twoStep.probe.sql).toBe(known);
          sqlOf.set(twoStep.probeKey, twoStep.probe.sql);
        }
      }
    }
    // Many shapes were seen (the check above ran on more than a handful).
    expect(sqlOf.size).toBeGreaterThan(20);
    expect(new Set(sqlOf.values()).size).toBe(sqlOf.size);
  });

  it('a page further on (cursor) keeps the same plan', () => {
    const first = repo.searchHistory('sandbox', SELLER, { direction: 'output', text: '科技', limit: 20 });
    expect(first.next).not.toBeNull();
    const page = search.build('sandbox', SELLER, { direction: 'output', text: '科技', cursor: first.next ?? undefined }, 21);
    expect(scansOfTables(page.sql, page.params)).toEqual([]);
  });
});

/** Every page of a search, following the cursors. */
function walk(filter: Omit<HistoryFilter, 'direction'>, limit = 97, seller = SELLER): HistoryRow[] {
  const rows: HistoryRow[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = repo.searchHistory('sandbox', seller, { ...filter, direction: 'output', limit, ...(cursor ? { cursor } : {}) });
    rows.push(...page.rows);
    if (page.next === null) return rows;
    cursor = page.next;
  }
  throw new Error('too many pages');
}
const plainIdsOf = (seller: string, where: string, ...params: unknown[]) =>
  (
    db.prepare(`SELECT id FROM issued_invoice i WHERE environment = 'sandbox' AND xhdwsbh = ? AND (${where}) ORDER BY id DESC`).all(seller, ...params) as Array<{
      id: number;
    }>
  ).map((row) => row.id);
const plainIds = (where: string, ...params: unknown[]) => plainIdsOf(SELLER, where, ...params);

describe('keyset pages find exactly what a scan finds, newest first', () => {
  it.each([
    ['rare 2-char', { text: nameOf(2345).slice(2, 4) }, `instr(ghdwmc, ?) > 0`, [nameOf(2345).slice(2, 4)]],
    ['3-char + status', { text: nameOf(777).slice(1, 4), status: 'issued' as const }, `instr(ghdwmc, ?) > 0 AND status = 'issued'`, [nameOf(777).slice(1, 4)]],
    ['tax-ID prefix', { text: taxIdOf(2345).slice(0, 10).toLowerCase() }, `ghdwsbh LIKE ?`, [`${taxIdOf(2345).slice(0, 10)}%`]],
    ['amount range + red', { amountMin: '-3000', amountMax: '-1', kplx: '1' as const }, `CAST(jshj AS REAL) BETWEEN -3000 AND -1 AND kplx = '1'`, []],
    ['4-char', { text: nameOf(2345).slice(2, 6) }, `instr(ghdwmc, ?) > 0`, [nameOf(2345).slice(2, 6)]],
    // Most candidates of 科技 fail the status: the two-step page reads ever bigger batches of them.
    ['2-char + a rare status', { text: '科技', status: 'failed' as const }, `instr(ghdwmc, '科技') > 0 AND status = 'failed'`, []],
    ['3-char + 2-char', { text: `${nameOf(777).slice(1, 4)} 公司` }, `instr(ghdwmc, ?) > 0 AND instr(ghdwmc, '公司') > 0`, [nameOf(777).slice(1, 4)]],
    ['2-char + date range', { text: '科技', dateFrom: '2023-01-05', dateTo: '2023-01-06' }, `instr(ghdwmc, '科技') > 0 AND created_at >= '2023-01-04T16:00:00.000Z' AND created_at < '2023-01-06T16:00:00.000Z'`, []],
  ])('%s', (_kind, filter, where, params) => {
    const expected = plainIds(where, ...params);
    expect(expected.length).toBeGreaterThan(0);
    expect(walk(filter).map((row) => row.id)).toEqual(expected);
    const count = repo.countOutput('sandbox', SELLER, { ...filter, direction: 'output' });
    expect(count).toEqual({ count: expected.length, exact: true });
  });

  it.each([
    ['2-char', { text: nameOf(2345).slice(2, 4) }, `instr(ghdwmc, ?) > 0`, [nameOf(2345).slice(2, 4)]],
    ['3-char', { text: nameOf(2345).slice(3, 6) }, `instr(ghdwmc, ?) > 0`, [nameOf(2345).slice(3, 6)]],
    ['4-char', { text: nameOf(2345).slice(4, 8) }, `instr(ghdwmc, ?) > 0`, [nameOf(2345).slice(4, 8)]],
    ['tax-ID prefix', { text: taxIdOf(2345).slice(0, 8) }, `ghdwsbh LIKE ?`, [`${taxIdOf(2345).slice(0, 8)}%`]],
    ['2-char + a rare status', { text: '科技', status: 'failed' as const }, `instr(ghdwmc, '科技') > 0 AND status = 'failed'`, []],
    // A first batch with a match or two among failing candidates: the walk goes on below it, not over it again.
    ['common 2-char + a rare status', { text: '有限', status: 'failed' as const }, `instr(ghdwmc, '有限') > 0 AND status = 'failed'`, []],
    ['common 3-char + a rare status', { text: '有限公', status: 'failed' as const }, `instr(ghdwmc, '有限公') > 0 AND status = 'failed'`, []],
  ])('%s: small pages (a page ending inside a probe, or on its last row) walk to what a scan finds', (_kind, filter, where, params) => {
    // The probe stops at the rows a page still wants, and a batch that leaves the page short is followed
    // by the next: what follows must come from the next page, once.
    const expected = plainIds(where, ...params);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(1000);
    for (const limit of [1, 2, 7, 15, 16, 17, 33, 500]) expect(walk(filter, limit).map((row) => row.id)).toEqual(expected);
  });

  it.each(Object.entries(KINDS).filter(([kind]) => kind !== 'remote'))('%s: two enterprises never mix', (_kind, filter) => {
    for (const seller of [SELLER, OTHER]) {
      const found = walk(filter, 500, seller);
      const sellers = found.length === 0 ? [] : (db.prepare(`SELECT DISTINCT xhdwsbh AS s FROM issued_invoice WHERE id IN (${found.map((row) => row.id).join(',')})`).all() as Array<{ s: string }>);
      expect(sellers.map((row) => row.s).filter((s) => s !== seller)).toEqual([]);
    }
    // The second enterprise sells to the same buyers: a text search finds its copies, not the originals.
    if (filter.text !== undefined && OTHER_FINDS.has(_kind)) expect(walk(filter, 500, OTHER).length).toBeGreaterThan(0);
  });

  it('a 1-character search asks for a second character instead of scanning', () => {
    expect(repo.searchHistory('sandbox', SELLER, { direction: 'output', text: '科' })).toEqual({ rows: [], next: null, hasMore: false, needMoreText: true });
  });

  it('counts: exact from the tally, a lower bound past the cap', () => {
    for (const seller of [SELLER, OTHER]) {
      const all = (db.prepare(`SELECT count(*) AS n FROM issued_invoice WHERE environment = 'sandbox' AND xhdwsbh = ?`).get(seller) as { n: number }).n;
      expect(repo.countOutput('sandbox', seller, { direction: 'output' })).toEqual({ count: all, exact: true });
      const failed = (db.prepare(`SELECT count(*) AS n FROM issued_invoice WHERE environment = 'sandbox' AND xhdwsbh = ? AND status = 'failed'`).get(seller) as { n: number }).n;
      expect(repo.countOutput('sandbox', seller, { direction: 'output', status: 'failed' })).toEqual({ count: failed, exact: true });
    }
    expect(repo.countOutput('sandbox', SELLER, { direction: 'output', text: '有限' })).toEqual({ count: 10_000, exact: false });
    expect(repo.countOutput('sandbox', '91000000MA0000000X', { direction: 'output' })).toEqual({ count: 0, exact: true });
  });
});
