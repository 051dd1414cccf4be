/**
 * The ledger port's contract for the statistics store (main/features/statistics/store.ts) on both adapters:
 * the same invoices, issued through the real issuance store (insert, then marked issued, failed or voided as
 * the outbox worker marks them), give the same buckets on SQLite (the kept totals of migration 0620) and on
 * PostgreSQL (one aggregate query) — and exactly the buckets this test works out from the invoices it sends:
 * lines at 13 %, 9 %, 6 %, 5 % and 3 % simplified (lslbs 5), 1 % reduced (6), exempt (1), not taxed (2), zero
 * rate (3), a 差额征税 line with its deduction (4, kce) and its red share, a 即征即退 line, a discount line under
 * a services line, goods, 加工修理修配劳务, services and immovable property; red and voided invoices, a failed
 * one, another seller, the China-time month boundary in every form of kprq.
 *
 * The expected amount of a line bucket is the sales BEFORE tax: je − se, with se worked out here with decimal.js
 * from the line's je and rate as the service defines it — je × sl / (1 + sl), on a 差额征税 line
 * (je − kce) × sl / (1 + sl) — never read back from what the store kept.
 */
import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewInvoice } from '../../../main/features/issuance/store.js';
import type { OutputBucket } from '../../../main/features/statistics/store.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { lineTax } from '../../../shared/rules/invoice-amounts.js';
import type { InvoiceType } from '../../../shared/ipc/index.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const S = '91330100MA2B3C4D5E';
const OTHER = '91110108MA01ABCD2X';

// Tax classification codes: the first digit is the class (1 goods, 2 加工修理修配劳务, 3 services, 5 不动产, 6 not a sale).
const PAPER = '1060201070000000000';
const FLOUR = '1030101010000000000';
const WHEAT = '1010101020000000000';
const SOFTWARE = '1060301020000000000';
const REPAIR = '2010000000000000000';
const IT = '3040201030000000000';
const TRANSPORT = '3010101020000000000';
const TRAVEL = '3040802000000000000';
const BUILDING = '5010101000000000000';
const PREPAID = '6010000000000000000';
/** The policy codes this test sends that are 即征即退 (levy then refund) policies. */
const LEVY_THEN_REFUND = new Set(['06']);

interface Line {
  spbm: string;
  je: string;
  sl: string;
  lslbs?: string;
  zzstsgl?: string;
}
interface Sent {
  lsh: string;
  fplxdm: InvoiceType;
  kplx?: '0' | '1';
  seller?: string;
  /** The issue time the service answers; null: none kept (an older row), the submission time decides. */
  kprq: string | null;
  /** When the desk submitted it (created_at); every other invoice on 20 November. */
  createdAt?: string;
  /** The China-time month it belongs to, worked out by hand from kprq (or createdAt). */
  month: string;
  outcome?: 'issued' | 'failed' | 'voided';
  /** The invoice's 差额征税 deduction (kce), yuan. */
  kce?: string;
  lines: Line[];
}

