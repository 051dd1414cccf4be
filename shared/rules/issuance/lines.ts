/**
 * Rules of the issuance detail lines (spec "Issuance detail line"): what a line must carry, refined oil
 * (tspz 08), discount lines, and the amounts adding up. Lines are tax-inclusive: je = spsl × dj.
 */
import Decimal from 'decimal.js';
import type { IssuanceDetailLine, IssuanceRequest } from '../../spec/issuance.js';
import { invalid, lineLabel, required, type RuleIssue } from '../rule-issue.js';

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
          .map((field) => required(`details.${index}.${field}`, `${lineLabel(index)} ${field} 不能为空`)),
  );
}

/** tspz 08 (refined oil): dw is 吨 or 升, spsl is given and non-zero. */
export function refinedOilRule(request: IssuanceRequest): RuleIssue[] {
  if (request.tspz !== '08') return [];
  return request.details.flatMap((line, index) => {
    if (line.fphxz === DISCOUNT_LINE) return [];
    const issues: RuleIssue[] = [];
    if (line.dw === undefined || !REFINED_OIL_UNITS.includes(line.dw)) {
      issues.push(invalid(`details.${index}.dw`, `${lineLabel(index)} 成品油单位必须是 吨 或 升`));
    }
    if (line.spsl === 0) issues.push(invalid(`details.${index}.spsl`, `${lineLabel(index)} 成品油数量不能为 0`));
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
      issues.push(invalid(`details.${index}.fphxz`, `${lineLabel(index)} 是被折扣行，其下一行必须是它的折扣行`));
    }
    if (line.fphxz !== DISCOUNT_LINE) return;
    if (previous?.fphxz !== DISCOUNTED_LINE) {
      issues.push(invalid(`details.${index}.fphxz`, `${lineLabel(index)} 折扣行必须紧跟在被折扣行（fphxz 2）之后，且一行只能被一个折扣行折扣`));
      return;
    }
    if (line.spmc !== previous.spmc) {
      issues.push(invalid(`details.${index}.spmc`, `${lineLabel(index)} 折扣行的商品名称必须与被折扣行相同（${previous.spmc}）`));
    }
    if (!new Decimal(line.sl).equals(previous.sl)) {
      issues.push(invalid(`details.${index}.sl`, `${lineLabel(index)} 折扣行的税率必须与被折扣行相同`));
    }
    const discount = new Decimal(line.je);
    const discounted = new Decimal(previous.je);
    if (discount.isZero() || discount.isNegative() === discounted.isNegative() || discount.abs().greaterThan(discounted.abs())) {
      issues.push(invalid(`details.${index}.je`, `${lineLabel(index)} 折扣金额必须与被折扣行金额符号相反且绝对值不超过它`));
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
        message: `${lineLabel(index)} 金额 ${new Decimal(line.je).toFixed(2)} 与数量×单价 ${expected.toFixed(2)} 不符`,
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
      message: `价税合计 ${new Decimal(request.jshj).toFixed(2)} 与明细金额合计减折扣 ${expected.toFixed(2)} 不符`,
    },
  ];
}
