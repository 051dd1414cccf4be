/**
 * A rule-book sentence (shared/rules/rule-messages.ts) in the clerk's language: the sentence comes from
 * the `rules` section of the locales (loaded from the shared table), its field names in the clerk's words.
 */
import { draftIssueText } from '../../../shared/rules/issuance-form/index.js';
import type { RuleMessageKey, RuleParams } from '../../../shared/rules/rule-messages.js';
import { i18n } from '../app/i18n.js';

export function ruleIssueText(issue: { key: RuleMessageKey; params: RuleParams }): string {
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const template = i18n.getResource(i18n.language, 'translation', `rules.${issue.key}`) as string | undefined;
  return draftIssueText(issue, language, template);
}
