/**
 * Entry point kept for existing imports: the issuance rule book lives in shared/rules/issuance/.
 */
export { checkIssuanceRules, invoiceDirection, ISSUANCE_RULES, type IssuanceRule } from './issuance/index.js';
export type { RuleIssue, RuleIssueCode } from './rule-issue.js';
