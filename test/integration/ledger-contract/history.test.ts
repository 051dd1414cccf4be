/**
 * The ledger port's contract for the history store (main/features/history/store.ts; docs/team-ledger.md §2):
 * the same invoices in a real SQLite ledger and a real PostgreSQL team ledger give the same answers through
 * `ledger.history` — every search kind walked page by page, the mixed output + input list, the counts —
 * outside a transaction and inside one.
 *
 * The invoices are written on the desk as the desk writes them (the issuance repo, red reversals, the
 * collection repo for collected input invoices, so the desk's triggers build its trigram index, posting
 * table and tallies) and moved into an empty team ledger by the desk's own move (moveDeskToTeam), so both
 * ledgers hold the same rows with the same ids. Searches: 1-, 2- and 3+-character fragments (Chinese and
 * mixed-case ASCII, in names, tax IDs, numbers, serials, remarks, goods), identifier prefixes (tax ID,
 * number, code, serial), date ranges, status, type, blue/red, amounts, reversal state, buyer, per
 * environment and enterprise.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import { createCollectionRepo, type CollectedInvoice } from '../../../main/features/collection/repo.js';
import { createIssuanceRepo } from '../../../main/features/issuance/repo.js';
import { moveDeskToTeam } from '../../../main/ledger/move/move-in.js';
import { createPgLedger } from '../../../main/ledger/pg/ledger.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';
import type { Environment, HistoryFilter, HistoryRow, HistorySearchResult } from '../../../shared/ipc/index.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';

const SELLER = '91330100MA2B3C4D5E';
const OTHER_SELLER = '91310000MA1FL8XQ5D';
const NAMES = ['杭州星河科技有限公司', '宁波云端贸易有限公司', '温州海川物流公司', 'Acme Trading 有限公司', '苏州恒达科技集团有限公司', 'BlueSky科技', '上海瑞丰电子有限公司', '星河湾物业'];
const GOODS = ['*信息技术服务*软件开发', '*办公用品*打印纸', '*运输服务*货物运输', '*电子元件*星河芯片'];
const COUNT = 360;
const COLLECTED = 90;

const dir = tempDir('fapiao-history-contract-');
const deskFile = path.join(dir, 'history.db');
let desk: Db;
let team: TestDatabase;
let pool: pg.Pool;
const ledgers: Record<'SQLite' | 'PostgreSQL', Ledger> = {} as never;

/** Issued invoices through the desk's issuance repo (its triggers build the search index), red reversals. */
function writeIssued(db: Db): void {
  const issuance = createIssuanceRepo(db);
  const start = Date.parse('2026-03-01T00:00:00.000Z');
  db.transaction(() => {
    for (let x = 1; x <= COUNT; x++) {
      const red = x % 30 === 0;
      const now = new Date(start + x * 3 * 3600_000).toISOString();
      const lsh = `FPD${String(x).padStart(6, '0')}${x % 7 === 0 ? 'Ab' : ''}`;
      const total = `${(x * 37) % 5000}.${String(x % 100).padStart(2, '0')}`;
      issuance.insert(
        {
          lsh,
          environment: x % 11 === 0 ? 'remote' : 'sandbox',
          fplxdm: x % 3 === 0 ? '004' : '026',
          kplx: red ? '1' : '0',
          xhdwsbh: x % 9 === 0 ? OTHER_SELLER : SELLER,
          xhdwmc: '演示企业',
          ghdwmc: `${NAMES[x % NAMES.length]}${x % 4 === 0 ? '分部' : ''}`,
          ghdwsbh: x % 5 === 0 ? null : `91${330100 + (x % 13)}MA${((x * 2654435761) % 4294967296).toString(16).toUpperCase().padStart(8, '0')}`,
          jshj: red ? `-${total}` : total,
          hjse: `${x % 300}.06`,
          requestJson: JSON.stringify({ bz: x % 6 === 0 ? `合同 XY${x} 备注` : '' }),
          lines: x % 4 === 1 ? [{ spmc: GOODS[x % GOODS.length]!, spbm: '3040201010000000000', spsl: '1', dj: '100', je: '100.00', sl: '0.06', se: '6.00', lslbs: null, zzstsgl: null, kce: null }] : [],
        },
        now,
      );
      if (x % 10 === 3) issuance.markFailed(lsh, 'E1', 'refused', now);
      else if (x % 10 !== 7) {
        issuance.markIssued(lsh, { fpdm: x % 2 === 0 ? `0330${String(x).padStart(8, '0')}` : null, fphm: `2633${String(x).padStart(8, '0')}`, kprq: now, jym: null, skm: null, pdf: null, ofd: null, xml: null, zflx: null }, now);
      }
    }
    // The red invoice x (every 30th) reverses blue x - 1, in full for every 60th, else in part.
    const reverse = db.prepare(`INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, created_at) SELECT r.id, b.id, ?, '1', r.created_at FROM issued_invoice r, issued_invoice b WHERE r.id = ? AND b.id = ?`);
    const blueTotal = db.prepare<[number], { jshj: string }>(`SELECT jshj FROM issued_invoice WHERE id = ?`);
    for (let x = 30; x <= COUNT; x += 30) reverse.run(x % 60 === 0 ? blueTotal.get(x - 1)!.jshj : '1.00', x, x - 1);
  })();
}

