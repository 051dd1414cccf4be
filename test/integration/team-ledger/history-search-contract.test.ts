/**
 * The history search's contract across the two ledgers: the same invoices written into a real SQLite
 * ledger (the desk's migrations and issuance repo) and copied row for row into a real PostgreSQL team
 * ledger (its migrations, test/support/pg.ts); every search kind — 1-, 2- and 3+-character fragments
 * (Chinese and mixed-case ASCII, in names, tax IDs, numbers, serials, remarks, goods), identifier prefixes,
 * date ranges, status, type, blue/red, amounts, reversal state, per enterprise — walked page by page
 * through both returns the same invoices in the same order, and the same rows on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { createHistoryRepo } from '../../../main/features/history/repo.js';
import { createIssuanceRepo } from '../../../main/features/issuance/repo.js';
import { createTeamHistorySearch } from '../../../main/ledger/pg/history-search.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import type { HistoryFilter, HistoryRow } from '../../../shared/ipc/index.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';

const SELLER = '91330100MA2B3C4D5E';
const OTHER_SELLER = '91310000MA1FL8XQ5D';
const NAMES = ['杭州星河科技有限公司', '宁波云端贸易有限公司', '温州海川物流公司', 'Acme Trading 有限公司', '苏州恒达科技集团有限公司', 'BlueSky科技', '上海瑞丰电子有限公司', '星河湾物业'];
const GOODS = ['*信息技术服务*软件开发', '*办公用品*打印纸', '*运输服务*货物运输', '*电子元件*星河芯片'];
const COUNT = 360;

const dir = tempDir('fapiao-team-search-');
const sqlite = openDatabase(path.join(dir, 'history.db'));
let team: TestDatabase;
let pool: pg.Pool;

/** Writes the invoices into SQLite through the desk's issuance repo, as issuing does. */
function writeDesk(): void {
  const issuance = createIssuanceRepo(sqlite);
  const start = Date.parse('2026-03-01T00:00:00.000Z');
  sqlite.transaction(() => {
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
          ghdwsbh: x % 5 === 0 ? null : `91${330100 + (x % 13)}MA${(x * 2654435761 % 4294967296).toString(16).toUpperCase().padStart(8, '0')}`,
          jshj: red ? `-${total}` : total,
          hjse: `${x % 300}.06`,
          requestJson: JSON.stringify({ bz: x % 6 === 0 ? `合同 XY${x} 备注` : '' }),
          lines: x % 4 === 1 ? [{ spmc: GOODS[x % GOODS.length]!, spbm: '3040201010000000000', spsl: '1', dj: '100', je: '100.00', sl: '0.06', se: '6.00' }] : [],
        },
        now,
      );
      if (x % 10 === 3) issuance.markFailed(lsh, 'E1', 'refused', now);
      else if (x % 10 !== 7) {
        issuance.markIssued(lsh, { fpdm: x % 2 === 0 ? `0330${String(x).padStart(8, '0')}` : null, fphm: `2633${String(x).padStart(8, '0')}`, kprq: now, jym: null, skm: null, pdf: null, ofd: null, xml: null, zflx: null }, now);
      }
    }
    // Red reversals of blue invoices: the red invoice x (every 30th) reverses blue x - 1 in part or in full.
    const reverse = sqlite.prepare(`INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, created_at) SELECT r.id, b.id, ?, '1', r.created_at FROM issued_invoice r, issued_invoice b WHERE r.id = ? AND b.id = ?`);
    for (let x = 30; x <= COUNT; x += 30) {
      const blue = sqlite.prepare<[number], { jshj: string }>(`SELECT jshj FROM issued_invoice WHERE id = ?`).get(x - 1);
      reverse.run(x % 60 === 0 ? blue!.jshj : '1.00', x, x - 1);
    }
  })();
}

