/**
 * The output figures (main/features/statistics/figures.ts) of a described quarter (support/statistics-month.ts)
 * against sums worked out here per line and per invoice with decimal.js: rows by rate and levy with the sales
 * BEFORE tax (je − se), blue / red / voided counted, net in money only (a red invoice is no second sale), the
 * special / other split of the schedule; by kind with the 026 and the 028 apart; the period's total.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { outputFigures } from '../../../main/features/statistics/figures.js';
import { bucketsOf, INVOICES, NOVEMBER, Q4, type Invoice } from './support/statistics-month.js';

const KIND: Record<Invoice['fplxdm'], string> = {
  '004': 'special',
  '028': 'electronicSpecial',
  '81': 'digitalSpecial',
  '007': 'general',
  '026': 'electronicGeneral',
  '82': 'digitalGeneral',
  '025': 'roll',
};
const SPECIAL = new Set(['004', '028', '81']);
const LEVY: Record<string, string> = { '': 'normal', '1': 'exempt', '2': 'notTaxed', '3': 'zeroRate', '4': 'difference', '5': 'simple', '6': 'reduced' };

type Tally = { count: number; amount: Decimal; tax: Decimal };
const tally = (): Tally => ({ count: 0, amount: new Decimal(0), tax: new Decimal(0) });
const bump = (t: Tally, count: number, amount: Decimal.Value, tax: Decimal.Value) => {
  t.count += count;
  t.amount = t.amount.plus(amount);
  t.tax = t.tax.plus(tax);
};
const shown = (t: Tally) => ({ count: t.count, amount: t.amount.toFixed(2), tax: t.tax.toFixed(2) });
const shownSum = (t: Tally) => ({ amount: t.amount.toFixed(2), tax: t.tax.toFixed(2) });

function expected(months: readonly string[]) {
  const rates = new Map<string, Record<'blue' | 'red' | 'net' | 'voided' | 'special' | 'other', Tally>>();
  const kinds = new Map<string, Record<'blue' | 'red' | 'net' | 'voided', Tally>>();
  const total = { blue: tally(), red: tally(), net: tally(), voided: tally() };
  for (const invoice of INVOICES.filter((i) => months.includes(i.month))) {
    const side = invoice.voided ? 'voided' : invoice.kplx === '1' ? 'red' : 'blue';
    const jshj = invoice.lines.reduce((s, l) => s.plus(l.je), new Decimal(0));
    const hjse = invoice.lines.reduce((s, l) => s.plus(l.se), new Decimal(0));
    const kind = kinds.get(KIND[invoice.fplxdm]) ?? { blue: tally(), red: tally(), net: tally(), voided: tally() };
    kinds.set(KIND[invoice.fplxdm], kind);
    for (const into of [kind, total]) {
      bump(into[side], 1, jshj.minus(hjse), hjse);
      if (side !== 'voided') bump(into.net, 0, jshj.minus(hjse), hjse);
    }
    for (const line of invoice.lines) {
      const key = `${new Decimal(line.sl).toString()}|${LEVY[line.lslbs ?? '']}`;
      const row = rates.get(key) ?? { blue: tally(), red: tally(), net: tally(), voided: tally(), special: tally(), other: tally() };
      rates.set(key, row);
      const sales = new Decimal(line.je).minus(line.se);
      bump(row[side], 1, sales, line.se);
      if (side !== 'voided') {
        bump(row.net, 0, sales, line.se);
        bump(row[SPECIAL.has(invoice.fplxdm) ? 'special' : 'other'], 0, sales, line.se);
      }
    }
  }
  return { rates, kinds, total };
}

describe('the output figures', () => {
  it.each([
    ['November', NOVEMBER],
    ['the fourth quarter', Q4],
  ])('of %s: by rate and levy before tax, by kind with 026 and 028 apart, net without a count', (_name, months) => {
    const figures = outputFigures(bucketsOf(INVOICES, months));
    const want = expected(months);

    const rates = Object.fromEntries(figures.byRate.map((r) => [`${r.rate}|${r.levy}`, r]));
    expect(Object.keys(rates).sort()).toEqual([...want.rates.keys()].sort());
    for (const [key, row] of want.rates) {
      expect(rates[key], key).toEqual({
        rate: key.split('|')[0],
        levy: key.split('|')[1],
        blue: shown(row.blue),
        red: shown(row.red),
        net: shownSum(row.net),
        voided: shown(row.voided),
        special: shownSum(row.special),
        other: shownSum(row.other),
      });
    }

    expect(figures.byKind.map((k) => k.kind)).toEqual(['special', 'electronicSpecial', 'digitalSpecial', 'general', 'electronicGeneral', 'digitalGeneral', 'roll']);
    for (const row of figures.byKind) {
      const k = want.kinds.get(row.kind) ?? { blue: tally(), red: tally(), net: tally(), voided: tally() };
      expect(row, row.kind).toEqual({ kind: row.kind, blue: shown(k.blue), red: shown(k.red), net: shownSum(k.net), voided: shown(k.voided) });
    }
    expect(figures.total).toEqual({ blue: shown(want.total.blue), red: shown(want.total.red), net: shownSum(want.total.net), voided: shown(want.total.voided) });
  });

  it('November, spelled out: the 13 % row is sales without its tax, and four zero-rate rows stay four', () => {
    const figures = outputFigures(bucketsOf(INVOICES, NOVEMBER));
    const row = (rate: string, levy: string) => figures.byRate.find((r) => r.rate === rate && r.levy === levy);
    // 13 % normal, not voided: 1000 + 500 + 200 + 1000 + 1000 + 2000 − 2000 + 300 − 100 − 50 + 100 + 20 (the 免税 line with tax is not normal).
    expect(row('0.13', 'normal')!.net).toEqual({ amount: '3970.00', tax: '516.10' });
    expect(row('0.13', 'normal')!.red.count).toBe(3);
    for (const levy of ['exempt', 'notTaxed', 'zeroRate']) expect(row('0', levy), levy).toBeDefined();
    expect(row('0', 'normal')!.net.amount).toBe('50.00');
    expect(row('0.13', 'exempt')!.net).toEqual({ amount: '100.00', tax: '13.00' });
    // The 028 and the 026 each have their own row: one blue 028, and one blue and one red 026.
    const kind = (k: string) => figures.byKind.find((r) => r.kind === k)!;
    expect(kind('electronicSpecial').blue.count).toBe(1);
    expect([kind('electronicGeneral').blue.count, kind('electronicGeneral').red.count]).toEqual([1, 1]);
    // A net has no count: the red invoice reversing one in full is not a second invoice, nor minus one.
    expect(Object.keys(figures.total.net).sort()).toEqual(['amount', 'tax']);
  });
});
