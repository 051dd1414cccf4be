/**
 * Direction of an issuance and the rules of a red (negative) invoice (spec endpoint 2 rule 3, "Issuance
 * request" yfpdm/yfphm/ykprq/chyydm/xxbbh/xxbid). The sandbox issues isAuto 0 requests as well (it has no
 * human reviewer), so it treats every red invoice as issued automatically and these rules apply to all.
 */
import Decimal from 'decimal.js';
import { DIGITAL_INVOICE_TYPES, SPECIAL_INVOICE_TYPES, type InvoiceDirection } from '../../spec/codes.js';
import type { IssuanceRequest } from '../../spec/issuance.js';
import { isValidDate } from '../dates.js';
import { invalid, isBlank, lineNo, required, type RuleIssue } from '../rule-issue.js';
import type { RuleMessageKey } from '../rule-messages.js';
import { DISCOUNT_LINE } from './lines.js';

/** kplx: 1 (red) when the total is negative, otherwise 0 (blue). */
export function invoiceDirection(request: Pick<IssuanceRequest, 'jshj'>): InvoiceDirection {
  return new Decimal(request.jshj).isNegative() ? '1' : '0';
}

/** An invoice of total 0 is neither blue nor red. */
export function nonZeroTotalRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  const total = new Decimal(request.jshj);
  if (total.isZero()) return [invalid('jshj', 'totalZero')];
  // Issued as blue (the form, a batch): a negative total is a mistake in the lines, not a red invoice.
  if (direction === '0' && total.isNegative()) return [invalid('jshj', 'blueTotalNegative')];
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
      issues.push(invalid(`details.${index}.je`, red ? 'lineAmountNegative' : 'lineAmountPositive', lineNo(index)));
    }
    if (red && line.spsl !== undefined && line.spsl > 0) {
      issues.push(invalid(`details.${index}.spsl`, 'redQuantityNegative', lineNo(index)));
    }
    if (line.dj !== undefined && line.dj < 0) {
      issues.push(invalid(`details.${index}.dj`, 'unitPricePositive', lineNo(index)));
    }
    return issues;
  });
}

/** Rule 3: a red invoice names its original (yfpdm unless digital, yfphm, ykprq), chyydm, and its form. */
export function redInvoiceRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  if (direction !== '1') return [];
  const issues: RuleIssue[] = [];
  const digital = DIGITAL_INVOICE_TYPES.includes(request.fplxdm);
  const need = (field: 'yfpdm' | 'yfphm' | 'ykprq' | 'chyydm' | 'xxbbh' | 'xxbid', why: RuleMessageKey): void => {
    if (isBlank(request[field])) issues.push(required(field, why, { field }));
  };
  if (!digital) need('yfpdm', 'redOriginalCode');
  need('yfphm', 'redOriginalNumber');
  need('ykprq', 'redOriginalDate');
  need('chyydm', 'redReason');
  if (SPECIAL_INVOICE_TYPES.includes(request.fplxdm)) need('xxbbh', 'redFormNumber');
  if (digital) need('xxbid', 'redFormId');
  if (request.ykprq !== undefined && !isValidDate(request.ykprq)) issues.push(invalid('ykprq', 'invalidDate', { field: 'ykprq', value: request.ykprq }));
  return issues;
}

/** A blue invoice carries none of the red invoice's fields: they would say it reverses something. */
export function blueInvoiceRule(request: IssuanceRequest, direction: InvoiceDirection = invoiceDirection(request)): RuleIssue[] {
  if (direction !== '0') return [];
  return (['yfpdm', 'yfphm', 'ykprq', 'xxbbh', 'xxbid'] as const)
    .filter((field) => !isBlank(request[field]))
    .map((field) => invalid(field, 'redOnlyField', { field }));
}
