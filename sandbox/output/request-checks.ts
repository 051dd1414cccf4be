/**
 * How the output endpoints turn schema and rule problems into E1 refusals, one policy for all
 * (docs/sandbox.md): a missing field 1008, a field too long 1009, anything else malformed 2003; rule
 * issues by their code (required 1008, totals 3002, line amounts 3003, forbidden values 3004).
 */
import type { z } from 'zod';
import type { RuleIssue, RuleIssueCode } from '../../shared/rules/rule-issue.js';
import { ruleText } from '../../shared/rules/rule-messages.js';
import { isAuthorisedFor } from '../auth.js';
import { SANDBOX_CODES, type SandboxCode } from '../codes.js';
import type { EndpointRequest } from '../context.js';

const MAX_LISTED_ISSUES = 10;

export const RULE_CODES: Record<RuleIssueCode, SandboxCode> = {
  required: SANDBOX_CODES.fieldMissing,
  'total-mismatch': SANDBOX_CODES.totalMismatch,
  'line-amount-mismatch': SANDBOX_CODES.lineAmountMismatch,
  'invalid-value': SANDBOX_CODES.invalidValue,
};

export interface Refusal {
  code: SandboxCode;
  detail: string;
}

/**
 * The opening of every output endpoint: the body is a JSON object; its seller (xhdwsbh) is authorised for
 * the caller's AppKey — checked before anything about the content, so an unauthorised caller learns
 * nothing more (2012); then the endpoint's own schema.
 */
export function parseSellerRequest<T extends z.ZodType>(request: EndpointRequest, schema: T): { ok: true; body: z.output<T> } | { ok: false; refusal: Refusal } {
  const json = request.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, refusal: { code: SANDBOX_CODES.format, detail: '请求体必须是 JSON 对象' } };
  }
  const seller = (json as Record<string, unknown>).xhdwsbh;
  if (typeof seller === 'string' && !isAuthorisedFor(request.credential, seller)) {
    return { ok: false, refusal: { code: SANDBOX_CODES.taxNumberNotAuthorised, detail: `销方税号 ${seller} 未授权给 AppKey ${request.credential.appKey}` } };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, refusal: refusalForSchema(parsed.error.issues, json) };
}

/** The refusal for a list of rule issues (the first one's code; every message listed), or undefined. */
export function refusalForRules(issues: readonly RuleIssue[]): Refusal | undefined {
  const first = issues[0];
  if (!first) return undefined;
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => ruleText(issue, 'zh'));
  const more = issues.length > MAX_LISTED_ISSUES ? `；另有 ${issues.length - MAX_LISTED_ISSUES} 处错误` : '';
  return { code: RULE_CODES[first.code], detail: `${listed.join('；')}${more}` };
}

/** The refusal for a failed schema parse. */
export function refusalForSchema(issues: readonly z.core.$ZodIssue[], input: unknown): Refusal {
  return { code: codeForIssues(issues, input), detail: describeIssues(issues) };
}

/** The code of the first problem: a missing field, a field too long, or anything else as a format error. */
function codeForIssues(issues: readonly z.core.$ZodIssue[], input: unknown): SandboxCode {
  const issue = issues[0];
  if (!issue) return SANDBOX_CODES.format;
  const value = valueAt(input, issue.path);
  if (value === undefined || value === null) return SANDBOX_CODES.fieldMissing;
  if (issue.code === 'too_small' && issue.minimum === 1) return SANDBOX_CODES.fieldMissing;
  if (issue.code === 'too_big') return SANDBOX_CODES.fieldLength;
  if (issue.code === 'custom' && issue.params?.['rule'] === 'gbk-length') return SANDBOX_CODES.fieldLength;
  // A sign or range a field's remark forbids is a rule violation, not a malformed message.
  if (issue.code === 'custom' && issue.params?.['rule'] === 'value') return SANDBOX_CODES.invalidValue;
  return SANDBOX_CODES.format;
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    // Top-level messages already name their field; nested ones need the path to find the line.
    return issue.path.length > 1 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
  });
  const more = issues.length > MAX_LISTED_ISSUES ? `；另有 ${issues.length - MAX_LISTED_ISSUES} 处错误` : '';
  return `${listed.join('；')}${more}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** JSON with object keys sorted, so key order and whitespace do not make two equal requests differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
