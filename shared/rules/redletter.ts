/**
 * Rules of a red-letter form application (spec "Red-letter application request", "Red-letter detail
 * line", endpoint 9), pure so the app's red-letter form and the sandbox apply the same ones. Two groups:
 * what the request itself must say (given the type of the original), and what its lines may change of the
 * original's lines under each reversal reason (chyydm). Amounts, like the issuance lines they reverse,
 * are tax-inclusive.
 */
import Decimal from 'decimal.js';
import { DIGITAL_INVOICE_TYPES, type InvoiceTypeCode } from '../spec/codes.js';
import type { IssuanceRequest } from '../spec/issuance.js';
import type { RedLetterApplicationRequest, RedLetterDetailLine } from '../spec/redletter.js';
import { invalid, isBlank, lineNo, required, type RuleIssue } from './rule-issue.js';

const LINE_TOLERANCE = new Decimal('0.01');
const RED_DISCOUNT_LINE = 1;

/** A line of the original blue invoice as the red-letter rules need it; xh counts from 1. */
export interface OriginalLine {
  xh: number;
  /** Issuance line nature: 0 normal, 1 discount, 2 discounted, 3 offset. */
  fphxz: number;
  spmc: string;
  ggxh?: string | undefined;
  dw?: string | undefined;
  spsl?: number | undefined;
  dj?: number | undefined;
  je: number;
  sl: number;
  spbm?: string | undefined;
  lslbs?: string | null | undefined;
}

/** The blue invoice's lines as the red-letter rules see them (xh from 1, in invoice order). */
export function originalLines(request: IssuanceRequest): OriginalLine[] {
  return request.details.map((line, index) => ({
    xh: index + 1,
    fphxz: line.fphxz,
    spmc: line.spmc,
    ggxh: line.ggxh,
    dw: line.dw,
    spsl: line.spsl,
    dj: line.dj,
    je: line.je,
    sl: line.sl,
    spbm: line.spbm,
    lslbs: line.lslbs,
  }));
}

const isDigital = (fplxdm: InvoiceTypeCode): boolean => DIGITAL_INVOICE_TYPES.includes(fplxdm);

/** fpdm and kpzdbs for a non-digital original; chyydm for a digital one. */
export function applicationFieldsRule(request: RedLetterApplicationRequest, fplxdm: InvoiceTypeCode): RuleIssue[] {
  if (isDigital(fplxdm)) {
    return isBlank(request.chyydm) ? [required('chyydm', 'redReasonDigital', { field: 'chyydm' })] : [];
  }
  return (['fpdm', 'kpzdbs'] as const)
    .filter((field) => isBlank(request[field]))
    .map((field) => required(field, 'nonDigitalField', { field }));
}

/** xh on every line of a digital-electronic application. */
export function lineSerialRule(request: RedLetterApplicationRequest, fplxdm: InvoiceTypeCode): RuleIssue[] {
  if (!isDigital(fplxdm)) return [];
  return (request.details ?? []).flatMap((line, index) =>
    line.xh === undefined ? [required(`details.${index}.xh`, 'lineSerialRequired', { ...lineNo(index), field: 'xh' })] : [],
  );
}

/**
 * Red lines run negative: a normal line has a negative amount (its quantity negative and unit price
 * positive, which the schema checks); a discount line reverses a negative discount, so its amount is
 * positive, and it has no quantity or unit price. je = spsl × dj within 0.01 when both are given.
 */
export function redLineSignRule(request: RedLetterApplicationRequest): RuleIssue[] {
  return (request.details ?? []).flatMap((line, index) => {
    const je = new Decimal(line.je);
    const issues: RuleIssue[] = [];
    if (line.fphxz === RED_DISCOUNT_LINE) {
      if (!je.isPositive() || je.isZero()) issues.push(invalid(`details.${index}.je`, 'redDiscountPositive', lineNo(index)));
      if (line.spsl != null || line.dj != null) issues.push(invalid(`details.${index}.spsl`, 'redDiscountNoQuantity', lineNo(index)));
      return issues;
    }
    if (!je.isNegative() || je.isZero()) issues.push(invalid(`details.${index}.je`, 'redLineNegative', lineNo(index)));
    if (line.spsl != null && line.dj != null) {
      const expected = new Decimal(line.spsl).times(line.dj);
      if (expected.minus(je).abs().greaterThan(LINE_TOLERANCE)) {
        issues.push({ path: `details.${index}.je`, code: 'line-amount-mismatch', key: 'redLineAmountMismatch', params: { ...lineNo(index), expected: expected.toFixed(2) } });
      }
    }
    return issues;
  });
}

/** A discount line directly follows its discounted line (listed with 0), with the identical name. */
export function redDiscountAdjacencyRule(request: RedLetterApplicationRequest): RuleIssue[] {
  const lines = request.details ?? [];
  return lines.flatMap((line, index) => {
    if (line.fphxz !== RED_DISCOUNT_LINE) return [];
    const previous: RedLetterDetailLine | undefined = lines[index - 1];
    if (previous === undefined || previous.fphxz === RED_DISCOUNT_LINE) {
      return [invalid(`details.${index}.fphxz`, 'redDiscountFollows', lineNo(index))];
    }
    return previous.spmc === line.spmc ? [] : [invalid(`details.${index}.spmc`, 'redDiscountName', { ...lineNo(index), name: previous.spmc })];
  });
}