/** Collected input invoices through the collection repo (buyer: the enterprise; seller names like the buyers' above). */
function writeCollected(db: Db): void {
  const records = (environment: Environment): CollectedInvoice[] =>
    Array.from({ length: COLLECTED }, (_, n): CollectedInvoice => ({
      FPLXDM: n % 4 === 0 ? '004' : '026',
      FPDM: n % 2 === 0 ? `3300${String(n).padStart(8, '0')}` : '',
      FPHM: `7700${String(n).padStart(8, '0')}${environment === 'remote' ? '9' : ''}`,
      KPRQ: n % 17 === 5 ? null : `2026${String(3 + (n % 3)).padStart(2, '0')}${String(1 + ((n * 7) % 28)).padStart(2, '0')}`,
      GMFSBH: n % 10 === 9 ? OTHER_SELLER : SELLER,
      XHFMC: `${NAMES[(n + 3) % NAMES.length]}${n % 5 === 0 ? '销售部' : ''}`,
      XHFSBH: `91440300MA5${String(n).padStart(7, '0')}`,
      HJJE: `${n * 10}.00`,
      SE: `${n}.30`,
      JSHJ: `${n * 10 + n}.30`,
      FPZT: String(n % 5),
      lines: n % 3 === 0 ? [{ XH: 1, SPMC: GOODS[n % GOODS.length]!, JE: '10.00', SL: '0.13', SE: '1.30' }] : [],
      recordJson: '{}',
    }));
  const repo = createCollectionRepo(db);
  for (const environment of ['sandbox', 'remote'] as const) {
    repo.storeCollectedPage({ environment, PCH: 'P'.repeat(32), records: records(environment), collectedAt: '2026-06-01T00:00:00.000Z' });
  }
}

