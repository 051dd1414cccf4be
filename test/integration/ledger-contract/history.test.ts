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
 * environment and enterprise; a line's rate and levy and voided invoices (issue 33: a dashboard bar opens
 * exactly the invoices it counts), checked against the invoices the test wrote (WRITTEN), not only
 * SQLite against PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import type { Ledger } from '../../../main/ledger/port.js';
import type { Environment, HistoryFilter, HistoryRow, HistorySearchResult } from '../../../shared/ipc/index.js';
import { tempDir } from '../../support/sample-issuance.js';
import { LEDGER_DATABASES, type MovedLedger } from './adapters.js';
import { expectedSerials, LEVY_OF_LSLBS, OTHER_SELLER, SELLER, WRITTEN, writeCollected, writeIssued } from './history-data.js';

const dir = tempDir('fapiao-history-contract-');
const deskFile = path.join(dir, 'history.db');
let desk: Db;
/** Per database (LEDGER_DATABASES' names): the desk's ledger file moved into it, and a desk's ledger on it. */
const moved = new Map<string, MovedLedger>();
const ledgers = new Map<string, Ledger>();
const NAMES = LEDGER_DATABASES.map((database) => database.name);
/** The database the others' answers are compared with (the list's first), and those others. */
const [{ name: FIRST }, ...compared] = LEDGER_DATABASES;
const OTHERS = compared.map((database) => database.name);
const ledgerOn = (name: string) => ledgers.get(name)!;

