/**
 * A field schema's refusal (shared/spec, the contract's InvoiceDraft) as a rule-book sentence: the kind
 * of problem picks the key, the field is named by its last path segment, and the schema's own Chinese
 * sentence travels as `text` — the zh sentence of these keys, so Chinese reads as the spec says it
 * while English says what kind of problem it is. `draftIssueText` is how any issue of the form reads in
 * one language (the renderer uses it with its i18next resources, tests without).
 */
import type { z } from 'zod';
import { fillTemplate, FIELD_PARAMS, RULE_MESSAGES, type RuleLanguage, type RuleMessageKey, type RuleParams } from '../rule-messages.js';
import { fieldLabel, toClerkWords } from './labels.js';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function schemaKey(issue: z.core.$ZodIssue, value: unknown): RuleMessageKey {
  const rule = issue.code === 'custom' ? issue.params?.['rule'] : undefined;
  if (value === undefined || value === null || value === '' || (issue.code === 'too_small' && issue.minimum === 1)) return 'schemaRequired';
  if (issue.code === 'too_big' || rule === 'gbk-length' || rule === 'length') return 'schemaTooLong';
  if (rule === 'gbk-charset') return 'schemaCharacters';
  if (issue.code === 'invalid_value' || issue.code === 'invalid_union') return 'schemaChoice';
  if (rule === 'format' || (issue.code === 'invalid_type' && issue.expected === 'number')) return 'schemaNumber';
  return 'schemaInvalid';
}

/** A zod issue as { path, key, params }; `input` is what was parsed (to tell a missing value from a wrong one). */
export function schemaIssue(issue: z.core.$ZodIssue, input: unknown): { path: string; key: RuleMessageKey; params: RuleParams } {
  const field = [...issue.path].reverse().find((part) => typeof part === 'string') ?? '';
  return { path: issue.path.join('.'), key: schemaKey(issue, valueAt(input, issue.path)), params: { field: String(field), text: issue.message } };
}

/**
 * The sentence of a form issue in one language, fields in the clerk's words. `template` is the key's
 * sentence (the renderer passes its i18next text; RULE_MESSAGES otherwise).
 */
export function draftIssueText(issue: { key: RuleMessageKey; params: RuleParams }, language: RuleLanguage, template = RULE_MESSAGES[issue.key][language]): string {
  if (language === 'zh') return toClerkWords(fillTemplate(template, issue.params));
  const params: Record<string, string | number> = { ...issue.params };
  for (const name of FIELD_PARAMS) {
    const value = params[name];
    if (typeof value === 'string') params[name] = value === '' ? 'The value' : fieldLabel(value, 'en');
  }
  return fillTemplate(template, params);
}
