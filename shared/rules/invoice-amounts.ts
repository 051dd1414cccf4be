/**
 * Tax and totals of tax-inclusive invoice lines (issuance and red-letter lines carry je including tax):
 * se = je × sl / (1 + sl), 2 dp half-up per line; hjse = Σ se; jshj = Σ je − discount; hjje = jshj − hjse
 * so the three totals always add up. Decimal text in, decimal text out.
 */
import Decimal from 'decimal.js';

const HALF_UP = Decimal.ROUND_HALF_UP;

export interface TaxInclusiveLine {
  je: Decimal.Value;
  sl: Decimal.Value;
  /** lslbs: '4' (差额征税) taxes only what is left after the invoice's deduction (kce). */
  lslbs?: string | null | undefined;
}

/** lslbs of a 差额征税 (difference-based levy) line. */
export const DIFFERENCE_LEVY = '4';

/**
 * Tax of one tax-inclusive line: je × sl / (1 + sl); on a 差额征税 line (lslbs 4) the deduction (kce)
 * is taken off first, (je − kce) × sl / (1 + sl), as the schedule of sales' columns 12–14 compute it.
 */
export function lineTax(line: TaxInclusiveLine, deduction: Decimal.Value | null | undefined = null): string {
  if (line.lslbs === DIFFERENCE_LEVY && deduction !== null && deduction !== undefined) {
    return taxContained(new Decimal(line.je).minus(deduction), line.sl);
  }
  return taxContained(line.je, line.sl);
}

/**
 * The deduction (kce) a red invoice or red-letter form takes back from a 差额征税 invoice: the blue
 * invoice's kce in the share of its difference-levied amount (`levied`, Σ je of its lslbs-4 lines) that
 * the red lines reverse (`reversed`, Σ je of theirs, negative) — negative, 2 dp; the whole kce, negated,
 * when everything is reversed. Null when the blue invoice had no deduction or no such line.
 */
export function deductionShare(kce: Decimal.Value | null | undefined, levied: Decimal.Value, reversed: Decimal.Value): Decimal | null {
  if (kce === null || kce === undefined) return null;
  const whole = new Decimal(levied);
  if (whole.isZero()) return null;
  const share = new Decimal(kce).times(reversed).dividedBy(whole).toDecimalPlaces(2, HALF_UP);
  // A zero deduction stays 0, not -0 (which would print as "-0.00").
  return share.isZero() ? new Decimal(0) : share;
}

/** Tax contained in a tax-inclusive amount at a rate (ratio), 2 dp. */
export function taxContained(amount: Decimal.Value, rate: Decimal.Value): string {
  const sl = new Decimal(rate);
  return new Decimal(amount).times(sl).dividedBy(sl.plus(1)).toDecimalPlaces(2, HALF_UP).toFixed(2);
}

/** Amount excluding tax of a tax-inclusive amount, so that net + tax = amount exactly. */
export function amountExcludingTax(amount: Decimal.Value, rate: Decimal.Value): string {
  return new Decimal(amount).minus(taxContained(amount, rate)).toFixed(2);
}

/** Unit price excluding tax, 8 dp (the precision the spec allows unit prices). */
export function unitPriceExcludingTax(price: Decimal.Value, rate: Decimal.Value): string {
  return new Decimal(price).dividedBy(new Decimal(rate).plus(1)).toDecimalPlaces(8, HALF_UP).toFixed();
}

export interface InvoiceTotals {
  /** total excluding tax */
  hjje: string;
  /** total tax */
  hjse: string;
  /** total including tax */
  jshj: string;
}

/**
 * Totals of tax-inclusive lines; `deduction` is the invoice's kce, taken off its 差额征税 line before tax. A whole-invoice discount (zkje) is taken off the total including tax;
 * its tax share is not known line by line, so it is taken at the lines' weighted rate.
 */
export function invoiceTotals(lines: readonly TaxInclusiveLine[], discount: Decimal.Value = 0, deduction: Decimal.Value | null = null): InvoiceTotals {
  const gross = lines.reduce((sum, line) => sum.plus(line.je), new Decimal(0));
  const tax = lines.reduce((sum, line) => sum.plus(lineTax(line, deduction)), new Decimal(0));
  const off = new Decimal(discount);
  const discountTax = gross.isZero() || off.isZero() ? new Decimal(0) : off.times(tax).dividedBy(gross).toDecimalPlaces(2, HALF_UP);
  const jshj = gross.minus(off).toDecimalPlaces(2, HALF_UP);
  const hjse = tax.minus(discountTax);
  return { hjje: jshj.minus(hjse).toFixed(2), hjse: hjse.toFixed(2), jshj: jshj.toFixed(2) };
}