const SENT: Sent[] = [
  // 16:30Z on the 30th is 00:30 on 1 December in China.
  { lsh: 'S1', fplxdm: '004', kprq: '2026-11-30T16:30:00.000Z', month: '202612', lines: [
    { spbm: PAPER, je: '113.00', sl: '0.13' }, { spbm: FLOUR, je: '109.00', sl: '0.09' }, { spbm: IT, je: '212.00', sl: '0.06' }, { spbm: REPAIR, je: '56.50', sl: '0.13' },
  ] },
  // A red invoice taking back part of S1.
  { lsh: 'S2', fplxdm: '004', kplx: '1', kprq: '2026-12-05T10:00:00.000+0800', month: '202612', lines: [{ spbm: PAPER, je: '-56.50', sl: '0.13' }] },
  { lsh: 'S3', fplxdm: '026', kprq: '2026-12-10 09:00:00', month: '202612', outcome: 'voided', lines: [{ spbm: IT, je: '106.00', sl: '0.06' }] },
  { lsh: 'S4', fplxdm: '007', kprq: '2026-12-11T09:00:00.000+0800', month: '202612', outcome: 'failed', lines: [{ spbm: PAPER, je: '113.00', sl: '0.13' }] },
  // 简易计税: 5 % on a building sold, 3 % on goods; 减按 1 %.
  { lsh: 'S5', fplxdm: '82', kprq: '2026-12-12T10:00:00+08:00', month: '202612', lines: [
    { spbm: BUILDING, je: '1050.00', sl: '0.05', lslbs: '5' }, { spbm: PAPER, je: '103.00', sl: '0.03', lslbs: '5' }, { spbm: PAPER, je: '101.00', sl: '0.01', lslbs: '6' },
  ] },
  // 免税, 不征税, 零税率.
  { lsh: 'S6', fplxdm: '026', kprq: '2026-12-15T10:00:00.000+0800', month: '202612', lines: [
    { spbm: WHEAT, je: '500.00', sl: '0.00', lslbs: '1' }, { spbm: PREPAID, je: '200.00', sl: '0.00', lslbs: '2' }, { spbm: PAPER, je: '300.00', sl: '0.00', lslbs: '3' },
  ] },
  // 差额征税 (tax on 1050 − 520) and a 即征即退 software line; then a red invoice taking back half with half the deduction.
  { lsh: 'S7', fplxdm: '82', kprq: '2026-12-18T10:00:00.000+0800', month: '202612', kce: '520.00', lines: [
    { spbm: TRAVEL, je: '1050.00', sl: '0.06', lslbs: '4' }, { spbm: SOFTWARE, je: '226.00', sl: '0.13', zzstsgl: '06' },
  ] },
  { lsh: 'S8', fplxdm: '82', kplx: '1', kprq: '2026-12-19T10:00:00.000+0800', month: '202612', kce: '-260.00', lines: [{ spbm: TRAVEL, je: '-525.00', sl: '0.06', lslbs: '4' }] },
  // A discount line (spbm '') under a services line: in the services row.
  { lsh: 'S9', fplxdm: '026', kprq: '2026-12-21T10:00:00.000+0800', month: '202612', lines: [{ spbm: IT, je: '318.00', sl: '0.06' }, { spbm: '', je: '-31.80', sl: '0.06' }] },
  { lsh: 'S10', fplxdm: '004', seller: OTHER, kprq: '2026-12-01T10:00:00.000+0800', month: '202612', lines: [{ spbm: PAPER, je: '11.30', sl: '0.13' }] },
  // The last instants of November in China, and a compact kprq of an older row.
  { lsh: 'S11', fplxdm: '004', kprq: '2026-11-30T23:59:59+08:00', month: '202611', lines: [{ spbm: PAPER, je: '2.26', sl: '0.13' }] },
  { lsh: 'S12', fplxdm: '004', kprq: '2026-11-30T15:59:59.999+0000', month: '202611', lines: [{ spbm: PAPER, je: '2.26', sl: '0.13' }] },
  { lsh: 'S13', fplxdm: '004', kprq: '20261115103000', month: '202611', lines: [{ spbm: PAPER, je: '11.30', sl: '0.13' }] },
  { lsh: 'S14', fplxdm: '81', kprq: '2026-12-02T10:00:00+0800', month: '202612', lines: [{ spbm: PAPER, je: '226.00', sl: '0.13' }, { spbm: TRANSPORT, je: '109.00', sl: '0.09' }] },
  // No issue time kept: submitted at 17:00Z on 30 November, 01:00 on 1 December in China.
  { lsh: 'S15', fplxdm: '004', kprq: null, createdAt: '2026-11-30T17:00:00.000Z', month: '202612', lines: [{ spbm: FLOUR, je: '10.90', sl: '0.09' }] },
];

// ---- What the test expects, from the invoices above ----

const HALF_UP = Decimal.ROUND_HALF_UP;
const fen = (yuan: Decimal.Value) => new Decimal(yuan).times(100).toNumber();
const isDiscount = (line: Line) => line.spbm === '';
/** The 差额征税 deduction a line carries: the invoice's kce, on its lslbs 4 line that is not a discount. */
const deductionOf = (invoice: Sent, line: Line) => (line.lslbs === '4' && !isDiscount(line) && invoice.kce !== undefined ? invoice.kce : null);
/** The service's tax of a line including tax: je × sl / (1 + sl); on a 差额征税 line, of je − kce. */
function expectedTax(invoice: Sent, line: Line): Decimal {
  const base = new Decimal(line.je).minus(deductionOf(invoice, line) ?? 0);
  return base.times(line.sl).dividedBy(new Decimal(line.sl).plus(1)).toDecimalPlaces(2, HALF_UP);
}
const totalsOf = (invoice: Sent) => ({
  jshj: invoice.lines.reduce((sum, line) => sum.plus(line.je), new Decimal(0)),
  hjse: invoice.lines.reduce((sum, line) => sum.plus(expectedTax(invoice, line)), new Decimal(0)),
});

