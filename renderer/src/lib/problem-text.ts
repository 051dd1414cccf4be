/**
 * A problem sent by main as a key and its params (shared/i18n: `rules.<key>`, `batch.problems.<key>`,
 * `libraries.problems.<key>`) in the clerk's language. The tables are loaded into i18next by the feature
 * locales; the rule book's sentences go through ruleIssueText, which names fields in the clerk's words.
 */
import type { Problem } from '../../../shared/i18n/table.js';
import { type LocaleCode, uiLanguageOf } from '../../../shared/i18n/ui-language.js';
import { RULE_MESSAGES, type RuleMessageKey } from '../../../shared/rules/rule-messages.js';
import { i18n } from '../app/i18n.js';
import { ruleIssueText } from './rule-text.js';

/** i18next's typed `t` only takes literal keys; these keys arrive at run time. */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

export function problemText(problem: Problem): string {
  if (problem.key.startsWith('rules.')) {
    const key = problem.key.slice('rules.'.length);
    if (key in RULE_MESSAGES) return ruleIssueText({ key: key as RuleMessageKey, params: problem.params });
  }
  if (i18n.exists(problem.key)) return (i18n.t as unknown as DynamicT)(problem.key, { ...problem.params });
  // A key this build does not know (a row written by a newer version) still shows something.
  return problem.key;
}

/** The UI's language as the shared tables name it. */
export const uiLanguage = () => uiLanguageOf(i18n.language as LocaleCode);
