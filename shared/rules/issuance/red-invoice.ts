/**
 * Direction of an issuance and the rules of a red (negative) invoice (spec endpoint 2 rule 3, "Issuance
 * request" yfpdm/yfphm/ykprq/chyydm/xxbbh/xxbid). The sandbox issues isAuto 0 requests as well (it has no
 * human reviewer), so it treats every red invoice as issued automatically and these rules apply to all.
 */
import Decimal from 'decimal.js';
import { DIGITAL_INVOICE_TYPES, SPECIAL_INVOICE_TYPES, type InvoiceDirection } from '../../spec/codes.js';
import type { IssuanceRequest } from '../../spec/issuance.js';
import { isValidDate } from '../dates.js';
import { invalid, isBlank, lineLabel, required, type RuleIssue } from '../rule-issue.js';
import { DISCOUNT_LINE } from './lines.js';

/** kplx: 1 (red) when the total is negative, otherwise 0 (blue). */
export function invoiceDirection(request: Pick<IssuanceRequest, 'jshj'>): InvoiceDirection {
  return new Decimal(request.jshj).isNegative() ? '1' : '0';
}

/** An invoice of total 0 is neither blue nor red. */
export function nonZeroTotalRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  const total = new Decimal(request.jshj);
  if (total.isZero()) return [invalid('jshj', '价税合计不能为 0')];
  // Issued as blue (the form, a batch): a negative total is a mistake in the lines, not a red invoice.
  if (direction === '0' && total.isNegative()) return [invalid('jshj', '蓝字发票的价税合计必须大于 0；红字发票请在开票历史中对原发票冲红')];
  return [];
}

/**
 * Every non-discount line runs in the invoice's direction: positive amounts on a blue invoice, negative
 * amounts and quantities (with a positive unit price) on a red one. Offset lines (fphxz 3) are exempt.
 */
export function lineDirectionRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  const red = direction === '1';
  return request.details.flatMap((line, index) => {
    if (line.fphxz === DISCOUNT_LINE || line.fphxz === 3) return [];
    const issues: RuleIssue[] = [];
    const je = new Decimal(line.je);
    if (red ? !je.isNegative() || je.isZero() : je.isNegative() || je.isZero()) {
      issues.push(invalid(`details.${index}.je`, `${lineLabel(index)} 金额必须是${red ? '负数（红字发票）' : '正数（蓝字发票）'}`));
    }
    if (red && line.spsl !== undefined && line.spsl > 0) {
      issues.push(invalid(`details.${index}.spsl`, `${lineLabel(index)} 红字发票数量必须是负数`));
    }
    if (line.dj !== undefined && line.dj < 0) {
      issues.push(invalid(`details.${index}.dj`, `${lineLabel(index)} 单价必须是正数`));
    }
    return issues;
  });
}

/** Rule 3: a red invoice names its original (yfpdm unless digital, yfphm, ykprq), chyydm, and its form. */
export function redInvoiceRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  if (direction !== '1') return [];
  const issues: RuleIssue[] = [];
  const digital = DIGITAL_INVOICE_TYPES.includes(request.fplxdm);
  const need = (field: 'yfpdm' | 'yfphm' | 'ykprq' | 'chyydm' | 'xxbbh' | 'xxbid', why: string): void => {
    if (isBlank(request[field])) issues.push(required(field, `${field} 不能为空（${why}）`));
  };
  if (!digital) need('yfpdm', '红字发票必须填写原发票代码');
  need('yfphm', '红字发票必须填写原发票号码');
  need('ykprq', '红字发票必须填写原开票日期');
  need('chyydm', '红字发票必须填写冲红原因');
  if (SPECIAL_INVOICE_TYPES.includes(request.fplxdm)) need('xxbbh', '红字专用发票必须填写红字信息表编号');
  if (digital) need('xxbid', '红字数电发票必须填写红字信息表 ID');
  if (request.ykprq !== undefined && !isValidDate(request.ykprq)) issues.push(invalid('ykprq', `ykprq ${request.ykprq} 不是有效的日期`));
  return issues;
}

/** A blue invoice carries none of the red invoice's fields: they would say it reverses something. */
export function blueInvoiceRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  if (direction !== '0') return [];
  return (['yfpdm', 'yfphm', 'ykprq', 'xxbbh', 'xxbid'] as const)
    .filter((field) => !isBlank(request[field]))
    .map((field) => invalid(field, `${field} 只用于红字发票（价税合计为负数）`));
}
