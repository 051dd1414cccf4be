/**
 * The ledger port's contract for the statistics store (main/features/statistics/store.ts) on both adapters: the
 * same issued invoices give the same totals by kind, blue or red, voided or not and rate — on SQLite from the
 * totals migration 0480's triggers keep, on PostgreSQL from one aggregate query (pg migration 9). The invoices
 * are written with plain SQL (the issuance store is not on the port yet): China-time months read from every
 * form of kprq the service or older rows use (Z, +0800, +08:00, no offset, compact, none — then the
 * submission time), failed invoices and another seller's left out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutputBucket } from '../../../main/features/statistics/store.js';
import { outputFigures } from '../../../main/features/statistics/figures.js';
import { postgresFixture, sqliteFixture, type LedgerFixture } from './adapters.js';

const S = '91330100MA2B3C4D5E';
const OTHER = '91110108MA01ABCD2X';

interface Invoice {
  id: number;
  fplxdm: string;
  kplx?: '0' | '1';
  seller?: string;
  status?: string;
  kprq: string | null;
  createdAt?: string;
  zflx?: string;
  jshj: string;
  hjse: string;
  lines: Array<[rate: string, je: string, se: string]>;
}

const INVOICES: Invoice[] = [
  // 16:30Z on the 30th is 00:30 on 1 December in China.
  { id: 1, fplxdm: '004', kprq: '2026-11-30T16:30:00.000Z', jshj: '166.00', hjse: '16.00', lines: [['0.13', '100.00', '13.00'], ['0.06', '50.00', '3.00']] },
  { id: 2, fplxdm: '82', kplx: '1', kprq: '2026-12-05T10:00:00.000+0800', jshj: '-113.00', hjse: '-13.00', lines: [['0.13', '-100.00', '-13.00']] },
  { id: 3, fplxdm: '026', zflx: '1', kprq: '2026-12-10 09:00:00', jshj: '106.00', hjse: '6.00', lines: [['0.06', '100.00', '6.00']] },
  { id: 4, fplxdm: '007', status: 'failed', kprq: '2026-12-11T09:00:00.000+0800', jshj: '113.00', hjse: '13.00', lines: [['0.13', '100.00', '13.00']] },
  { id: 5, fplxdm: '004', kprq: null, createdAt: '2026-11-30T17:00:00.000Z', jshj: '10.90', hjse: '0.90', lines: [['0.09', '10.00', '0.90']] },
  { id: 6, fplxdm: '004', kprq: '20261115103000', jshj: '11.30', hjse: '1.30', lines: [['0.13', '10.00', '1.30']] },
  { id: 7, fplxdm: '004', seller: OTHER, kprq: '2026-12-01T10:00:00.000+0800', jshj: '11.30', hjse: '1.30', lines: [['0.13', '10.00', '1.30']] },
  { id: 8, fplxdm: '004', kprq: '2026-11-30T23:59:59+08:00', jshj: '2.26', hjse: '0.26', lines: [['0.13', '2.00', '0.26']] },
  { id: 9, fplxdm: '004', kprq: '2026-11-30T15:59:59.999+0000', jshj: '2.26', hjse: '0.26', lines: [['0.13', '2.00', '0.26']] },
];

const text = (value: string | null) => (value === null ? 'NULL' : `'${value}'`);
function insertSql(invoices: readonly Invoice[]): string {
  return invoices
    .map((i) => {
      const created = i.createdAt ?? '2026-11-20T08:00:00.000Z';
      const lines = i.lines.map(([rate, je, se], n) => `(${i.id}, ${n + 1}, '服务', '3040201000000000000', '1', '1', '${je}', '${rate}', '${se}')`);
      return `INSERT INTO issued_invoice (id, lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, kprq, zflx, created_at, updated_at)
        VALUES (${i.id}, 'LSH${i.id}', 'sandbox', '${i.fplxdm}', '${i.kplx ?? '0'}', '${i.seller ?? S}', '销方', '购方', '${i.jshj}', '${i.hjse}', '${i.status ?? 'issued'}', '{}',
          ${text(i.kprq)}, ${text(i.zflx ?? null)}, '${created}', '${created}');
        INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES ${lines.join(', ')};`;
    })
    .join('\n');
}

const sorted = (buckets: OutputBucket[]) => [...buckets].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const bucket = (fplxdm: string, kplx: string, voided: number, rate: string, invoices: number, lines: number, amountFen: number, taxFen: number): OutputBucket => ({
  fplxdm,
  kplx,
  voided,
  rate,
  invoices,
  lines,
  amountFen,
  taxFen,
  levy: '',
  category: '',
  refund: 0,
  deductionFen: 0,
});

describe.each([
  ['SQLite', () => Promise.resolve(sqliteFixture())],
  ['PostgreSQL', postgresFixture],
] as const)('the statistics store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('gives the same totals for the same invoices by kind, side and rate, in China-time months', async () => {
    const { statistics } = await fixture.open();
    expect(await statistics.buckets('sandbox', S, '202612', '202612')).toEqual([]);
    await fixture.exec(insertSql(INVOICES));

    const december = await statistics.buckets('sandbox', S, '202612', '202612');
    expect(sorted(december)).toEqual(
      sorted([
        bucket('004', '0', 0, '', 2, 0, 16000, 1690),
        bucket('004', '0', 0, '0.13', 0, 1, 10000, 1300),
        bucket('004', '0', 0, '0.06', 0, 1, 5000, 300),
        bucket('004', '0', 0, '0.09', 0, 1, 1000, 90),
        bucket('82', '1', 0, '', 1, 0, -10000, -1300),
        bucket('82', '1', 0, '0.13', 0, 1, -10000, -1300),
        bucket('026', '0', 1, '', 1, 0, 10000, 600),
        bucket('026', '0', 1, '0.06', 0, 1, 10000, 600),
      ]),
    );
    // What the statistics page shows of it: net = blue + red in money (no count), voided apart.
    const figures = outputFigures(december);
    expect(figures.total).toEqual({
      blue: { count: 2, amount: '160.00', tax: '16.90' },
      red: { count: 1, amount: '-100.00', tax: '-13.00' },
      net: { amount: '60.00', tax: '3.90' },
      voided: { count: 1, amount: '100.00', tax: '6.00' },
    });
    expect(figures.byRate.map((row) => [row.rate, row.net.tax, row.special.tax])).toEqual([
      ['0.13', '0.00', '13.00'],
      ['0.09', '0.90', '0.90'],
      ['0.06', '3.00', '3.00'],
    ]);

    // November: the compact kprq and the two instants just before midnight in China.
    const november = await statistics.buckets('sandbox', S, '202611', '202611');
    expect(sorted(november)).toEqual(sorted([bucket('004', '0', 0, '', 3, 0, 1400, 182), bucket('004', '0', 0, '0.13', 0, 3, 1400, 182)]));
    expect((await statistics.buckets('sandbox', S, '202611', '202612')).reduce((sum, b) => sum + b.taxFen, 0)).toBe(2 * (182 + 1690 - 1300 + 600));
    expect(await statistics.buckets('sandbox', OTHER, '202611', '202612')).toHaveLength(2);
    expect(await statistics.buckets('remote', S, '202611', '202612')).toEqual([]);

    const monthly = await statistics.monthlyTax('sandbox', S, '202601', '202612');
    expect([...monthly].sort((a, b) => a.month.localeCompare(b.month))).toEqual([
      { month: '202611', taxFen: 182 },
      { month: '202612', taxFen: 390 },
    ]);
  });
});
