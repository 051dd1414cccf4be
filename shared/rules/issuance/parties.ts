/** Buyer fields that the invoice type makes required (spec "Issuance request", ghdwsbh and ghdwdz/dh/yh/zh). */
import { BUYER_DETAILS_REQUIRED_TYPES, BUYER_TAX_ID_REQUIRED_TYPES } from '../../spec/codes.js';
import type { IssuanceRequest } from '../../spec/issuance.js';
import { isBlank, required, type RuleIssue } from '../rule-issue.js';

const BUYER_DETAILS = ['ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh'] as const;

/** ghdwsbh for 004/028/81. */
export function buyerTaxIdRule(request: IssuanceRequest): RuleIssue[] {
  if (!BUYER_TAX_ID_REQUIRED_TYPES.includes(request.fplxdm) || !isBlank(request.ghdwsbh)) return [];
  return [required('ghdwsbh', 'buyerTaxIdRequired', { field: 'ghdwsbh', type: request.fplxdm })];
}

/** ghdwdz, ghdwdh, ghdwyh, ghdwzh for 004/028. */
export function buyerDetailsRule(request: IssuanceRequest): RuleIssue[] {
  if (!BUYER_DETAILS_REQUIRED_TYPES.includes(request.fplxdm)) return [];
  return BUYER_DETAILS.filter((field) => isBlank(request[field])).map((field) =>
    required(field, 'buyerDetailRequired', { field, type: request.fplxdm }),
  );
}
