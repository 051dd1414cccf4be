/**
 * The tax-ID rule of the rule book (shared/rules/uscc.ts) as antd form rules, for every form that takes a
 * tax ID (customer library, enterprises): the same check character everywhere, as the clerk types.
 */
import type { FormRule } from 'antd';
import { checkTaxId } from '../../../shared/rules/uscc.js';
import { ruleIssueText } from './rule-text.js';

/** Refuses a wrong check character; a legacy 15/17/20-character ID only warns (the clerk may keep it). */
export const taxIdRules: FormRule[] = [
  {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (!text) return;
      const check = checkTaxId(text);
      if (!check.ok) throw new Error(ruleIssueText(check.message));
    },
  },
  {
    warningOnly: true,
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (!text) return;
      const check = checkTaxId(text);
      if (check.ok && check.kind === 'legacy') throw new Error(ruleIssueText(check.warning));
    },
  },
];
