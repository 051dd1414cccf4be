/** Spreadsheet spellings of values the app keeps in one canonical form. */
import Decimal from 'decimal.js';
import { TAX_RATES, type TaxRate } from '../../../shared/rules/money.js';

/**
 * A tax rate as clerks type it — "13%", "0.13", "13", "13.00%" — as the ratio the spec wants ("0.13").
 * No rate reaches 100%, so a bare number of 1 or more is read as a percentage. Null when it is no rate.
 */
export function parseRate(raw: string): TaxRate | null {
  const text = raw.replace(/\s/g, '').replace(/％/g, '%');
  const percent = text.endsWith('%');
  const digits = percent ? text.slice(0, -1) : text;
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  let value = new Decimal(digits);
  if (percent || value.greaterThanOrEqualTo(1)) value = value.dividedBy(100);
  const ratio = value.toFixed(2);
  if (!value.equals(ratio)) return null;
  return (TAX_RATES as readonly string[]).includes(ratio) ? (ratio as TaxRate) : null;
}

