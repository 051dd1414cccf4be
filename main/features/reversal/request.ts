/**
 * The wire requests of a reversal, built from the blue invoice's own stored request so the red invoice
 * names the same parties, terminal and special kind: the red invoice (spec endpoint 2 rule 3: yfpdm unless
 * digital-electronic, yfphm, ykprq, chyydm; xxbbh for a red special invoice, xxbid for a red
 * digital-electronic one) and the red-letter form application (endpoint 9). Each is checked against the
 * shared schema and rule book before anything is stored, so nothing the service would refuse is queued.
 */
import { IpcFailure, type MessageParams } from '../../../shared/ipc/result.js';
import type { RuleIssue } from '../../../shared/rules/rule-issue.js';
import Decimal from 'decimal.js';
import type { RedLetterReason, RedReason } from '../../../shared/ipc/index.js';
import { checkIssuanceRules } from '../../../shared/rules/issuance/index.js';
import { DIFFERENCE_LEVY, deductionShare, lineTax } from '../../../shared/rules/invoice-amounts.js';
import { checkRedLetterRequest, originalLines, redLetterChangeRule } from '../../../shared/rules/redletter.js';
import { DIGITAL_INVOICE_TYPES, type InvoiceTypeCode } from '../../../shared/spec/codes.js';
import { IssuanceRequest, type IssuanceDetailLine } from '../../../shared/spec/issuance.js';
import { RedLetterApplicationRequest, type RedLetterDetailLine } from '../../../shared/spec/redletter.js';
import type { PreparedIssuance } from '../issuance/request.js';
import type { InvoiceRow } from './repo.js';

/** A refusal is the failure itself (messages by code): the service throws it as it is. */
export type Built<T> = { ok: true; value: T } | { ok: false; failure: IpcFailure };

const refused = (key: string, params: MessageParams = {}, details?: unknown): { ok: false; failure: IpcFailure } => ({
  ok: false,
  failure: new IpcFailure('VALIDATION_FAILED', key, params, details === undefined ? {} : { details }),
});

/** The rule book's first refusal as the sentence (its `rules.` key), every issue in details. */
const ruleRefusal = (issues: readonly RuleIssue[]) => refused(`rules.${issues[0]!.key}`, { ...issues[0]!.params }, { issues });

/** A schema refusal names the paths (wire names, no sentence of the spec). */
const schemaRefusal = (key: string, issues: readonly { path: PropertyKey[] }[]) =>
  refused(key, { paths: issues.map((issue) => issue.path.map(String).join('.')).join(', ') });

export const isDigital = (fplxdm: string): boolean => (DIGITAL_INVOICE_TYPES as readonly string[]).includes(fplxdm);

/** The blue invoice's request as stored when it was queued; checked, since it comes from disk. */
export function blueRequestOf(blue: InvoiceRow): Built<IssuanceRequest> {
  let json: unknown;
  try {
    json = JSON.parse(blue.request_json);
  } catch {
    return refused('reversal.blueRequestUnreadable', { lsh: blue.lsh });
  }
  const parsed = IssuanceRequest.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : refused('reversal.blueRequestIncomplete', { lsh: blue.lsh });
}

/**
 * ykprq (yyyy-MM-dd) from the stored kprq: the service writes yyyy-MM-dd'T'HH:mm:ss.SSSZ (China time),
 * older records yyyyMMddHHmmss; the date part is taken as written, never shifted through a time zone.
 */
export function originalIssueDate(kprq: string | null): string | null {
  if (!kprq) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(kprq);
  if (iso) return iso[1] ?? null;
  const compact = /^(\d{4})(\d{2})(\d{2})/.exec(kprq);
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : null;
}


export interface RedInvoiceContext {
  lsh: string;
  reason: RedReason;
  /** xxbbh (special) or xxbid (digital-electronic) of an approved form. */
  form?: { xxbbh: string | null; xxbid: string | null };
}