beforeAll(async () => {
  desk = openDatabase(deskFile);
  writeIssued(desk);
  writeCollected(desk);
  team = await createTestDatabase();
  pool = createTeamPool(team.address, team.password, { log: () => {} });
  await moveDeskToTeam({ deskFile, pool });
  await pool.query('ANALYZE');
  ledgers.SQLite = createSqliteLedger(desk);
  ledgers.PostgreSQL = createPgLedger(pool, { desk: 'desk-1' });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await team?.drop();
  if (desk) closeDatabase(desk);
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = HistoryRow[] | 'needMoreText';
/** Every page of a search, walked by its cursors (output) or offsets (mixed). */
async function walk(ledger: Ledger, environment: Environment, seller: string, filter: HistoryFilter): Promise<Answer> {
  const rows: HistoryRow[] = [];
  let page: { cursor?: string; offset?: number } = filter.direction === 'output' ? {} : { offset: 0 };
  for (let pages = 0; pages < 300; pages++) {
    const result: HistorySearchResult = await ledger.history.search(environment, seller, { ...filter, ...page });
    if (result.needMoreText) return 'needMoreText';
    rows.push(...result.rows);
    if (!result.hasMore) return rows;
    if (filter.direction === 'output') {
      if (result.next === null) return rows;
      page = { cursor: result.next };
    } else {
      expect(result.next).toBeNull();
      page = { offset: rows.length };
    }
  }
  throw new Error('too many pages');
}

const SCOPES = [['sandbox', SELLER], ['remote', SELLER], ['sandbox', OTHER_SELLER]] as const;

const OUTPUT_SEARCHES: Array<[string, Omit<HistoryFilter, 'direction'>]> = [
  ['everything', {}],
  ['a common Chinese pair', { text: '有限' }],
  ['a rarer Chinese pair', { text: '星河' }],
  ['a pair spanning name and nothing else (no pair across fields)', { text: '司9' }],
  ['an ASCII pair, any case', { text: 'ab' }],
  ['a pair in the remark only', { text: '备注' }],
  ['3 Chinese characters', { text: '科技有' }],
  ['4 Chinese characters, in names and goods', { text: '星河芯片' }],
  ['3+ characters in goods only', { text: '打印纸' }],
  ['mixed-case ASCII fragment', { text: 'acme' }],
  ['a tax-ID fragment', { text: '30105' }],
  ['a serial fragment', { text: 'D0001' }],
  ['a tax-ID prefix (identifier)', { text: '91330103' }],
  ['an invoice-number prefix', { text: '26330000012' }],
  ['an invoice-code prefix', { text: '033000000' }],
  ['a serial prefix', { text: 'FPD00010' }],
  ['two words', { text: '科技 有限' }],
  ['a pair and a single character', { text: '星河 州' }],
  ['a single character alone', { text: '州' }],
  ['the buyer field', { buyer: '贸易' }],
  ['a date range', { dateFrom: '2026-03-10', dateTo: '2026-04-20' }],
  ['a date range after the last invoice', { dateFrom: '2027-01-01' }],
  ['text and a date range', { text: '有限', dateFrom: '2026-03-10', dateTo: '2026-04-20' }],
  ['a rarer pair and a date range', { text: '星河', dateFrom: '2026-03-10', dateTo: '2026-04-20' }],
  ['a pair from a day on', { text: '科技', dateFrom: '2026-04-01' }],
  ['a pair up to a day', { text: '有限', dateTo: '2026-03-20' }],
  ['a pair and a date range holding no invoice', { text: '有限', dateFrom: '2026-02-01', dateTo: '2026-02-20' }],
  ['a date range before the first invoice', { dateTo: '2026-02-01' }],
  ['a pair, a date range and a status', { text: '公司', dateFrom: '2026-03-05', dateTo: '2026-04-10', status: 'issued' }],
  ['3 characters and a date range', { text: '科技有', dateFrom: '2026-03-10', dateTo: '2026-04-20' }],
  ['a pair of digits (numbers, tax IDs, serials)', { text: '01' }],
  ['a pair and a 3+ fragment', { text: '星河 有限公' }],
  ['an identifier and a pair', { text: 'FPD00010 星河' }],
  ['a pair and the buyer field', { text: '有限', buyer: '宁波' }],
  ['status failed', { status: 'failed' }],
  ['status queued and a pair', { status: 'queued', text: '科技' }],
  ['type 004', { type: '004' }],
  ['red invoices', { kplx: '1' }],
  ['an amount range', { amountMin: '1000', amountMax: '3000.50' }],
  ['fully reversed', { reversal: 'full' }],
  ['partly reversed', { reversal: 'partial' }],
  ['not reversed, with text', { reversal: 'none', text: '公司' }],
];

/** Searches over both sides (no direction) or the input side, paged by offset. */
const MIXED_SEARCHES: Array<[string, HistoryFilter]> = [
  ['both sides, everything', {}],
  ['input only', { direction: 'input' }],
  ['both sides, a 3+ fragment in names', { text: '星河科技' }],
  ['both sides, goods', { text: '打印纸' }],
  ['both sides, a pair', { text: '星河' }],
  ['both sides, an ASCII pair in any case', { text: 'AC' }],
  ['input only, a number fragment', { direction: 'input', text: '000001' }],
  ['input only, a single character', { direction: 'input', text: '宁' }],
  ['an input status', { status: 'voided' }],
  ['an output status', { status: 'issued' }],
  ['type 004 on both sides', { type: '004' }],
  ['a date range on both sides', { dateFrom: '2026-03-05', dateTo: '2026-04-10' }],
  ['the buyer field (output only)', { buyer: 'acme' }],
  ['an amount range (output only)', { amountMin: '100', amountMax: '2000' }],
  ['blue invoices not reversed (output only)', { kplx: '0', reversal: 'none' }],
];

describe('the history store: SQLite desk and PostgreSQL team ledger give the same answers', () => {
  it.each(OUTPUT_SEARCHES)('output, %s: the same invoices in the same order across keyset pages', async (_kind, filter) => {
    for (const [environment, seller] of SCOPES) {
      for (const limit of [7, 50]) {
        const asked: HistoryFilter = { ...filter, direction: 'output', limit };
        const expected = await walk(ledgers.SQLite, environment, seller, asked);
        const actual = await walk(ledgers.PostgreSQL, environment, seller, asked);
        expect(actual === 'needMoreText' ? actual : actual.map((row) => row.id)).toEqual(expected === 'needMoreText' ? expected : expected.map((row) => row.id));
        expect(actual).toEqual(expected);
      }
    }
  });

  it.each(MIXED_SEARCHES)('mixed, %s: the same rows in the same order across offset pages', async (_kind, filter) => {
    for (const [environment, seller] of SCOPES) {
      for (const limit of [9, 100]) {
        const expected = await walk(ledgers.SQLite, environment, seller, { ...filter, limit });
        const actual = await walk(ledgers.PostgreSQL, environment, seller, { ...filter, limit });
        expect(actual).toEqual(expected);
      }
    }
  });

  it('counts as the desk counts, the tally-exact ones included', async () => {
    const filters: HistoryFilter[] = [...OUTPUT_SEARCHES.map(([, filter]) => filter), { status: 'issued' }, { status: 'normal' }, { direction: 'input' }];
    for (const [environment, seller] of SCOPES) {
      for (const filter of filters) {
        const asked: HistoryFilter = { ...filter, direction: filter.direction ?? 'output' };
        expect(await ledgers.PostgreSQL.history.countOutput(environment, seller, asked)).toEqual(await ledgers.SQLite.history.countOutput(environment, seller, asked));
      }
    }
  });

  it('the searches are not vacuous: most find several pages, the kinds differ, both sides appear', async () => {
    const counts = await Promise.all(OUTPUT_SEARCHES.map(async ([, filter]) => (await ledgers.PostgreSQL.history.countOutput('sandbox', SELLER, { ...filter, direction: 'output' })).count));
    expect(counts.filter((n) => n > 7).length).toBeGreaterThan(OUTPUT_SEARCHES.length / 2);
    expect(new Set(counts).size).toBeGreaterThan(10);
    const own = desk.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM issued_invoice WHERE environment = 'sandbox' AND xhdwsbh = ?`).get(SELLER)!.n;
    expect(counts[0]).toBe(own);
    const mixed = await walk(ledgers.PostgreSQL, 'sandbox', SELLER, { text: '星河', limit: 100 });
    expect(mixed).not.toBe('needMoreText');
    const directions = new Set((mixed as HistoryRow[]).map((row) => row.direction));
    expect(directions).toEqual(new Set(['output', 'input']));
  });

  it.each(['SQLite', 'PostgreSQL'] as const)('on %s, a transaction reads what the ledger reads outside it', async (name) => {
    const ledger = ledgers[name];
    const filter: HistoryFilter = { direction: 'output', text: '科技', limit: 20 };
    const outside = await ledger.history.search('sandbox', SELLER, filter);
    const inside = await ledger.transaction(async (tx) => ({
      page: await tx.history.search('sandbox', SELLER, filter),
      count: await tx.history.countOutput('sandbox', SELLER, filter),
    }));
    expect(inside.page).toEqual(outside);
    expect(outside.rows).toHaveLength(20);
    expect(inside.count).toEqual(await ledger.history.countOutput('sandbox', SELLER, filter));
  });

  // After the comparisons above: it adds invoices to both ledgers (the same ones on each, so they would still agree).
  it('invoices written through both ledgers after the move are found alike, by pairs of their names, remarks and the numbers issuing gave them', async () => {
    const at = (n: number) => new Date(Date.parse('2026-07-01T00:00:00.000Z') + n * 3600_000).toISOString();
    const late = (n: number) => `LATE${String(n).padStart(4, '0')}`;
    for (const ledger of [ledgers.SQLite, ledgers.PostgreSQL]) {
      for (let n = 1; n <= 12; n++) {
        const invoice = {
          lsh: late(n),
          environment: 'sandbox' as const,
          fplxdm: '026' as const,
          kplx: '0' as const,
          xhdwsbh: SELLER,
          xhdwmc: '演示企业',
          ghdwmc: n % 2 === 1 ? '丽水翠谷茶业有限公司' : '星河新材料公司',
          ghdwsbh: null,
          jshj: '10.00',
          hjse: '0.60',
          requestJson: JSON.stringify({ bz: `晚到 ${n}` }),
          lines: [],
        };
        await ledger.transaction((tx) => tx.issuedInvoices.insert(invoice, at(n)));
        if (n % 3 !== 0) {
          const fields = { fpdm: null, fphm: `5577${String(n).padStart(8, '0')}`, kprq: at(n), jym: null, skm: null, pdf: null, ofd: null, xml: null, zflx: null };
          expect(await ledger.issuedInvoices.markIssued(invoice.lsh, fields, at(n))).toBe(true);
        }
      }
    }
    const searches: Array<[HistoryFilter, string[]]> = [
      [{ text: '翠谷' }, [1, 3, 5, 7, 9, 11].map(late)],
      [{ text: '晚到' }, Array.from({ length: 12 }, (_, i) => late(i + 1))],
      [{ text: '57' }, [1, 2, 4, 5, 7, 8, 10, 11].map(late)],
      [{ text: '星河', dateFrom: '2026-07-01', dateTo: '2026-07-01' }, [2, 4, 6, 8, 10, 12].map(late)],
      [{ text: '翠谷 57' }, [1, 5, 7, 11].map(late)],
    ];
    for (const [filter, serials] of searches) {
      const asked: HistoryFilter = { ...filter, direction: 'output', limit: 5 };
      const expected = await walk(ledgers.SQLite, 'sandbox', SELLER, asked);
      const actual = await walk(ledgers.PostgreSQL, 'sandbox', SELLER, asked);
      expect(actual).toEqual(expected);
      expect((actual as HistoryRow[]).filter((row) => row.serial?.startsWith('LATE')).map((row) => row.serial).sort()).toEqual(serials);
    }
  });

  it.each(['SQLite', 'PostgreSQL'] as const)('on %s, 1-character words alone ask for more text; input-only statuses leave output out', async (name) => {
    const ledger = ledgers[name];
    expect(await ledger.history.search('sandbox', SELLER, { direction: 'output', text: '科' })).toEqual({ rows: [], next: null, hasMore: false, needMoreText: true });
    const voided = await ledger.history.search('sandbox', SELLER, { status: 'voided', limit: 500 });
    expect(voided.rows.length).toBeGreaterThan(0);
    expect(voided.rows.every((row) => row.direction === 'input' && row.status === 'voided')).toBe(true);
  });
});
