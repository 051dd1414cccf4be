/** Buyer fields that the invoice type makes required (spec "Issuance request", ghdwsbh and ghdwdz/dh/yh/zh). */
import { BUYER_DETAILS_REQUIRED_TYPES, BUYER_TAX_ID_REQUIRED_TYPES } from '../../spec/codes.js';
import type { IssuanceRequest } from '../../spec/issuance.js';
import { isBlank, required, type RuleIssue } from '../rule-issue.js';

const BUYER_DETAILS = ['ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh'] as const;

/** ghdwsbh for 004/028/81. */
export function buyerTaxIdRule(request: IssuanceRequest): RuleIssue[] {
  if (!BUYER_TAX_ID_REQUIRED_TYPES.includes(request.fplxdm) || !isBlank(request.ghdwsbh)) return [];
  return [required('ghdwsbh', `ghdwsbh 不能为空（发票类型 ${request.fplxdm} 必须填写购方税号）`)];
}

/** ghdwdz, ghdwdh, ghdwyh, ghdwzh for 004/028. */
export function buyerDetailsRule(request: IssuanceRequest): RuleIssue[] {
  if (!BUYER_DETAILS_REQUIRED_TYPES.includes(request.fplxdm)) return [];
  return BUYER_DETAILS.filter((field) => isBlank(request[field])).map((field) =>
    required(field, `${field} 不能为空（发票类型 ${request.fplxdm} 必须填写购方地址、电话、开户行及账号）`),
  );
}
