/**
 * A quarter of invoices an accountant would file, described line by line as the service stores them (je tax
 * included, se, sl, lslbs, the tax classification code, zzstsgl, kce), each line with the row of 附列资料（一）
 * an accountant puts it in, decided by hand from the form's rules — not by the code under test. `bucketsOf`
 * adds them up into the ledger port's output buckets (main/features/statistics/store.ts) as a store would:
 * a line's amount is its sales before tax, je − se. The statistics tests compute their expectations from
 * these lines by their own routes (per line, with decimal.js).
 */
import Decimal from 'decimal.js';
import { REFUND_POLICIES, type OutputBucket } from '../../../../main/features/statistics/store.js';
import type { ScheduleRowId } from '../../../../shared/ipc/schemas/statistics.js';

export type Placement = ScheduleRowId | 'apart:notTaxed' | 'apart:notASale' | 'apart:noRow' | 'apart:taxedExempt';

export interface Line {
  je: string;
  se: string;
  sl: string;
  spbm: string;
  lslbs?: '1' | '2' | '3' | '4' | '5' | '6';
  zzstsgl?: string;
  kce?: string;
  /** Where the accountant puts it. */
  row: Placement;
  /** The 其中 即征即退 row it counts in again. */
  alsoRow?: ScheduleRowId;
}

export interface Invoice {
  what: string;
  fplxdm: '004' | '007' | '025' | '026' | '028' | '81' | '82';
  kplx: '0' | '1';
  voided?: boolean;
  month: '202610' | '202611' | '202612';
  lines: Line[];
}

const GOODS = '1090511030000000000';
const SERVICE = '3040201000000000000';
const RENT = '3040502020200000000';

export const INVOICES: readonly Invoice[] = [
  { what: 'paper special: parts and consulting', fplxdm: '004', kplx: '0', month: '202611', lines: [
    { je: '1130.00', se: '130.00', sl: '0.13', spbm: GOODS, row: '1' },
    { je: '530.00', se: '30.00', sl: '0.06', spbm: SERVICE, row: '5' },
  ] },
  { what: 'paper general: flour and transport', fplxdm: '007', kplx: '0', month: '202611', lines: [
    { je: '327.00', se: '27.00', sl: '0.09', spbm: '1030101010000000000', row: '3' },
    { je: '218.00', se: '18.00', sl: '0.09', spbm: '3010101000000000000', row: '4' },
  ] },
  { what: 'e-general: a repair (劳务, class 2) and a lease of equipment', fplxdm: '026', kplx: '0', month: '202611', lines: [
    { je: '565.00', se: '65.00', sl: '0.13', spbm: '2010100000000000000', row: '1' },
    { je: '226.00', se: '26.00', sl: '0.13', spbm: '3040501010000000000', row: '2' },
  ] },
  { what: 'e-special: a travel agency, 差额征税 with 5300 deducted', fplxdm: '028', kplx: '0', month: '202611', lines: [
    { je: '10600.00', se: '300.00', sl: '0.06', spbm: '3070402000000000000', lslbs: '4', kce: '5300.00', row: '5' },
  ] },
  { what: 'digital special: software under 即征即退', fplxdm: '81', kplx: '0', month: '202611', lines: [
    { je: '1130.00', se: '130.00', sl: '0.13', spbm: '1060301020100000000', zzstsgl: '06', row: '1', alsoRow: '6' },
  ] },
  { what: 'digital special: a finance lease under 即征即退 (services)', fplxdm: '81', kplx: '0', month: '202611', lines: [
    { je: '1130.00', se: '130.00', sl: '0.13', spbm: '3040501020000000000', zzstsgl: '15', row: '2', alsoRow: '7' },
  ] },
  { what: 'digital general: 简易 3 % goods, 简易 5 % rent, 免税 goods, 不征税', fplxdm: '82', kplx: '0', month: '202611', lines: [
    { je: '103.00', se: '3.00', sl: '0.03', spbm: GOODS, lslbs: '5', row: '11' },
    { je: '105.00', se: '5.00', sl: '0.05', spbm: RENT, lslbs: '5', row: '9b' },
    { je: '500.00', se: '0.00', sl: '0', spbm: '1010112010000000000', lslbs: '1', row: '18' },
    { je: '1000.00', se: '0.00', sl: '0', spbm: '6010000000000000000', lslbs: '2', row: 'apart:notTaxed' },
  ] },
  { what: 'digital general: 零税率 export service, 3 % 减按 1 %, 5 % 减按 1.5 % rent, 5 % goods without lslbs', fplxdm: '82', kplx: '0', month: '202611', lines: [
    { je: '800.00', se: '0.00', sl: '0', spbm: SERVICE, lslbs: '3', row: '17' },
    { je: '101.00', se: '1.00', sl: '0.01', spbm: SERVICE, lslbs: '6', row: '12' },
    { je: '101.50', se: '1.50', sl: '0.015', spbm: RENT, lslbs: '6', row: '9b' },
    { je: '210.00', se: '10.00', sl: '0.05', spbm: GOODS, row: '9a' },
  ] },
  { what: 'digital general: 简易 3 % service under 即征即退', fplxdm: '82', kplx: '0', month: '202611', lines: [
    { je: '206.00', se: '6.00', sl: '0.03', spbm: SERVICE, lslbs: '5', zzstsgl: '05', row: '12', alsoRow: '15' },
  ] },
  { what: 'paper general at the old 16 %', fplxdm: '007', kplx: '0', month: '202611', lines: [{ je: '116.00', se: '16.00', sl: '0.16', spbm: GOODS, row: 'apart:noRow' }] },
  { what: 'paper special, reversed in full by the next', fplxdm: '004', kplx: '0', month: '202611', lines: [{ je: '2260.00', se: '260.00', sl: '0.13', spbm: GOODS, row: '1' }] },
  { what: 'its red invoice', fplxdm: '004', kplx: '1', month: '202611', lines: [{ je: '-2260.00', se: '-260.00', sl: '0.13', spbm: GOODS, row: '1' }] },
  { what: 'digital general, reversed in part by the next', fplxdm: '82', kplx: '0', month: '202611', lines: [{ je: '339.00', se: '39.00', sl: '0.13', spbm: GOODS, row: '1' }] },
  { what: 'its red invoice, a third', fplxdm: '82', kplx: '1', month: '202611', lines: [{ je: '-113.00', se: '-13.00', sl: '0.13', spbm: GOODS, row: '1' }] },
  { what: 'a red e-general for a tenth of the repair', fplxdm: '026', kplx: '1', month: '202611', lines: [{ je: '-56.50', se: '-6.50', sl: '0.13', spbm: '2010100000000000000', row: '1' }] },
  { what: 'voided paper general', fplxdm: '007', kplx: '0', voided: true, month: '202611', lines: [{ je: '339.00', se: '39.00', sl: '0.13', spbm: GOODS, row: '1' }] },
  { what: 'voided paper special', fplxdm: '004', kplx: '0', voided: true, month: '202611', lines: [{ je: '106.00', se: '6.00', sl: '0.06', spbm: SERVICE, row: '5' }] },
  { what: 'digital general: a 免税 line that carries tax (bad data), class 6 without lslbs, a line without a code', fplxdm: '82', kplx: '0', month: '202611', lines: [
    { je: '113.00', se: '13.00', sl: '0.13', spbm: GOODS, lslbs: '1', row: 'apart:taxedExempt' },
    { je: '50.00', se: '0.00', sl: '0', spbm: '6020000000000000000', row: 'apart:notASale' },
    { je: '113.00', se: '13.00', sl: '0.13', spbm: '', row: '1' },
  ] },
  { what: 'roll ticket', fplxdm: '025', kplx: '0', month: '202611', lines: [{ je: '22.60', se: '2.60', sl: '0.13', spbm: GOODS, row: '1' }] },
  { what: 'October: paper special', fplxdm: '004', kplx: '0', month: '202610', lines: [{ je: '1130.00', se: '130.00', sl: '0.13', spbm: GOODS, row: '1' }] },
  { what: 'December: e-general consulting', fplxdm: '026', kplx: '0', month: '202612', lines: [{ je: '212.00', se: '12.00', sl: '0.06', spbm: SERVICE, row: '5' }] },
];

