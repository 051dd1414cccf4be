/**
 * What every business rule of the output side returns: where (a dotted path into the request, e.g.
 * `details.0.je`), which kind of problem (the sandbox maps it to its E1 code; a form to a field state),
 * and the sentence as a key and its params (rule-messages.ts): the renderer says it in the clerk's
 * language, the sandbox in the service's Chinese.
 */
import type { RuleMessageKey, RuleParams } from './rule-messages.js';

export type RuleIssueCode = 'required' | 'invalid-value' | 'total-mismatch' | 'line-amount-mismatch';

export interface RuleIssue {
  path: string;
  code: RuleIssueCode;
  key: RuleMessageKey;
  params: RuleParams;
}

export const isBlank = (value: string | null | undefined): boolean => value === undefined || value === null || value.trim() === '';

export const required = (path: string, key: RuleMessageKey, params: RuleParams = {}): RuleIssue => ({ path, code: 'required', key, params });
export const invalid = (path: string, key: RuleMessageKey, params: RuleParams = {}): RuleIssue => ({ path, code: 'invalid-value', key, params });

/** The `line` param of a line's sentence: clerks count lines from 1. */
export const lineNo = (index: number): { line: number } => ({ line: index + 1 });