/** Copies the desk's rows into the team ledger with their ids, as moving a ledger in will. */
async function copyToTeam(): Promise<void> {
  const columns = ['id', 'lsh', 'environment', 'fplxdm', 'kplx', 'xhdwsbh', 'xhdwmc', 'ghdwmc', 'ghdwsbh', 'jshj', 'hjse', 'status', 'request_json', 'fpdm', 'fphm', 'kprq', 'created_at', 'updated_at'];
  const copy = async (table: string, names: string[]) => {
    const rows = sqlite.prepare(`SELECT ${names.join(', ')} FROM ${table}`).raw(true).all() as unknown[][];
    for (const row of rows) {
      await pool.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`, row);
    }
    return rows.length;
  };
  expect(await copy('issued_invoice', columns)).toBe(COUNT);
  expect(await copy('issued_invoice_line', ['invoice_id', 'line_no', 'spmc', 'spbm', 'spsl', 'dj', 'je', 'sl', 'se'])).toBe(COUNT / 4);
  expect(await copy('red_reversal', ['red_invoice_id', 'blue_invoice_id', 'amount', 'chyydm', 'created_at'])).toBe(COUNT / 30);
  await pool.query('ANALYZE');
}

beforeAll(async () => {
  writeDesk();
  team = await createTestDatabase();
  pool = new pg.Pool({ host: team.address.host, port: team.address.port, database: team.name, user: team.address.user, password: team.password, max: 2 });
  await migrateTeamLedger(pool);
  await copyToTeam();
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await team?.drop();
  closeDatabase(sqlite);
  fs.rmSync(dir, { recursive: true, force: true });
});

const desk = createHistoryRepo(sqlite);
const teamSearch = () => createTeamHistorySearch(pool);

/** Every page of a search, walked by its cursors. */
async function walk(page: (cursor: string | undefined) => Promise<{ rows: HistoryRow[]; next: string | null; needMoreText: boolean }>) {
  const rows: HistoryRow[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const result = await page(cursor);
    if (result.needMoreText) return 'needMoreText' as const;
    rows.push(...result.rows);
    if (result.next === null) return rows;
    cursor = result.next;
  }
  throw new Error('too many pages');
}

const SEARCHES: Array<[string, Omit<HistoryFilter, 'direction'>]> = [
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
  ['status failed', { status: 'failed' }],
  ['status queued and a pair', { status: 'queued', text: '科技' }],
  ['type 004', { type: '004' }],
  ['red invoices', { kplx: '1' }],
  ['an amount range', { amountMin: '1000', amountMax: '3000.50' }],
  ['fully reversed', { reversal: 'full' }],
  ['partly reversed', { reversal: 'partial' }],
  ['not reversed, with text', { reversal: 'none', text: '公司' }],
];

describe('history search: SQLite desk and PostgreSQL team ledger give the same answer', () => {
  it.each(SEARCHES)('%s: the same invoices in the same order across pages', async (_kind, filter) => {
    for (const [environment, seller] of [['sandbox', SELLER], ['remote', SELLER], ['sandbox', OTHER_SELLER]] as const) {
      for (const limit of [7, 50]) {
        const asked = (cursor: string | undefined): HistoryFilter => ({ ...filter, direction: 'output', limit, ...(cursor ? { cursor } : {}) });
        const expected = await walk(async (cursor) => desk.searchHistory(environment, seller, asked(cursor)));
        const actual = await walk((cursor) => teamSearch().page(environment, seller, asked(cursor)));
        if (expected === 'needMoreText') {
          expect(actual).toBe('needMoreText');
          continue;
        }
        expect(actual).not.toBe('needMoreText');
        expect((actual as HistoryRow[]).map((row) => row.id)).toEqual(expected.map((row) => row.id));
        expect(actual).toEqual(expected);
      }
    }
  });

  it('the searches are not vacuous: most find several pages, and the kinds differ', async () => {
    const counts = await Promise.all(SEARCHES.map(async ([, filter]) => (await teamSearch().count('sandbox', SELLER, { ...filter, direction: 'output' })).count));
    expect(counts.filter((n) => n > 7).length).toBeGreaterThan(SEARCHES.length / 2);
    expect(new Set(counts).size).toBeGreaterThan(10);
    expect(counts[0]).toBe((sqlite.prepare(`SELECT count(*) AS n FROM issued_invoice WHERE environment = 'sandbox' AND xhdwsbh = ?`).get(SELLER) as { n: number }).n);
  });

  it('counts as the desk counts', async () => {
    for (const [, filter] of SEARCHES) {
      const asked: HistoryFilter = { ...filter, direction: 'output' };
      expect(await teamSearch().count('sandbox', SELLER, asked)).toEqual(desk.countOutput('sandbox', SELLER, asked));
    }
  });
});