/** Rules on the request alone, given the type of the original invoice. */
export function checkRedLetterRequest(request: RedLetterApplicationRequest, fplxdm: InvoiceTypeCode): RuleIssue[] {
  return [
    ...applicationFieldsRule(request, fplxdm),
    ...lineSerialRule(request, fplxdm),
    ...redDiscountAdjacencyRule(request),
    ...redLineSignRule(request),
  ];
}

const same = (a: number | null | undefined, b: number | null | undefined): boolean =>
  a != null && b != null && new Decimal(a).equals(b);

/** Which original line a red line reverses: by xh, or (non-digital applications without xh) by position. */
function originalFor(line: RedLetterDetailLine, index: number, original: readonly OriginalLine[]): OriginalLine | undefined {
  const xh = line.xh ?? index + 1;
  return original.find((candidate) => candidate.xh === xh);
}

/**
 * The lines against the original's: each names an existing line with the same name and rate, a discount
 * line a discount line, never more than that line's amount, and changes only what chyydm allows:
 * 1 goods returned — unit price kept, quantity may change; 2 invoice error — every line reversed in
 * full, unchanged; 3 service terminated — unit price kept, amount and quantity may change; 4 sales
 * allowance — unit price and quantity unchanged (left empty, or equal to the original's).
 */
export function redLetterChangeRule(request: RedLetterApplicationRequest, original: readonly OriginalLine[]): RuleIssue[] {
  const lines = request.details ?? [];
  if (lines.length === 0) return [];
  const issues: RuleIssue[] = [];
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    const at = (field: string): string => `details.${index}.${field}`;
    const source = originalFor(line, index, original);
    if (!source) {
      issues.push(invalid(at('xh'), 'noOriginalLine', { ...lineNo(index), serial: line.xh ?? index + 1 }));
      return;
    }
    if (seen.has(source.xh)) issues.push(invalid(at('xh'), 'originalLineTwice', { ...lineNo(index), serial: source.xh }));
    seen.add(source.xh);
    if (source.spmc !== line.spmc) issues.push(invalid(at('spmc'), 'originalName', { ...lineNo(index), serial: source.xh, name: source.spmc }));
    if (!new Decimal(source.sl).equals(line.sl)) issues.push(invalid(at('sl'), 'originalRate', { ...lineNo(index), serial: source.xh }));
    if ((source.fphxz === 1) !== (line.fphxz === RED_DISCOUNT_LINE)) {
      issues.push(invalid(at('fphxz'), 'originalKind', { ...lineNo(index), serial: source.xh }));
      return;
    }
    if (new Decimal(line.je).abs().greaterThan(new Decimal(source.je).abs())) {
      issues.push(invalid(at('je'), 'originalAmountExceeded', { ...lineNo(index), serial: source.xh }));
    }
    if (line.fphxz === RED_DISCOUNT_LINE) return;
    if (line.spsl != null && source.spsl !== undefined && new Decimal(line.spsl).abs().greaterThan(new Decimal(source.spsl).abs())) {
      issues.push(invalid(at('spsl'), 'originalQuantityExceeded', { ...lineNo(index), serial: source.xh }));
    }
    issues.push(...reasonRule(request.chyydm, line, source, index));
  });
  if (request.chyydm === '2' && seen.size !== original.length) {
    issues.push(invalid('details', 'fullReversalAllLines'));
  }
  return issues;
}

function reasonRule(chyydm: string | undefined, line: RedLetterDetailLine, source: OriginalLine, index: number): RuleIssue[] {
  const at = (field: string): string => `details.${index}.${field}`;
  const priceKept = line.dj == null || same(line.dj, source.dj);
  const fullQuantity = line.spsl != null && source.spsl !== undefined && new Decimal(line.spsl).negated().equals(source.spsl);
  switch (chyydm) {
    case '1':
    case '3':
      return priceKept ? [] : [invalid(at('dj'), 'reasonKeepsPrice', { ...lineNo(index), reason: chyydm, price: source.dj ?? '' })];
    case '2': {
      const full = new Decimal(line.je).negated().equals(source.je) && priceKept && (line.spsl == null ? source.spsl === undefined : fullQuantity);
      return full ? [] : [invalid(at('je'), 'reasonFullLine', lineNo(index))];
    }
    case '4': {
      const untouched = (line.dj == null && line.spsl == null) || (priceKept && fullQuantity);
      return untouched ? [] : [invalid(at('spsl'), 'reasonKeepsQuantity', lineNo(index))];
    }
    default:
      return [];
  }
}

/** The red lines of a full reversal (an application without details): every original line, negated. */
export function fullReversalLines(original: readonly OriginalLine[]): RedLetterDetailLine[] {
  return original.map((line) => ({
    fphxz: line.fphxz === 1 ? 1 : 0,
    spmc: line.spmc,
    ...(line.ggxh === undefined ? {} : { ggxh: line.ggxh }),
    ...(line.dw === undefined ? {} : { dw: line.dw }),
    ...(line.fphxz === 1 || line.spsl === undefined ? {} : { spsl: new Decimal(line.spsl).negated().toNumber() }),
    ...(line.fphxz === 1 || line.dj === undefined ? {} : { dj: line.dj }),
    je: new Decimal(line.je).negated().toNumber(),
    sl: line.sl,
    ...(line.spbm === undefined ? {} : { spbm: line.spbm }),
    ...(line.lslbs === undefined || line.lslbs === null ? {} : { lslbs: line.lslbs === '1' || line.lslbs === '2' || line.lslbs === '3' ? line.lslbs : '' }),
    xh: line.xh,
  }));
}