function expectedBuckets(seller: string, months: readonly string[]): OutputBucket[] {
  const buckets = new Map<string, OutputBucket>();
  const add = (invoice: Sent, key: Pick<OutputBucket, 'rate' | 'levy' | 'category' | 'refund'>, sums: Partial<OutputBucket>) => {
    const head = { fplxdm: invoice.fplxdm, kplx: invoice.kplx ?? '0', voided: invoice.outcome === 'voided' ? 1 : 0 };
    const id = JSON.stringify({ ...head, ...key });
    const at = buckets.get(id) ?? { ...head, ...key, invoices: 0, lines: 0, amountFen: 0, taxFen: 0, deductionFen: 0 };
    buckets.set(id, {
      ...at,
      invoices: at.invoices + (sums.invoices ?? 0),
      lines: at.lines + (sums.lines ?? 0),
      amountFen: at.amountFen + (sums.amountFen ?? 0),
      taxFen: at.taxFen + (sums.taxFen ?? 0),
      deductionFen: at.deductionFen + (sums.deductionFen ?? 0),
    });
  };
  for (const invoice of SENT) {
    if (invoice.outcome === 'failed' || (invoice.seller ?? S) !== seller || !months.includes(invoice.month)) continue;
    const { jshj, hjse } = totalsOf(invoice);
    add(invoice, { rate: '', levy: '', category: '', refund: 0 }, { invoices: 1, amountFen: fen(jshj.minus(hjse)), taxFen: fen(hjse) });
    invoice.lines.forEach((line, n) => {
      const above = invoice.lines[n - 1];
      const category = (isDiscount(line) ? (above?.spbm ?? '') : line.spbm).slice(0, 1);
      // A discount line is levied as the line it discounts (the issuance store writes it so).
      const own = isDiscount(line) && above ? above : line;
      const tax = expectedTax(invoice, line);
      add(
        invoice,
        { rate: line.sl, levy: own.lslbs ?? '', category, refund: own.zzstsgl && LEVY_THEN_REFUND.has(own.zzstsgl) ? 1 : 0 },
        { lines: 1, amountFen: fen(new Decimal(line.je).minus(tax)), taxFen: fen(tax), deductionFen: fen(deductionOf(invoice, line) ?? 0) },
      );
    });
  }
  return [...buckets.values()];
}

// ---- Sending them through the issuance store ----

const SUBMITTED = '2026-11-20T08:00:00.000Z';

/** The invoice as issuance hands it to the store: lines with the app's own tax (lineTax), levy, policy and deduction. */
function newInvoice(invoice: Sent): NewInvoice {
  const { jshj, hjse } = totalsOf(invoice);
  return {
    lsh: invoice.lsh,
    environment: 'sandbox',
    fplxdm: invoice.fplxdm,
    kplx: invoice.kplx ?? '0',
    xhdwsbh: invoice.seller ?? S,
    xhdwmc: '杭州测试有限公司',
    ghdwmc: '北京星河贸易有限公司',
    ghdwsbh: '91110105MA01ABCD2X',
    jshj: jshj.toFixed(2),
    hjse: hjse.toFixed(2),
    requestJson: JSON.stringify({ lsh: invoice.lsh, ...(invoice.kce ? { kce: Number(invoice.kce) } : {}) }),
    lines: invoice.lines.map((line, n) => {
      const own = isDiscount(line) ? (invoice.lines[n - 1] ?? line) : line;
      const kce = deductionOf(invoice, line);
      return {
        spmc: isDiscount(line) ? '折扣' : '*货物或服务*名称',
        spbm: line.spbm,
        spsl: isDiscount(line) ? '' : '1',
        dj: isDiscount(line) ? '' : line.je,
        je: line.je,
        sl: line.sl,
        se: lineTax({ je: line.je, sl: line.sl, lslbs: own.lslbs ?? null }, kce),
        lslbs: own.lslbs ?? null,
        zzstsgl: own.zzstsgl ?? null,
        kce,
      };
    }),
  };
}

