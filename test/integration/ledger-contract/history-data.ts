/**
 * The invoices the history store's contract test (history.test.ts) writes on the desk, and what it knows of
 * them without asking a ledger: WRITTEN, each output invoice as written (environment, seller, state, voided,
 * submission time, lines' rates and levies), from which expectedSerials works out what a line or voided
 * filter must find.
 */
import Decimal from 'decimal.js';
import type { Db } from '../../../main/db/open.js';
import type { CollectedInvoice } from '../../../main/features/collection/store.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';
import type { Environment, HistoryFilter } from '../../../shared/ipc/index.js';
import { storeCollectedPage } from '../../support/collected-page.js';

export const SELLER = '91330100MA2B3C4D5E';
export const OTHER_SELLER = '91310000MA1FL8XQ5D';
export const NAMES = ['杭州星河科技有限公司', '宁波云端贸易有限公司', '温州海川物流公司', 'Acme Trading 有限公司', '苏州恒达科技集团有限公司', 'BlueSky科技', '上海瑞丰电子有限公司', '星河湾物业'];
export const GOODS = ['*信息技术服务*软件开发', '*办公用品*打印纸', '*运输服务*货物运输', '*电子元件*星河芯片'];
export const COUNT = 360;
export const COLLECTED = 90;
/**
 * The rates and levies lines are written at, sl as a desk may hold it (0.13 and 0.130, 0.00 and 0 are one
 * rate each). lslbs: null normal, 1 免税, 2 不征税, 3 零税率, 4 差额征税, 5 简易征收.
 */
export const LEVIES: ReadonlyArray<{ sl: string; lslbs: string | null; kce?: string }> = [
  { sl: '0.13', lslbs: null },
  { sl: '0.06', lslbs: null },
  { sl: '0.03', lslbs: '5' },
  { sl: '0.00', lslbs: '1' },
  { sl: '0.130', lslbs: null },
  { sl: '0', lslbs: '3' },
  { sl: '0.06', lslbs: '4', kce: '20.00' },
  { sl: '0.03', lslbs: null },
  { sl: '0.00', lslbs: '2' },
];
/** The levy of an lslbs, as the test reads the service's codes (its own table, not the app's). */
export const LEVY_OF_LSLBS: Record<string, string> = { '': 'normal', '1': 'exempt', '2': 'notTaxed', '3': 'zeroRate', '4': 'difference', '5': 'simple', '6': 'reduced' };

/** What the test wrote of each output invoice, for the expectations of the line and voided filters. */
export interface Written {
  x: number;
  lsh: string;
  environment: Environment;
  seller: string;
  status: 'queued' | 'issued' | 'failed';
  voided: boolean;
  createdAt: string;
  lines: ReadonlyArray<{ sl: string; lslbs: string | null; kce: string | null }>;
}
export const WRITTEN: Written[] = [];

/** Invoice x's lines: a goods line on every 4th, a second line on every 5th, at rates and levies taken in turn. */
export function linesOf(x: number) {
  const line = (spmc: string, levy: (typeof LEVIES)[number]) => ({
    spmc,
    spbm: '3040201010000000000',
    spsl: '1',
    dj: '100',
    je: '100.00',
    sl: levy.sl,
    se: levy.lslbs === null || levy.lslbs === '5' ? new Decimal(100).times(levy.sl).dividedBy(new Decimal(1).plus(levy.sl)).toFixed(2) : '0.00',
    lslbs: levy.lslbs,
    zzstsgl: null,
    kce: levy.kce ?? null,
  });
  return [
    ...(x % 4 === 1 ? [line(GOODS[x % GOODS.length]!, LEVIES[(x >> 2) % LEVIES.length]!)] : []),
    ...(x % 5 === 2 ? [line('*其他*杂项', LEVIES[(x * 7) % LEVIES.length]!)] : []),
  ];
}

