/**
 * Cross-field rules of an issuance request that a field schema cannot express: conditionally required
 * fields and amounts that must add up. The sandbox refuses on them; the app can run the same checks before
 * queueing. This is the minimal set; the full rule book (red invoices, tdywxx members, discounts) comes later.
 */
import Decimal from 'decimal.js';
import {
  BUYER_DETAILS_REQUIRED_TYPES,
  BUYER_TAX_ID_REQUIRED_TYPES,
  DIGITAL_INVOICE_TYPES,
  SPECIFIC_BUSINESS_MEMBERS,
} from '../spec/codes.js';
import type { IssuanceRequest } from '../spec/issuance.js';

export type IssuanceRuleKind = 'required' | 'total-mismatch' | 'line-amount-mismatch' | 'invalid-value';

export interface IssuanceRuleViolation {
  kind: IssuanceRuleKind;
  /** Dotted path of the field at fault, e.g. `details.0.je`. */
  field: string;
  message: string;
}

/** The tolerance the spec's systems allow between je and spsl × dj. */
const LINE_TOLERANCE = new Decimal('0.01');
const DISCOUNT_LINE = 1;

const isBlank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

export function checkIssuanceRules(request: IssuanceRequest): IssuanceRuleViolation[] {
  return [...requiredByCondition(request), ...lineRules(request), ...totalRule(request)];
}

function requiredByCondition(request: IssuanceRequest): IssuanceRuleViolation[] {
  const violations: IssuanceRuleViolation[] = [];
  const require = (field: keyof IssuanceRequest & string, why: string): void => {
    const value = request[field];
    if (typeof value === 'string' ? isBlank(value) : value === undefined) {
      violations.push({ kind: 'required', field, message: `${field} 不能为空（${why}）` });
    }
  };
  if (BUYER_TAX_ID_REQUIRED_TYPES.includes(request.fplxdm)) require('ghdwsbh', `发票类型 ${request.fplxdm}`);
  if (BUYER_DETAILS_REQUIRED_TYPES.includes(request.fplxdm)) {
    for (const field of ['ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh'] as const) require(field, `发票类型 ${request.fplxdm}`);
  }
  const member = (SPECIFIC_BUSINESS_MEMBERS as Partial<Record<string, string>>)[request.tspz];
  if (member !== undefined && DIGITAL_INVOICE_TYPES.includes(request.fplxdm)) {
    const info = request.tdywxx as Record<string, unknown> | undefined;
    if (info?.[member] === undefined) {
      violations.push({ kind: 'required', field: `tdywxx.${member}`, message: `tdywxx.${member} 不能为空（特殊票种 ${request.tspz}）` });
    }
  }
  return violations;
}

function lineRules(request: IssuanceRequest): IssuanceRuleViolation[] {
  const violations: IssuanceRuleViolation[] = [];
  request.details.forEach((line, index) => {
    const at = (field: string): string => `details.${index}.${field}`;
    if (line.fphxz === DISCOUNT_LINE) return;
    for (const field of ['spsl', 'dj', 'spbm'] as const) {
      if (line[field] === undefined) {
        violations.push({ kind: 'required', field: at(field), message: `第 ${index + 1} 行 ${field} 不能为空` });
      }
    }
    if (request.tspz === '08') {
      if (line.dw !== '吨' && line.dw !== '升') {
        violations.push({ kind: 'invalid-value', field: at('dw'), message: `第 ${index + 1} 行成品油单位必须是 吨 或 升` });
      }
      if (line.spsl === 0) {
        violations.push({ kind: 'invalid-value', field: at('spsl'), message: `第 ${index + 1} 行成品油数量不能为 0` });
      }
    }
    if (line.spsl !== undefined && line.dj !== undefined) {
      const expected = new Decimal(line.spsl).times(line.dj);
      if (expected.minus(line.je).abs().greaterThan(LINE_TOLERANCE)) {
        violations.push({
          kind: 'line-amount-mismatch',
          field: at('je'),
          message: `第 ${index + 1} 行金额 ${new Decimal(line.je).toFixed(2)} 与数量×单价 ${expected.toFixed(2)} 不符`,
        });
      }
    }
  });
  return violations;
}

function totalRule(request: IssuanceRequest): IssuanceRuleViolation[] {
  const sum = request.details.reduce((total, line) => total.plus(line.je), new Decimal(0));
  const expected = sum.minus(request.zkje ?? 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (expected.equals(request.jshj)) return [];
  return [
    {
      kind: 'total-mismatch',
      field: 'jshj',
      message: `价税合计 ${new Decimal(request.jshj).toFixed(2)} 与明细金额合计减折扣 ${expected.toFixed(2)} 不符`,
    },
  ];
}