export const fen = (yuan: Decimal.Value) => new Decimal(yuan).times(100).toNumber();

/** The invoices' output buckets of the months given, as the ledger port answers them (summed over the months). */
export function bucketsOf(invoices: readonly Invoice[], months: readonly string[]): OutputBucket[] {
  const buckets = new Map<string, OutputBucket>();
  const at = (key: Omit<OutputBucket, 'invoices' | 'lines' | 'amountFen' | 'taxFen' | 'deductionFen'>) => {
    const id = JSON.stringify(key);
    let bucket = buckets.get(id);
    if (!bucket) buckets.set(id, (bucket = { ...key, invoices: 0, lines: 0, amountFen: 0, taxFen: 0, deductionFen: 0 }));
    return bucket;
  };
  for (const invoice of invoices.filter((i) => months.includes(i.month))) {
    const base = { fplxdm: invoice.fplxdm, kplx: invoice.kplx, voided: invoice.voided ? 1 : 0 };
    const jshj = invoice.lines.reduce((sum, line) => sum.plus(line.je), new Decimal(0));
    const hjse = invoice.lines.reduce((sum, line) => sum.plus(line.se), new Decimal(0));
    const own = at({ ...base, rate: '', levy: '', category: '', refund: 0 });
    own.invoices += 1;
    own.amountFen += fen(jshj.minus(hjse));
    own.taxFen += fen(hjse);
    for (const line of invoice.lines) {
      const bucket = at({ ...base, rate: line.sl, levy: line.lslbs ?? '', category: line.spbm.slice(0, 1), refund: line.zzstsgl && REFUND_POLICIES.includes(line.zzstsgl) ? 1 : 0 });
      bucket.lines += 1;
      bucket.amountFen += fen(new Decimal(line.je).minus(line.se));
      bucket.taxFen += fen(line.se);
      bucket.deductionFen += fen(line.kce ?? 0);
    }
  }
  return [...buckets.values()];
}

export const NOVEMBER = ['202611'];
export const Q4 = ['202610', '202611', '202612'];
