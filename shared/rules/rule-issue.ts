/**
 * What every business rule of the output side returns: where (a dotted path into the request, e.g.
 * `details.0.je`), which kind of problem (the sandbox maps it to its E1 code; a form to a field state),
 * and a Chinese message for the clerk.
 */
export type RuleIssueCode = 'required' | 'invalid-value' | 'total-mismatch' | 'line-amount-mismatch';

export interface RuleIssue {
  path: string;
  code: RuleIssueCode;
  message: string;
}

export const isBlank = (value: string | null | undefined): boolean => value === undefined || value === null || value.trim() === '';

export const required = (path: string, message: string): RuleIssue => ({ path, code: 'required', message });
export const invalid = (path: string, message: string): RuleIssue => ({ path, code: 'invalid-value', message });

/** "第 3 行" for line index 2: clerks count lines from 1. */
export const lineLabel = (index: number): string => `第 ${index + 1} 行`;