async function send(ledger: Ledger, fixture: LedgerFixture): Promise<void> {
  const store = ledger.issuedInvoices;
  for (const invoice of SENT) {
    const submitted = invoice.createdAt ?? SUBMITTED;
    const row = newInvoice(invoice);
    // The invoice and its outbox row together, as issuance queues them; the answer is recorded by the claim of
    // that row (a team ledger holds a desk to it, pg migration 0650).
    const id = await ledger.transaction(async (tx) => {
      const inserted = await tx.issuedInvoices.insert(row, submitted);
      await tx.outbox.enqueue({ kind: 'issuance', serial: row.lsh, requestJson: row.requestJson, enterprise: row.xhdwsbh });
      return inserted;
    });
    expect(await ledger.outbox.claim(1)).toHaveLength(1);
    if (invoice.outcome === 'failed') {
      expect(await store.markFailed(invoice.lsh, '3001', '购方税号有误', submitted)).toBe(true);
      continue;
    }
    const fields = { fpdm: null, fphm: invoice.lsh.padStart(20, '0'), kprq: invoice.kprq ?? '', jym: null, skm: null, pdf: null, ofd: null, xml: null, zflx: null };
    expect(await store.markIssued(invoice.lsh, fields, submitted)).toBe(true);
    if (invoice.outcome === 'voided') expect(await store.markVoided(id, 'sandbox', '1', submitted)).toBe(true);
    // An older row without an issue time (the store always writes the one answered).
    if (invoice.kprq === null) await fixture.exec(`UPDATE issued_invoice SET kprq = NULL WHERE lsh = '${invoice.lsh}'`);
  }
}

const sorted = (buckets: readonly OutputBucket[]) => [...buckets].map((b) => JSON.stringify(b, Object.keys(b).sort())).sort();

describe.each(ledgerDatabases())('the statistics store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('gives exactly the buckets worked out from the invoices sent: sales before tax by rate, levy, class and refund policy, in China-time months', async () => {
    const ledger = await fixture.open();
    const { statistics } = ledger;
    expect(await statistics.buckets('sandbox', S, '202612', '202612')).toEqual([]);
    await send(ledger, fixture);

    const december = await statistics.buckets('sandbox', S, '202612', '202612');
    expect(sorted(december)).toEqual(sorted(expectedBuckets(S, ['202612'])));
    // Every kind of row the test means to cover is there (so an empty expectation cannot pass).
    const levies = new Set(december.map((b) => `${b.levy}|${b.category}|${b.refund}`));
    for (const kind of ['|1|0', '|2|0', '|3|0', '5|5|0', '5|1|0', '6|1|0', '1|1|0', '2|6|0', '3|1|0', '4|3|0', '|1|1']) expect(levies, kind).toContain(kind);
    // The 13 % row's amount is before tax: 113 + 56.50 + 226 + 226 (blue) sold for 100 + 50 + 200 + 200.
    const blue13 = december.filter((b) => b.rate === '0.13' && b.kplx === '0' && !b.voided).reduce((sum, b) => sum + b.amountFen, 0);
    expect(blue13).toBe(55_000);

    const november = await statistics.buckets('sandbox', S, '202611', '202611');
    expect(sorted(november)).toEqual(sorted(expectedBuckets(S, ['202611'])));
    expect(sorted(await statistics.buckets('sandbox', S, '202611', '202612'))).toEqual(sorted(expectedBuckets(S, ['202611', '202612'])));
    expect(sorted(await statistics.buckets('sandbox', OTHER, '202611', '202612'))).toEqual(sorted(expectedBuckets(OTHER, ['202611', '202612'])));
    expect(await statistics.buckets('remote', S, '202611', '202612')).toEqual([]);

    const monthly = await statistics.monthlyTax('sandbox', S, '202601', '202612');
    const want = ['202611', '202612'].map((month) => ({
      month,
      taxFen: SENT.filter((i) => i.month === month && (i.seller ?? S) === S && !i.outcome).reduce((sum, i) => sum + fen(totalsOf(i).hjse), 0),
    }));
    expect([...monthly].sort((a, b) => a.month.localeCompare(b.month))).toEqual(want);
  });
});