beforeAll(async () => {
  desk = openDatabase(deskFile);
  await writeIssued(desk);
  await writeCollected(desk);
  for (const database of LEDGER_DATABASES) moved.set(database.name, await database.moveIn({ file: deskFile, db: desk }));
  for (const [name, ledger] of moved) ledgers.set(name, ledger.open());
}, 120_000);
afterAll(async () => {
  for (const ledger of moved.values()) await ledger.close();
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
  ['a pair and a line at 13 % normal', { text: '有限', lineRate: '0.13', lineLevy: 'normal' }],
  ['3+ characters and an exempt line', { text: '科技有', lineLevy: 'exempt' }],
  ['a serial prefix and a normal line', { text: 'FPD0001', lineLevy: 'normal' }],
  ['a pair, voided left out', { text: '公司', voided: false }],
];

/**
 * The line and voided filters (issue 33), each checked against the invoices the test wrote: a dashboard bar
 * sets month, issued, not voided, rate and levy.
 */
const LINE_SEARCHES: Array<[string, Omit<HistoryFilter, 'direction'>]> = [
  ['13 % normal (0.13 and 0.130 alike)', { lineRate: '0.13', lineLevy: 'normal' }],
  ['3 % simple levy', { lineRate: '0.03', lineLevy: 'simple' }],
  ['3 % normal: not the simple-levy lines', { lineRate: '0.03', lineLevy: 'normal' }],
  ['0 exempt', { lineRate: '0', lineLevy: 'exempt' }],
  ['0 zero rate (0 and 0.00 alike)', { lineRate: '0.00', lineLevy: 'zeroRate' }],
  ['not taxed', { lineRate: '0', lineLevy: 'notTaxed' }],
  ['difference levy, any rate', { lineLevy: 'difference' }],
  ['6 %, any levy', { lineRate: '0.06' }],
  ['a rate no line has', { lineRate: '0.09', lineLevy: 'normal' }],
  ['the dashboard bar: a month, issued, not voided, 13 % normal', { dateFrom: '2026-03-01', dateTo: '2026-03-31', status: 'issued', voided: false, lineRate: '0.13', lineLevy: 'normal' }],
  ['voided only', { voided: true }],
  ['issued, voided left out', { status: 'issued', voided: false }],
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
        const expected = await walk(ledgerOn(FIRST), environment, seller, asked);
        for (const name of OTHERS) {
          const actual = await walk(ledgerOn(name), environment, seller, asked);
          expect(actual === 'needMoreText' ? actual : actual.map((row) => row.id), name).toEqual(expected === 'needMoreText' ? expected : expected.map((row) => row.id));
          expect(actual, name).toEqual(expected);
        }
      }
    }
  });

  it.each(MIXED_SEARCHES)('mixed, %s: the same rows in the same order across offset pages', async (_kind, filter) => {
    for (const [environment, seller] of SCOPES) {
      for (const limit of [9, 100]) {
        const expected = await walk(ledgerOn(FIRST), environment, seller, { ...filter, limit });
        for (const name of OTHERS) expect(await walk(ledgerOn(name), environment, seller, { ...filter, limit }), name).toEqual(expected);
      }
    }
  });

  it('counts as the desk counts, the tally-exact ones included', async () => {
    const filters: HistoryFilter[] = [...OUTPUT_SEARCHES.map(([, filter]) => filter), { status: 'issued' }, { status: 'normal' }, { direction: 'input' }];
    for (const [environment, seller] of SCOPES) {
      for (const filter of filters) {
        const asked: HistoryFilter = { ...filter, direction: filter.direction ?? 'output' };
        const expected = await ledgerOn(FIRST).history.countOutput(environment, seller, asked);
        for (const name of OTHERS) expect(await ledgerOn(name).history.countOutput(environment, seller, asked), name).toEqual(expected);
      }
    }
  });

  it('the searches are not vacuous: most find several pages, the kinds differ, both sides appear', async () => {
    const own = desk.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM issued_invoice WHERE environment = 'sandbox' AND xhdwsbh = ?`).get(SELLER)!.n;
    // On the databases compared with the first: the comparisons hold the first to the same answers.
    for (const name of OTHERS) {
      const ledger = ledgerOn(name);
      const counts = await Promise.all(OUTPUT_SEARCHES.map(async ([, filter]) => (await ledger.history.countOutput('sandbox', SELLER, { ...filter, direction: 'output' })).count));
      expect(counts.filter((n) => n > 7).length, name).toBeGreaterThan(OUTPUT_SEARCHES.length / 2);
      expect(new Set(counts).size, name).toBeGreaterThan(10);
      expect(counts[0], name).toBe(own);
      const mixed = await walk(ledger, 'sandbox', SELLER, { text: '星河', limit: 100 });
      expect(mixed, name).not.toBe('needMoreText');
      const directions = new Set((mixed as HistoryRow[]).map((row) => row.direction));
      expect(directions, name).toEqual(new Set(['output', 'input']));
    }
  });

  it.each(LINE_SEARCHES)('a line or voided filter, %s: exactly the invoices written so, on both ledgers, in keyset pages, in the mixed list and counted', async (_kind, filter) => {
    for (const [environment, seller] of SCOPES) {
      const expected = expectedSerials(environment, seller, filter);
      for (const name of NAMES) {
        const where = `${name} ${environment} ${seller}`;
        for (const limit of [7, 50]) {
          const rows = await walk(ledgerOn(name), environment, seller, { ...filter, direction: 'output', limit });
          expect(rows === 'needMoreText' ? rows : rows.map((row) => row.serial), `${where} limit ${limit}`).toEqual(expected);
        }
        expect(await ledgerOn(name).history.countOutput(environment, seller, { ...filter, direction: 'output' }), where).toEqual({ count: expected.length, exact: true });
        // Without a direction: the filter is an output notion, so the collected invoices stay out.
        const mixed = await walk(ledgerOn(name), environment, seller, { ...filter, limit: 9 });
        expect(mixed === 'needMoreText' ? mixed : mixed.map((row) => `${row.direction} ${row.serial}`), `${where} mixed`).toEqual(expected.map((lsh) => `output ${lsh}`));
      }
    }
  });

  it('the line filters are not vacuous: most find invoices, and one line must hold both the rate and the levy', () => {
    const found = LINE_SEARCHES.map(([kind, filter]) => [kind, expectedSerials('sandbox', SELLER, filter).length] as const);
    expect(found.filter(([, n]) => n === 0).map(([kind]) => kind)).toEqual(['a rate no line has']);
    expect(found.filter(([, n]) => n > 7).length).toBeGreaterThan(LINE_SEARCHES.length / 2);
    // Invoices of the enterprise with a 3 % line and a normal line that are not one line: 3 % normal leaves them out.
    const threeNormal = new Set(expectedSerials('sandbox', SELLER, { lineRate: '0.03', lineLevy: 'normal' }));
    const normal = new Set(expectedSerials('sandbox', SELLER, { lineLevy: 'normal' }));
    const apart = expectedSerials('sandbox', SELLER, { lineRate: '0.03' }).filter((lsh) => normal.has(lsh) && !threeNormal.has(lsh));
    expect(apart.length).toBeGreaterThan(0);
    expect(WRITTEN.filter((w) => w.voided && w.environment === 'sandbox' && w.seller === SELLER).length).toBeGreaterThan(3);
  });

  it("each invoice's distinct rates and levies (the export's column), as written, alike on both ledgers", async () => {
    const rows = (await walk(ledgerOn(FIRST), 'sandbox', SELLER, { direction: 'output', limit: 500 })) as HistoryRow[];
    const expected = new Map<number, Array<{ rate: string; levy: string; deduction: string | null }>>();
    for (const row of rows) {
      const lines = WRITTEN.find((w) => w.lsh === row.serial)!.lines;
      const distinct = lines.filter((line, n) => lines.findIndex((other) => other.sl === line.sl && other.lslbs === line.lslbs && other.kce === line.kce) === n);
      if (distinct.length > 0) expected.set(row.id, distinct.map((line) => ({ rate: line.sl, levy: LEVY_OF_LSLBS[line.lslbs ?? '']!, deduction: line.kce })));
    }
    expect(expected.size).toBeGreaterThan(50);
    expect([...expected.values()].some((levies) => levies.length > 1)).toBe(true);
    expect([...expected.values()].some((levies) => levies.some((levy) => levy.deduction !== null))).toBe(true);
    for (const name of NAMES) {
      expect(await ledgerOn(name).history.lineLevies(rows.map((row) => row.id)), name).toEqual(expected);
      expect(await ledgerOn(name).history.lineLevies([]), name).toEqual(new Map());
    }
  });

  it.each(OUTPUT_SEARCHES.filter(([, filter]) => filter.text !== undefined && (filter.lineRate ?? filter.lineLevy ?? filter.voided) !== undefined))(
    'text with a line or voided filter, %s: the text\'s invoices that the filter names',
    async (_kind, filter) => {
      const { text, ...rest } = filter;
      for (const name of NAMES) {
        const both = (await walk(ledgerOn(name), 'sandbox', SELLER, { ...filter, direction: 'output', limit: 7 })) as HistoryRow[];
        const byText = (await walk(ledgerOn(name), 'sandbox', SELLER, { text, direction: 'output', limit: 50 })) as HistoryRow[];
        const named = new Set(expectedSerials('sandbox', SELLER, rest));
        const expected = byText.map((row) => row.serial).filter((lsh) => lsh !== null && named.has(lsh));
        expect(expected.length, name).toBeGreaterThan(0);
        expect(both.map((row) => row.serial), name).toEqual(expected);
      }
    },
  );

  it.each(NAMES)('on %s, a transaction reads what the ledger reads outside it', async (name) => {
    const ledger = ledgerOn(name);
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
    for (const ledger of NAMES.map(ledgerOn)) {
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
      const expected = await walk(ledgerOn(FIRST), 'sandbox', SELLER, asked);
      for (const name of OTHERS) {
        const actual = await walk(ledgerOn(name), 'sandbox', SELLER, asked);
        expect(actual, name).toEqual(expected);
        expect((actual as HistoryRow[]).filter((row) => row.serial?.startsWith('LATE')).map((row) => row.serial).sort(), name).toEqual(serials);
      }
    }
  });

  it.each(NAMES)('on %s, 1-character words alone ask for more text; input-only statuses leave output out', async (name) => {
    const ledger = ledgerOn(name);
    expect(await ledger.history.search('sandbox', SELLER, { direction: 'output', text: '科' })).toEqual({ rows: [], next: null, hasMore: false, needMoreText: true });
    const voided = await ledger.history.search('sandbox', SELLER, { status: 'voided', limit: 500 });
    expect(voided.rows.length).toBeGreaterThan(0);
    expect(voided.rows.every((row) => row.direction === 'input' && row.status === 'voided')).toBe(true);
  });
});
