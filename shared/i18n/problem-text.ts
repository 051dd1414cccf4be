/**
 * `problemText` — the one place MAIN turns a problem into a sentence, used only
 * where main itself writes a file the clerk reads (the batch results workbook). The renderer translates
 * through i18next instead (renderer/src/lib/problem-text.ts), from the very same tables.
 */
import { draftIssueText } from '../rules/issuance-form/index.js';
import { fillTemplate, RULE_MESSAGES, type RuleLanguage, type RuleMessageKey } from '../rules/rule-messages.js';
import { BATCH_PROBLEMS } from './batch-texts.js';
import { LIBRARY_PROBLEMS } from './library-texts.js';
import type { Problem, Texts } from './table.js';

export type { Problem } from './table.js';

const TABLES: ReadonlyArray<readonly [string, Texts]> = [
  ['batch.problems.', BATCH_PROBLEMS],
  ['libraries.problems.', LIBRARY_PROBLEMS],
];

/** A problem's sentence in one language; an unknown key (a newer version's row) reads as the key itself. */
export function problemText(problem: Problem, language: RuleLanguage): string {
  if (problem.key.startsWith('rules.')) {
    const key = problem.key.slice('rules.'.length);
    return key in RULE_MESSAGES ? draftIssueText({ key: key as RuleMessageKey, params: problem.params }, language) : problem.key;
  }
  for (const [prefix, table] of TABLES) {
    const text = problem.key.startsWith(prefix) ? table[problem.key.slice(prefix.length)] : undefined;
    if (text) return fillTemplate(text[language], problem.params);
  }
  return problem.key;
}
