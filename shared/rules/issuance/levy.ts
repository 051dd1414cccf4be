/**
 * How each line is levied (lslbs, spec "Issuance detail line") against its rate, the kind of invoice and
 * the invoice's deduction (kce): the combinations the VAT rules forbid (docs/service-interface.md §7).
 *
 * Which invoices they judge: the type and rate rules judge BLUE invoices. A red invoice reverses what its
 * blue invoice carried (the red-letter rules hold it to the blue lines' names and rates), and a blue
 * invoice issued before these rules — a 004 with an exempt line among them — must still be reversible.
 * The deduction's sign and size are judged on both sides, mirrored: a red invoice takes back a negative
 * share of its blue invoice's kce.
 *
 * A discount line (fphxz 1) is levied as the line it discounts: it carries only spmc, je and sl, and the
 * discount rules already hold its rate to that line's.
 */
import Decimal from 'decimal.js';
import { VAT_SPECIAL_INVOICE_TYPES, type InvoiceDirection } from '../../spec/codes.js';
import type { IssuanceDetailLine, IssuanceRequest } from '../../spec/issuance.js';
import { DIFFERENCE_LEVY } from '../invoice-amounts.js';
import { invalid, lineNo, required, type RuleIssue } from '../rule-issue.js';
import type { RuleMessageKey } from '../rule-messages.js';
import { DISCOUNT_LINE } from './lines.js';
import { invoiceDirection } from './red-invoice.js';

/** lslbs 1 免税, 2 不征税, 3 普通零税率: no tax on the line, so its rate is 0. */
const UNTAXED_LEVIES: ReadonlySet<string> = new Set(['1', '2', '3']);
/** lslbs 5 简易征收 and 6 减按征收 are checked against their own rates (a 0 there is their own error). */
const SIMPLE_LEVY = '5';
const REDUCED_LEVY = '6';

/**
 * 征收率 of 简易计税 (simplified levy): 3 % and 5 %. The 6 % and 4 % levy rates were merged into 3 % from
 * 1 July 2014; the schedule of sales keeps their rows for older periods, but no sale is levied at them now.
 */
export const SIMPLE_LEVY_RATES: readonly string[] = ['0.03', '0.05'];
/**
 * Reduced levy rates (减按) the wire can carry: 1 % (a small-scale taxpayer's 3 % reduced to 1 %) and 2 %
 * (used goods and own used fixed assets, 3 % reduced to 2 %). 1.5 % (private housing rented out, 5 %
 * reduced to 1.5 %) and 0.5 % (used-car dealers) cannot be sent: sl has 2 decimals.
 */
export const REDUCED_LEVY_RATES: readonly string[] = ['0.01', '0.02'];
/** 3 % reduced to 2 %: used goods and own used fixed assets, which take a general invoice only. */
const GENERAL_ONLY_REDUCED_RATE = '0.02';

const SPECIAL_INVOICE_KEYS: Readonly<Record<string, RuleMessageKey>> = {
  '1': 'levyExemptOnSpecial',
  '2': 'levyNotTaxedOnSpecial',
  '3': 'levyZeroRateOnSpecial',
};

const rateIs = (line: IssuanceDetailLine, rates: readonly string[]): boolean => rates.some((rate) => new Decimal(line.sl).equals(rate));
const percent = (rate: number): string => `${new Decimal(rate).times(100).toString()}%`;
/** The lines that carry their own levy, with their indexes (discount lines go with their line). */
const levied = (request: IssuanceRequest): Array<{ line: IssuanceDetailLine; index: number }> =>
  request.details.flatMap((line, index) => (line.fphxz === DISCOUNT_LINE ? [] : [{ line, index }]));

/**
 * A special VAT invoice (004, 028, 81) carries no exempt (1), non-taxable (2) or zero-rated (3) sales —
 * the buyer would deduct input tax nobody paid — nor used goods at 3 % reduced to 2 % (6 at 2 %), which
 * the rules allow a general invoice only.
 */
