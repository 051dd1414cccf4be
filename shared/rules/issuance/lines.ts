/**
 * Rules of the issuance detail lines (spec "Issuance detail line"): what a line must carry, refined oil
 * (tspz 08), discount lines, and the amounts adding up. Lines are tax-inclusive: je = spsl × dj.
 */
import Decimal from 'decimal.js';
import type { IssuanceDetailLine, IssuanceRequest } from '../../spec/issuance.js';
import { invalid, lineNo, required, type RuleIssue } from '../rule-issue.js';

/** The tolerance the spec's systems allow between je and spsl × dj. */
const LINE_TOLERANCE = new Decimal('0.01');
const REFINED_OIL_UNITS = ['吨', '升'];

export const NORMAL_LINE = 0;
export const DISCOUNT_LINE = 1;
export const DISCOUNTED_LINE = 2;

/** A discount line needs only spmc, je and sl; every other line also needs spsl, dj and spbm. */
export function lineRequiredFieldsRule(request: IssuanceRequest): RuleIssue[] {
  return request.details.flatMap((line, index) =>
    line.fphxz === DISCOUNT_LINE
      ? []
      : (['spsl', 'dj', 'spbm'] as const)
          .filter((field) => line[field] === undefined)
          .map((field) => required(`details.${index}.${field}`, 'lineFieldRequired', { ...lineNo(index), field })),
  );
}

/** tspz 08 (refined oil): dw is 吨 or 升, spsl is given and non-zero. */
export function refinedOilRule(request: IssuanceRequest): RuleIssue[] {
  if (request.tspz !== '08') return [];
  return request.details.flatMap((line, index) => {
    if (line.fphxz === DISCOUNT_LINE) return [];
    const issues: RuleIssue[] = [];
    if (line.dw === undefined || !REFINED_OIL_UNITS.includes(line.dw)) {
      issues.push(invalid(`details.${index}.dw`, 'refinedOilUnit', lineNo(index)));
    }
    if (line.spsl === 0) issues.push(invalid(`details.${index}.spsl`, 'refinedOilQuantity', lineNo(index)));
    return issues;
  });
}

/**
 * Discount lines: a discount line (1) directly follows its discounted line (2), with the same name and
 * rate; a discounted line is discounted by exactly one discount line (never across several lines); the
 * discount goes against its line (opposite sign) and never beyond it.
 */
export function discountLineRule(request: IssuanceRequest): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { details } = request;
  details.forEach((line, index) => {
    const previous: IssuanceDetailLine | undefined = details[index - 1];
    const next: IssuanceDetailLine | undefined = details[index + 1];
    if (line.fphxz === DISCOUNTED_LINE && next?.fphxz !== DISCOUNT_LINE) {
      issues.push(invalid(`details.${index}.fphxz`, 'discountedNeedsDiscount', lineNo(index)));
    }
    if (line.fphxz !== DISCOUNT_LINE) return;
    if (previous?.fphxz !== DISCOUNTED_LINE) {
      issues.push(invalid(`details.${index}.fphxz`, 'discountFollows', lineNo(index)));
      return;
    }
    if (line.spmc !== previous.spmc) {
      issues.push(invalid(`details.${index}.spmc`, 'discountName', { ...lineNo(index), name: previous.spmc }));
    }
    if (!new Decimal(line.sl).equals(previous.sl)) {
      issues.push(invalid(`details.${index}.sl`, 'discountRate', lineNo(index)));
    }
    const discount = new Decimal(line.je);
    const discounted = new Decimal(previous.je);
    if (discount.isZero() || discount.isNegative() === discounted.isNegative() || discount.abs().greaterThan(discounted.abs())) {
      issues.push(invalid(`details.${index}.je`, 'discountAmount', lineNo(index)));
    }
  });
  return issues;
}

/** je = spsl × dj within 0.01 on every line that has both. */
export function lineAmountRule(request: IssuanceRequest): RuleIssue[] {
  return request.details.flatMap((line, index) => {
    if (line.spsl === undefined || line.dj === undefined) return [];
    const expected = new Decimal(line.spsl).times(line.dj);
    if (expected.minus(line.je).abs().lessThanOrEqualTo(LINE_TOLERANCE)) return [];
    return [
      {
        path: `details.${index}.je`,
        code: 'line-amount-mismatch' as const,
        key: 'lineAmountMismatch' as const,
        params: { ...lineNo(index), amount: new Decimal(line.je).toFixed(2), expected: expected.toFixed(2) },
      },
    ];
  });
}

/** jshj = Σ je − zkje, 2 dp. */
export function totalRule(request: IssuanceRequest): RuleIssue[] {
  const sum = request.details.reduce((total, line) => total.plus(line.je), new Decimal(0));
  const expected = sum.minus(request.zkje ?? 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (expected.equals(request.jshj)) return [];
  return [
    {
      path: 'jshj',
      code: 'total-mismatch',
      key: 'totalMismatch',
      params: { total: new Decimal(request.jshj).toFixed(2), expected: expected.toFixed(2) },
    },
  ];
}