export function buildRedIssuance(blue: InvoiceRow, request: IssuanceRequest, lines: readonly IssuanceDetailLine[], context: RedInvoiceContext): Built<PreparedIssuance> {
  const ykprq = originalIssueDate(blue.kprq);
  if (!blue.fphm || !ykprq || (!isDigital(blue.fplxdm) && !blue.fpdm)) {
    return refused('reversal.blueNumbersMissing');
  }
  const jshj = lines.reduce((sum, line) => sum.plus(line.je), new Decimal(0));
  const fullWithDiscount = request.zkje !== undefined && jshj.negated().minus(request.zkje).equals(request.jshj);
  const zkje = fullWithDiscount && request.zkje !== undefined ? new Decimal(request.zkje).negated() : undefined;
  const total = zkje ? jshj.minus(zkje) : jshj;
  const kce = redDeduction(request, lines);
  const remark = `对应正数发票代码:${blue.fpdm ?? ''}号码:${blue.fphm}`;
  const candidate: IssuanceRequest = {
    lsh: context.lsh,
    tspz: request.tspz,
    isAuto: 1,
    fplxdm: request.fplxdm,
    ...(request.kpzdbs === undefined ? {} : { kpzdbs: request.kpzdbs }),
    ...(isDigital(blue.fplxdm) ? {} : { yfpdm: blue.fpdm ?? '' }),
    yfphm: blue.fphm,
    ykprq,
    chyydm: context.reason,
    ...(context.form?.xxbbh && !isDigital(blue.fplxdm) ? { xxbbh: context.form.xxbbh } : {}),
    ...(context.form?.xxbid && isDigital(blue.fplxdm) ? { xxbid: context.form.xxbid } : {}),
    ghdwmc: request.ghdwmc,
    ...pick(request, ['ghdwsbh', 'ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh', 'sfzsghdwyhzh', 'sfzsghdwdzdh']),
    xhdwsbh: request.xhdwsbh,
    xhdwmc: request.xhdwmc,
    ...pick(request, ['xhdwdz', 'xhdwdh', 'xhdwyh', 'xhdwzh', 'sfzsxhdwyhzh', 'sfzsxhdwdzdh', 'skr', 'fhr', 'tdywxx']),
    kpr: request.kpr,
    jshj: total.toNumber(),
    ...(zkje ? { zkje: zkje.toNumber() } : {}),
    ...(kce === null ? {} : { kce: kce.toNumber() }),
    bz: remark,
    details: [...lines],
  };
  const parsed = IssuanceRequest.safeParse(candidate);
  if (!parsed.success) {
    return schemaRefusal('reversal.redRequestSchema', parsed.error.issues);
  }
  const issues = checkIssuanceRules(parsed.data);
  if (issues.length > 0) return ruleRefusal(issues);
  const stored = lines.map((line) => {
    const lslbs = line.lslbs ?? null;
    const lineKce = lslbs === DIFFERENCE_LEVY && kce !== null ? kce.toFixed(2) : null;
    return {
      spmc: line.spmc,
      spbm: line.spbm ?? '',
      spsl: line.spsl === undefined ? '' : new Decimal(line.spsl).toFixed(),
      dj: line.dj === undefined ? '' : new Decimal(line.dj).toFixed(),
      je: new Decimal(line.je).toFixed(2),
      sl: new Decimal(line.sl).toFixed(2),
      se: lineTax(line, lineKce),
      lslbs,
      zzstsgl: line.zzstsgl ?? null,
      kce: lineKce,
    };
  });
  const tax = stored.reduce((sum, line) => sum.plus(line.se), new Decimal(0));
  return {
    ok: true,
    value: { request: parsed.data, totals: { total: total.toFixed(2), tax: tax.toFixed(2), net: total.minus(tax).toFixed(2) }, lines: stored },
  };
}

/**
 * kce of a red invoice reversing a 差额征税 invoice: the blue invoice's deduction in the share of its
 * difference-levy amount being reversed, negative (a full reversal takes all of it back). Null when the
 * blue invoice had none.
 */
function redDeduction(blue: IssuanceRequest, red: readonly IssuanceDetailLine[]): Decimal | null {
  const levied = (lines: readonly IssuanceDetailLine[]) => lines.filter((line) => line.lslbs === DIFFERENCE_LEVY).reduce((sum, line) => sum.plus(line.je), new Decimal(0));
  return deductionShare(blue.kce, levied(blue.details), levied(red));
}

function pick<K extends keyof IssuanceRequest>(request: IssuanceRequest, keys: readonly K[]): Partial<Pick<IssuanceRequest, K>> {
  const picked: Partial<Pick<IssuanceRequest, K>> = {};
  for (const key of keys) if (request[key] !== undefined) picked[key] = request[key];
  return picked;
}

export interface ApplicationContext {
  lsh: string;
  sqly: RedLetterReason;
  reason: RedReason;
  terminal: string | null;
}

export function buildApplication(
  blue: InvoiceRow,
  request: IssuanceRequest,
  details: RedLetterDetailLine[] | undefined,
  context: ApplicationContext,
): Built<RedLetterApplicationRequest> {
  if (!blue.fphm) return refused('reversal.blueNumberMissing');
  const candidate: RedLetterApplicationRequest = {
    lsh: context.lsh,
    ...(blue.fpdm ? { fpdm: blue.fpdm } : {}),
    fphm: blue.fphm,
    sqly: context.sqly,
    ...(context.terminal ? { kpzdbs: context.terminal } : {}),
    xhdwsbh: request.xhdwsbh,
    xhdwmc: request.xhdwmc,
    chyydm: context.reason,
    ...(details === undefined ? {} : { details }),
  };
  const parsed = RedLetterApplicationRequest.safeParse(candidate);
  if (!parsed.success) {
    return schemaRefusal('reversal.applicationSchema', parsed.error.issues);
  }
  const issues = [...checkRedLetterRequest(parsed.data, blue.fplxdm as InvoiceTypeCode), ...redLetterChangeRule(parsed.data, originalLines(request))];
  if (issues.length > 0) return ruleRefusal(issues);
  return { ok: true, value: parsed.data };
}
