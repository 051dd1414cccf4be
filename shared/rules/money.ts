/**
 * Money and line arithmetic in decimals (docs/architecture.md §4): never binary floating point.
 * Amounts cross IPC and the wire as decimal strings; decimal.js does the arithmetic.
 */
import Decimal from 'decimal.js';

/** A plain decimal number as text: optional minus, digits, optional fraction. No exponents, no spaces. */
export const DECIMAL_PATTERN = /^-?\d{1,16}(\.\d{1,8})?$/;

/**
 * The rates a clerk may pick for a line (ratios, 2 decimals as the spec writes them): the VAT rates 13 %,
 * 9 %, 6 %; the levy rates 5 % and 3 %; the reduced levy rates 2 % and 1 %; 0 for exempt, non-taxable and
 * zero-rated lines. Which levy each may go with is the rule book's (shared/rules/issuance/levy.ts).
 */
export const TAX_RATES = ['0.13', '0.09', '0.06', '0.05', '0.03', '0.02', '0.01', '0.00'] as const;
export type TaxRate = (typeof TAX_RATES)[number];

const HALF_UP = Decimal.ROUND_HALF_UP;

/** 2-dp half-up, as the spec wants for yuan amounts. */
export function yuan(value: Decimal.Value): string {
  return new Decimal(value).toDecimalPlaces(2, HALF_UP).toFixed(2);
}

export interface LineInput {
  /** spsl: quantity */
  quantity: string;
  /** dj: unit price including tax */
  unitPrice: string;
  /** sl: tax rate as a ratio */
  rate: string;
}

export interface LineAmounts {
  /** je: amount including tax, 2 dp */
  amount: string;
  /** tax contained in the amount, 2 dp */
  tax: string;
  /** amount excluding tax, 2 dp (amount − tax, so the two always add up) */
  net: string;
}

/**
 * A line's amounts from a tax-inclusive unit price: je = spsl × dj rounded to 2 dp; the tax contained is
 * je × sl / (1 + sl) rounded to 2 dp; the net amount is the difference, so net + tax = je exactly.
 */
export function lineAmounts(line: LineInput): LineAmounts {
  const amount = new Decimal(line.quantity).times(line.unitPrice).toDecimalPlaces(2, HALF_UP);
  const rate = new Decimal(line.rate);
  const tax = amount.times(rate).dividedBy(rate.plus(1)).toDecimalPlaces(2, HALF_UP);
  return { amount: amount.toFixed(2), tax: tax.toFixed(2), net: amount.minus(tax).toFixed(2) };
}

export interface Totals {
  /** jshj: total including tax */
  total: string;
  tax: string;
  net: string;
}

export function totals(lines: readonly LineInput[]): Totals {
  let total = new Decimal(0);
  let tax = new Decimal(0);
  for (const line of lines) {
    const a = lineAmounts(line);
    total = total.plus(a.amount);
    tax = tax.plus(a.tax);
  }
  return { total: total.toFixed(2), tax: tax.toFixed(2), net: total.minus(tax).toFixed(2) };
}

/** True when the text is a decimal number the app accepts (see DECIMAL_PATTERN). */
export function isDecimal(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}
