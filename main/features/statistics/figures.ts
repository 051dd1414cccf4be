/**
 * Turns the output buckets (store.ts) into the statistics' figures: by invoice kind and by rate and levy,
 * blue, red and net (blue + red in money; red amounts are negative; a net has no count) of invoices not
 * voided, voided apart, and the rate rows split as the VAT return's schedule of sales asks (special
 * invoices / other invoices). A line bucket's amount is its sales before tax. Money is added in integer fen
 * and written as yuan text. The schedule of sales itself is schedule.ts.
 */
import Decimal from 'decimal.js';
import { OutputKind, type Figure, type OutputRateRow, type SidedFigures, type Sum } from '../../../shared/ipc/schemas/statistics.js';
import type { OutputBucket } from './store.js';
import { LEVY_KINDS, levyOf, type LevyKind } from '../../../shared/i18n/levy-texts.js';

/** In the schema's order: the special invoices first (004, 028, 81), then the others. */
export const OUTPUT_KINDS: readonly OutputKind[] = OutputKind.options;
const KIND_OF_TYPE: Readonly<Record<string, OutputKind>> = {
  '004': 'special',
  '028': 'electronicSpecial',
  '81': 'digitalSpecial',
  '007': 'general',
  '026': 'electronicGeneral',
  '82': 'digitalGeneral',
  '025': 'roll',
};
/** The invoice types the return counts as special invoices (开具增值税专用发票); every other type is 开具其他发票. */
export const SPECIAL_TYPES: ReadonlySet<string> = new Set(['004', '028', '81']);

export const kindOfType = (fplxdm: string): OutputKind | null => KIND_OF_TYPE[fplxdm] ?? null;

export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A figure being added up, in fen. */
interface Tally {
  count: number;
  amountFen: number;
  taxFen: number;
}
const tally = (): Tally => ({ count: 0, amountFen: 0, taxFen: 0 });
const add = (into: Tally, count: number, amountFen: number, taxFen: number) => {
  into.count += count;
  into.amountFen += amountFen;
  into.taxFen += taxFen;
};
export const figure = (t: Tally): Figure => ({ count: t.count, amount: yuan(t.amountFen), tax: yuan(t.taxFen) });
export const sum = (t: Pick<Tally, 'amountFen' | 'taxFen'>): Sum => ({ amount: yuan(t.amountFen), tax: yuan(t.taxFen) });

interface Sides {
  blue: Tally;
  red: Tally;
  voided: Tally;
}
const sides = (): Sides => ({ blue: tally(), red: tally(), voided: tally() });
const sideOf = (bucket: OutputBucket): keyof Sides => (bucket.voided ? 'voided' : bucket.kplx === '1' ? 'red' : 'blue');
/** Net is money only: blue + red amounts and taxes; the counts stay with blue and red. */
function sided(s: Sides): SidedFigures {
  const net = { amountFen: s.blue.amountFen + s.red.amountFen, taxFen: s.blue.taxFen + s.red.taxFen };
  return { blue: figure(s.blue), red: figure(s.red), net: sum(net), voided: figure(s.voided) };
}

/** A rate as stored (0.13, 0.130, 13%…) written one way (0.13); unreadable text is kept as it is. */
export function normalRate(rate: string): string {
  try {
    const text = rate.trim();
    return (text.endsWith('%') ? new Decimal(text.slice(0, -1)).div(100) : new Decimal(text)).toString();
  } catch {
    return rate;
  }
}

export function outputFigures(buckets: readonly OutputBucket[]) {
  const byKind = new Map(OUTPUT_KINDS.map((kind) => [kind, sides()]));
  const total = sides();
  const byRate = new Map<string, { rate: string; levy: LevyKind; sides: Sides; special: Tally; other: Tally }>();
  for (const bucket of buckets) {
    const side = sideOf(bucket);
    if (bucket.rate === '') {
      const kind = kindOfType(bucket.fplxdm);
      if (kind) add(byKind.get(kind)![side], bucket.invoices, bucket.amountFen, bucket.taxFen);
      add(total[side], bucket.invoices, bucket.amountFen, bucket.taxFen);
      continue;
    }
    const rate = normalRate(bucket.rate);
    const levy = levyOf(bucket.levy);
    let row = byRate.get(`${rate}|${levy}`);
    if (!row) byRate.set(`${rate}|${levy}`, (row = { rate, levy, sides: sides(), special: tally(), other: tally() }));
    add(row.sides[side], bucket.lines, bucket.amountFen, bucket.taxFen);
    if (side !== 'voided') add(SPECIAL_TYPES.has(bucket.fplxdm) ? row.special : row.other, bucket.lines, bucket.amountFen, bucket.taxFen);
  }
  const rates: OutputRateRow[] = [...byRate.values()]
    .sort((a, b) => (Number(b.rate) || 0) - (Number(a.rate) || 0) || a.rate.localeCompare(b.rate) || LEVY_KINDS.indexOf(a.levy) - LEVY_KINDS.indexOf(b.levy))
    .map((row) => ({ rate: row.rate, levy: row.levy, ...sided(row.sides), special: sum(row.special), other: sum(row.other) }));
  return {
    byKind: OUTPUT_KINDS.map((kind) => ({ kind, ...sided(byKind.get(kind)!) })),
    byRate: rates,
    total: sided(total),
  };
}