export function specialInvoiceLevyRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  if (direction !== '0' || !VAT_SPECIAL_INVOICE_TYPES.includes(request.fplxdm)) return [];
  return levied(request).flatMap(({ line, index }) => {
    const params = { ...lineNo(index), type: request.fplxdm };
    const key = line.lslbs ? SPECIAL_INVOICE_KEYS[line.lslbs] : undefined;
    if (key) return [invalid(`details.${index}.lslbs`, key, params)];
    if (line.lslbs === REDUCED_LEVY && rateIs(line, [GENERAL_ONLY_REDUCED_RATE])) return [invalid(`details.${index}.lslbs`, 'levyReducedOnSpecial', params)];
    return [];
  });
}

/**
 * A line's rate fits its levy: 免税, 不征税 and 零税率 at 0 and only they at 0; 简易征收 at a 征收率
 * (3 %, 5 %); 减按征收 at a reduced rate (1 %, 2 %), and 2 % only as 减按征收. The message goes on the field the clerk most
 * likely set last: the rate when the levy asks for another, the levy when a 0 rate has none.
 */
export function levyRateRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  if (direction !== '0') return [];
  return levied(request).flatMap(({ line, index }) => {
    const levy = line.lslbs ?? '';
    const zero = new Decimal(line.sl).isZero();
    const params = { ...lineNo(index), rate: percent(line.sl) };
    if (UNTAXED_LEVIES.has(levy)) return zero ? [] : [invalid(`details.${index}.sl`, 'zeroLevyNeedsZeroRate', lineNo(index))];
    if (levy === SIMPLE_LEVY) return rateIs(line, SIMPLE_LEVY_RATES) ? [] : [invalid(`details.${index}.sl`, 'simpleLevyRate', params)];
    if (levy === REDUCED_LEVY) return rateIs(line, REDUCED_LEVY_RATES) ? [] : [invalid(`details.${index}.sl`, 'reducedLevyRate', params)];
    if (zero) return [invalid(`details.${index}.lslbs`, 'zeroRateNeedsLevy', lineNo(index))];
    // 2 % is neither a VAT rate nor a levy rate: only 3 % reduced to 2 % gives it.
    return rateIs(line, [GENERAL_ONLY_REDUCED_RATE]) ? [invalid(`details.${index}.lslbs`, 'reducedRateNeedsLevy', lineNo(index))] : [];
  });
}

/**
 * 差额征税 (lslbs 4) and its deduction kce, the part of the price that is not taxed (the line's tax is
 * (je − kce) × sl / (1 + sl)):
 * - kce goes only with a 差额征税 line;
 * - a blue 差额征税 invoice has that ONE line and nothing else — no other goods and no discount line (the
 *   issuing systems' difference-levy function takes one line, "not mixed with other taxable sales") — and
 *   names its kce, 0 ≤ kce < je (a deduction of the whole price would leave nothing to levy);
 * - a red invoice mirrors it: kce ≤ 0 and |kce| ≤ |je| (its share of the blue kce, rounded). A red invoice
 *   without kce reverses a 差额征税 invoice issued before the desk sent kce, at full tax, as it was issued.
 */
export function differenceLevyRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  const index = request.details.findIndex((line) => line.lslbs === DIFFERENCE_LEVY);
  const kce = request.kce === undefined ? null : new Decimal(request.kce);
  if (index < 0) return kce === null ? [] : [invalid('kce', 'deductionWithoutDifferenceLevy', { deduction: kce.toFixed(2) })];
  const line = request.details[index]!;
  const red = direction === '1';
  const issues: RuleIssue[] = [];
  if (!red && request.details.length > 1) {
    issues.push(invalid(`details.${index}.lslbs`, 'differenceLevyOneLine', { ...lineNo(index), count: request.details.length }));
  }
  if (kce === null) {
    if (!red) issues.push(required('kce', 'differenceLevyNeedsDeduction', { ...lineNo(index), field: 'kce' }));
    return issues;
  }
  const je = new Decimal(line.je);
  const params = { ...lineNo(index), deduction: kce.toFixed(2), amount: je.toFixed(2) };
  const outside = red ? kce.greaterThan(0) || kce.abs().greaterThan(je.abs()) : kce.lessThan(0) || kce.greaterThanOrEqualTo(je);
  if (outside) {
    issues.push(invalid('kce', red ? 'redDeductionRange' : 'deductionRange', params));
  }
  return issues;
}
