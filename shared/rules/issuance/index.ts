/**
 * The rule book of an issuance request that a field schema cannot express, as pure functions: the
 * sandbox refuses on them, the app runs them before queueing, and the issuance form runs them live.
 * Each rule returns RuleIssue[]; checkIssuanceRules runs them all in the order a clerk would fix them.
 */
import type { IssuanceRequest } from '../../spec/issuance.js';
import type { RuleIssue } from '../rule-issue.js';
import { buyerDetailsRule, buyerTaxIdRule } from './parties.js';
import { discountLineRule, lineAmountRule, lineRequiredFieldsRule, refinedOilRule, totalRule } from './lines.js';
import type { InvoiceDirection } from '../../spec/codes.js';
import { blueInvoiceRule, invoiceDirection, lineDirectionRule, nonZeroTotalRule, redInvoiceRule } from './red-invoice.js';
import { differenceLevyRule, levyRateRule, specialInvoiceLevyRule } from './levy.js';
import {
  constructionRule,
  passengerTransportRule,
  realEstateLeaseRule,
  realEstateSaleRule,
  specificBusinessPresenceRule,
} from './specific-business.js';

/** `direction`: what the request is issued as — from its total's sign, unless the caller knows (a blue form). */
export type IssuanceRule = (request: IssuanceRequest, direction: InvoiceDirection) => RuleIssue[];

export const ISSUANCE_RULES: readonly IssuanceRule[] = [
  buyerTaxIdRule,
  buyerDetailsRule,
  lineRequiredFieldsRule,
  redInvoiceRule,
  specificBusinessPresenceRule,
  refinedOilRule,
  discountLineRule,
  nonZeroTotalRule,
  lineDirectionRule,
  blueInvoiceRule,
  (request) => constructionRule(request.tdywxx),
  (request) => realEstateSaleRule(request.tdywxx),
  (request) => realEstateLeaseRule(request.tdywxx),
  (request) => passengerTransportRule(request.tdywxx),
  specialInvoiceLevyRule,
  levyRateRule,
  differenceLevyRule,
  lineAmountRule,
  totalRule,
];

/**
 * `options.direction`: the issuance form and batches only ever issue blue invoices, so they say so; a
 * negative total there is then a blue invoice's error, not a red invoice missing its original.
 */
export function checkIssuanceRules(request: IssuanceRequest, options: { direction?: InvoiceDirection } = {}): RuleIssue[] {
  const direction = options.direction ?? invoiceDirection(request);
  return ISSUANCE_RULES.flatMap((rule) => rule(request, direction));
}

export { invoiceDirection } from './red-invoice.js';
export { REDUCED_LEVY_RATES, SIMPLE_LEVY_RATES } from './levy.js';
export { requiredMember } from './specific-business.js';
export type { RuleIssue, RuleIssueCode } from '../rule-issue.js';