/** Issued invoices through the desk's ledger (its triggers build the search index), red reversals. */
export async function writeIssued(db: Db): Promise<void> {
  const start = Date.parse('2026-03-01T00:00:00.000Z');
  await createSqliteLedger(db).transaction(async ({ issuedInvoices: issuance }) => {
    for (let x = 1; x <= COUNT; x++) {
      const red = x % 30 === 0;
      const now = new Date(start + x * 3 * 3600_000).toISOString();
      const lsh = `FPD${String(x).padStart(6, '0')}${x % 7 === 0 ? 'Ab' : ''}`;
      const total = `${(x * 37) % 5000}.${String(x % 100).padStart(2, '0')}`;
      const environment = x % 11 === 0 ? 'remote' : 'sandbox';
      const seller = x % 9 === 0 ? OTHER_SELLER : SELLER;
      const lines = linesOf(x);
      const status = x % 10 === 3 ? 'failed' : x % 10 === 7 ? 'queued' : 'issued';
      // Every 13th issued invoice was voided (the service's zflx), as the statistics count them: apart.
      const voided = status === 'issued' && x % 13 === 4;
      WRITTEN.push({ x, lsh, environment, seller, status, voided, createdAt: now, lines });
      await issuance.insert(
        {
          lsh,
          environment,
          fplxdm: x % 3 === 0 ? '004' : '026',
          kplx: red ? '1' : '0',
          xhdwsbh: seller,
          xhdwmc: '演示企业',
          ghdwmc: `${NAMES[x % NAMES.length]}${x % 4 === 0 ? '分部' : ''}`,
          ghdwsbh: x % 5 === 0 ? null : `91${330100 + (x % 13)}MA${((x * 2654435761) % 4294967296).toString(16).toUpperCase().padStart(8, '0')}`,
          jshj: red ? `-${total}` : total,
          hjse: `${x % 300}.06`,
          requestJson: JSON.stringify({ bz: x % 6 === 0 ? `合同 XY${x} 备注` : '' }),
          lines,
        },
        now,
      );
      if (status === 'failed') await issuance.markFailed(lsh, 'E1', 'refused', now);
      else if (status === 'issued') {
        const fields = { fpdm: x % 2 === 0 ? `0330${String(x).padStart(8, '0')}` : null, fphm: `2633${String(x).padStart(8, '0')}`, kprq: now, jym: null, skm: null, pdf: null, ofd: null, xml: null };
        await issuance.markIssued(lsh, { ...fields, zflx: voided ? '1' : null }, now);
      }
    }
    // The red invoice x (every 30th) reverses blue x - 1, in full for every 60th, else in part.
    const reverse = db.prepare(`INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, created_at) SELECT r.id, b.id, ?, '1', r.created_at FROM issued_invoice r, issued_invoice b WHERE r.id = ? AND b.id = ?`);
    const blueTotal = db.prepare<[number], { jshj: string }>(`SELECT jshj FROM issued_invoice WHERE id = ?`);
    for (let x = 30; x <= COUNT; x += 30) reverse.run(x % 60 === 0 ? blueTotal.get(x - 1)!.jshj : '1.00', x, x - 1);
  });
}

/** Collected input invoices through the collection store's writes (buyer: the enterprise; seller names like the buyers' above). */
export async function writeCollected(db: Db): Promise<void> {
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
  for (const environment of ['sandbox', 'remote'] as const) {
    await storeCollectedPage(db, { environment, PCH: 'P'.repeat(32), records: records(environment), collectedAt: '2026-06-01T00:00:00.000Z' });
  }
}

const EXPECTED_KEYS = new Set(['status', 'voided', 'dateFrom', 'dateTo', 'lineRate', 'lineLevy']);
/** The serials a line or voided filter must find, newest first, from what the test wrote (never from a ledger). */
export function expectedSerials(environment: Environment, seller: string, filter: Omit<HistoryFilter, 'direction'>): string[] {
  const unknown = Object.keys(filter).filter((key) => !EXPECTED_KEYS.has(key));
  if (unknown.length > 0) throw new Error(`expectedSerials does not know ${unknown.join(', ')}`);
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
  const lineMatches = (line: Written['lines'][number]) =>
    (filter.lineRate === undefined || new Decimal(line.sl).equals(filter.lineRate)) && (filter.lineLevy === undefined || LEVY_OF_LSLBS[line.lslbs ?? ''] === filter.lineLevy);
  return WRITTEN.filter(
    (w) =>
      w.environment === environment &&
      w.seller === seller &&
      (filter.status === undefined || w.status === filter.status) &&
      (filter.voided === undefined || w.voided === filter.voided) &&
      (filter.dateFrom === undefined || Date.parse(w.createdAt) >= dayStart(filter.dateFrom)) &&
      (filter.dateTo === undefined || Date.parse(w.createdAt) < dayStart(filter.dateTo) + 86_400_000) &&
      ((filter.lineRate === undefined && filter.lineLevy === undefined) || w.lines.some(lineMatches)),
  )
    .sort((a, b) => b.x - a.x)
    .map((w) => w.lsh);
}
