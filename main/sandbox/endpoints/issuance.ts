/**
 * POST /openApi/v4/fp/fpkj (spec endpoint 2). Asynchronous as the spec describes: the first submission
 * of an lsh is accepted and stays pending; resubmitting the same lsh with the same body after the delay
 * issues the invoice, exactly once, and every later resubmission answers the same record. A
 * tax-control-server terminal answers at once.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { checkIssuanceRules, type IssuanceRuleKind } from '../../../shared/rules/issuance-checks.js';
import type { InvoiceTypeCode } from '../../../shared/spec/codes.js';
import { IssuanceRequest, type IssuedInvoiceRecordWire } from '../../../shared/spec/issuance.js';
import { isAuthorisedFor } from '../auth.js';
import { issueTime } from '../clock.js';
import { SANDBOX_CODES, type SandboxCode } from '../codes.js';
import type { EndpointHandler, SandboxContext } from '../context.js';
import { e1Success, failure, type SandboxReply } from '../envelope.js';
import { invoiceIdentity } from '../invoice-numbers.js';
import type { StoredInvoice } from '../store.js';

/** kpzdbs of a tax-control-server terminal: the one device type that issues synchronously. */
export const TAX_CONTROL_SERVER_TERMINAL = 'tax-control-server';

export const PENDING_MESSAGE = '已受理，开具中';
export const ISSUED_MESSAGE = '开具成功';

const MAX_LISTED_ISSUES = 10;

export const issueInvoice: EndpointHandler = (request, context) => {
  const now = context.now();
  const refuse = (code: SandboxCode, detail?: string): SandboxReply => failure('E1', code, detail, now);

  const json = request.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return refuse(SANDBOX_CODES.format, '请求体必须是 JSON 对象');

  // Who may act comes before what is wrong with the content: an unauthorised caller learns nothing more.
  const seller = (json as Record<string, unknown>).xhdwsbh;
  if (typeof seller === 'string' && !isAuthorisedFor(request.credential, seller)) {
    return refuse(SANDBOX_CODES.taxNumberNotAuthorised, `销方税号 ${seller} 未授权给 AppKey ${request.credential.appKey}`);
  }

  const parsed = IssuanceRequest.safeParse(json);
  if (!parsed.success) return refuse(codeForIssues(parsed.error.issues, json), describeIssues(parsed.error.issues));
  const body = parsed.data;

  const violations = checkIssuanceRules(body);
  const first = violations[0];
  if (first) return refuse(RULE_CODES[first.kind], violations.map((violation) => violation.message).join('；'));

  const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const existing = context.store.findIssuance(body.lsh);
  if (existing && existing.bodyHash !== bodyHash) {
    return refuse(SANDBOX_CODES.serialReused, `流水号 ${body.lsh} 已于 ${new Date(existing.acceptedAt).toISOString()} 提交过不同的内容`);
  }
  if (!existing) {
    context.store.acceptIssuance({
      lsh: body.lsh,
      appKey: request.credential.appKey,
      sellerTaxNumber: body.xhdwsbh,
      bodyHash,
      requestJson: JSON.stringify(body),
      acceptedAt: now.getTime(),
    });
    if (body.kpzdbs !== TAX_CONTROL_SERVER_TERMINAL) return e1Success([], PENDING_MESSAGE, now);
  } else if (existing.issuedAt === null && now.getTime() - existing.acceptedAt < context.issueDelayMs) {
    return e1Success([], PENDING_MESSAGE, now);
  }
  return e1Success(issue(body, context, now).map(toWire), ISSUED_MESSAGE, now);
};

function issue(body: IssuanceRequest, context: SandboxContext, now: Date): StoredInvoice[] {
  return context.store.issueOnce(body.lsh, body.fplxdm, now.getTime(), (sequence) => {
    const identity = invoiceIdentity(body.fplxdm, sequence, body.lsh, now);
    return [
      {
        lsh: body.lsh,
        fplxdm: body.fplxdm,
        ...identity,
        kprq: issueTime(now),
        kplx: '0',
        jshj: new Decimal(body.jshj).toFixed(2),
      },
    ];
  });
}

function toWire(invoice: StoredInvoice): IssuedInvoiceRecordWire {
  return {
    fplxdm: invoice.fplxdm as InvoiceTypeCode,
    ...(invoice.fpdm === null ? {} : { fpdm: invoice.fpdm }),
    fphm: invoice.fphm,
    kprq: invoice.kprq,
    ...(invoice.skm === null ? {} : { skm: invoice.skm }),
    ...(invoice.jym === null ? {} : { jym: invoice.jym }),
    lsh: invoice.lsh,
    kplx: invoice.kplx === '1' ? '1' : '0',
    // A JSON number, as the spec types jshj Decimal; 2-dp text converts exactly at these magnitudes.
    jshj: Number(invoice.jshj),
  };
}

const RULE_CODES: Record<IssuanceRuleKind, SandboxCode> = {
  required: SANDBOX_CODES.fieldMissing,
  'total-mismatch': SANDBOX_CODES.totalMismatch,
  'line-amount-mismatch': SANDBOX_CODES.lineAmountMismatch,
  'invalid-value': SANDBOX_CODES.invalidValue,
};

/** The code of the first problem: a missing field, a field too long, or anything else as a format error. */
function codeForIssues(issues: readonly z.core.$ZodIssue[], input: unknown): SandboxCode {
  const issue = issues[0];
  if (!issue) return SANDBOX_CODES.format;
  const value = valueAt(input, issue.path);
  if (value === undefined || value === null) return SANDBOX_CODES.fieldMissing;
  if (issue.code === 'too_small' && issue.minimum === 1) return SANDBOX_CODES.fieldMissing;
  if (issue.code === 'too_big') return SANDBOX_CODES.fieldLength;
  if (issue.code === 'custom' && issue.params?.['rule'] === 'gbk-length') return SANDBOX_CODES.fieldLength;
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
