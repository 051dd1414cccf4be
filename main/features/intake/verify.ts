/**
 * Single verification of a received invoice (spec endpoint 4) with the spec's limits checked locally
 * before a call is spent: dated today (1014), older than 5 years (1015), the 5-a-day count per invoice
 * kept here (0002), and the request's own rules (1008/1009/1005). The request is built as the spec says:
 * fpzl from the detected type, fpje per fpzl (excluding tax for 01/02/03/16 and 08, the total vehicle
 * price for 15, including tax for 21/22), jym the last 6 characters where the kind needs it.
 * The answer is compared field by field with what was extracted — only when the authority returned its
 * record: a 0009 (or a 0006 that echoes the request) carries nothing to compare, and comparing the echo
 * would call 发票号码 and 开票日期 一致. What the answer means is stored as one state
 * (shared/rules/verification-state.ts). The call is slow work and never inside a ledger transaction: the
 * limits are read before it, and its record, state and what it filled in are written after it, in one
 * transaction (all or nothing).
 */
import Decimal from 'decimal.js';
import { ServiceError } from '../../api/errors.js';
import type { ServiceClient } from '../../api/client.js';
import { JYM_REQUIRED_KINDS, amountBasis, checkVerificationRequest, isVerificationKind, verificationDateLimit } from '../../../shared/rules/verification-checks.js';
import { VERIFICATION_LIMITS, type VerificationRequest, type VerificationResult } from '../../../shared/spec/verification.js';
import { isDigitalKind, type IntakeField, type IntakeFields } from '../../../shared/rules/intake-fields.js';
import { stateOfAnswer, UNVERIFIABLE_REASONS, type StateOf } from '../../../shared/rules/verification-state.js';
import type { VerificationView } from '../../../shared/ipc/channels/intake.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { Ledger } from '../../ledger/port.js';
import { fieldsOf, stateOf, type ReceivedInvoiceStore, type ReceivedRow } from './store.js';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** yyyyMMdd of an instant in China, and the UTC instants the China day starts and ends at. */
export function chinaDay(now: Date): { day: string; fromIso: string; toIso: string } {
  const shifted = new Date(now.getTime() + CHINA_OFFSET_MS);
  const day = shifted.toISOString().slice(0, 10).replace(/-/g, '');
  const start = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - CHINA_OFFSET_MS;
  return { day, fromIso: new Date(start).toISOString(), toIso: new Date(start + 86_400_000).toISOString() };
}

export class LocalRefusal extends Error {
  constructor(
    readonly code: string,
    readonly field?: string,
  ) {
    super(`verification refused locally: ${code}${field ? ` (${field})` : ''}`);
  }
}

/** The request for an invoice's fields; LocalRefusal when a rule of the spec already says no. */
export function buildVerificationRequest(fields: IntakeFields): VerificationRequest {
  const fpzl = fields.fpzl ?? '';
  if (!isVerificationKind(fpzl)) throw new LocalRefusal(fpzl === '' ? '1008' : '1005', 'fpzl');
  const basis = amountBasis(fpzl);
  const fpje = basis === 'including-tax' ? fields.jshj : basis === 'excluding-tax' ? fields.fpje : undefined;
  const jym = JYM_REQUIRED_KINDS.includes(fpzl) ? fields.jym?.slice(-6) : undefined;
  // Members a kind does not need are left out rather than sent empty.
  const request: VerificationRequest = {
    fpzl,
    fpdm: isDigitalKind(fpzl) ? '' : (fields.fpdm ?? ''),
    fphm: fields.fphm ?? '',
    kprq: fields.kprq ?? '',
    ...(fpje ? { fpje } : {}),
    ...(jym ? { jym } : {}),
  };
  const [violation] = checkVerificationRequest(request);
  if (violation) throw new LocalRefusal(violation.code, violation.field);
  return request;
}

const COMPARED: [keyof IntakeFields, keyof VerificationResult][] = [
  ['fpdm', 'fpdm'], ['fphm', 'fphm'], ['kprq', 'kprq'], ['fpje', 'fpje'], ['fpse', 'fpse'], ['jshj', 'jshj'], ['xhfsbh', 'xhfsbh'], ['gmfsbh', 'gmfsbh'], ['jym', 'jym'],
];

const sameValue = (field: string, a: string, b: string) => {
  if (['fpje', 'fpse', 'jshj'].includes(field)) return Number(a) === Number(b) && a.trim() !== '' && b.trim() !== '';
  if (field === 'jym') return a === b || a.endsWith(b) || b.endsWith(a);
  return a === b;
};

/** Members of a result that only the authority's record fills (a 0009 or a bare 0006 echoes the request). */
const RECORD_FIELDS: (keyof VerificationResult)[] = ['xhfsbh', 'gmfsbh', 'xhfmc', 'fpje', 'fpse', 'jshj', 'jym'];
export const carriesRecord = (code: string, result: VerificationResult | undefined): result is VerificationResult =>
  code !== '0009' && result !== undefined && RECORD_FIELDS.some((field) => typeof result[field] === 'string' && result[field] !== '');

export function compareWithResult(fields: IntakeFields, result: VerificationResult | undefined, names: { xhfmc: string | null }): VerificationView['comparison'] {
  if (!result) return [];
  const rows: VerificationView['comparison'] = COMPARED.flatMap(([ours, theirs]) => {
    const mine = fields[ours] ?? null;
    const value = result[theirs];
    const other = typeof value === 'string' && value !== '' ? value : null;
    if (mine === null && other === null) return [];
    // A field not read locally is no difference: the tax authority's value fills it (same: null).
    return [{ field: ours, ours: mine, theirs: other, same: mine === null ? null : other !== null && sameValue(ours, mine, other) }];
  });
  if (names.xhfmc || result.xhfmc) rows.push({ field: 'xhfmc', ours: names.xhfmc, theirs: result.xhfmc ?? null, same: names.xhfmc ? names.xhfmc === (result.xhfmc ?? null) : null });
  return rows;
}

/** The request fields that can disagree with the record, as sent (what an unspecified 0006 is about). */
function submittedFields(request: VerificationRequest): IntakeField[] {
  const kind = request.fpzl ?? '';
  const amount: IntakeField[] = request.fpje ? [isVerificationKind(kind) && amountBasis(kind) === 'including-tax' ? 'jshj' : 'fpje'] : [];
  return ['kprq', ...amount, ...(request.jym ? (['jym'] as const) : [])];
}

export interface VerifyDeps {
  ledger: Pick<Ledger, 'received' | 'transaction'>;
  environment: Environment;
  client: () => Pick<ServiceClient, 'verifyInvoice'>;
  now: () => Date;
}

export async function verifyReceived(deps: VerifyDeps, row: ReceivedRow): Promise<VerificationView> {
  const fields = fieldsOf(row);
  const now = deps.now();
  const { day, fromIso, toIso } = chinaDay(now);
  const base = { receivedId: row.id, verifiedAt: now.toISOString() };
  const { received } = deps.ledger;
  const env = deps.environment;
  const used = () => received.countVerifications(env, isDigitalKind(fields.fpzl) ? '' : (fields.fpdm ?? ''), fields.fphm ?? '', fromIso, toIso);
  // No call is spent: the state is kept unless the authority already answered (then that answer stands).
  const known = stateOf(row);
  const unverifiableKind = known.state === 'unverifiable' && UNVERIFIABLE_REASONS.has(known.reason ?? '');
  const refuse = async (code: string, field?: string): Promise<VerificationView> => {
    const computed = unverifiableKind ? known : stateOfAnswer({ code, zfbz: null, differing: [], submitted: [], local: field === undefined ? {} : { field } });
    const kept = (await received.setLocalState(env, row.id, computed)) ? computed : known;
    return { ...base, code, local: true, verification: kept, zfbz: null, cycs: null, comparison: [], usedToday: await used() };
  };
  // A kind the service cannot verify (marked when the file was read) is said so, never sent.
  if (unverifiableKind) return refuse('1005', 'fpzl');
  let request: VerificationRequest;
  try {
    request = buildVerificationRequest(fields);
  } catch (error) {
    if (error instanceof LocalRefusal) return refuse(error.code, error.field);
    throw error;
  }
  const limit = verificationDateLimit(request.kprq ?? '', day);
  if (limit) return refuse(limit.code);
  if ((await used()) >= VERIFICATION_LIMITS.perInvoicePerDay) return refuse('0002');

  let code: string;
  let message: string | null;
  let data: VerificationResult | undefined;
  try {
    const outcome = await deps.client().verifyInvoice(request);
    code = outcome.code;
    message = outcome.message;
    data = outcome.data;
  } catch (error) {
    // A refusal of the service is an answer too: recorded (it counts against the day) and explained.
    if (!(error instanceof ServiceError)) {
      // No answer at all (unreachable, timed out): 查验失败, try again; an earlier answer stands.
      await received.setLocalState(env, row.id, { state: 'failed', reason: 'unreachable', fields: [] });
      throw error;
    }
    code = error.code;
    message = error.serviceMessage;
  }
  const zfbz = data?.zfbz ?? null;
  const comparison = carriesRecord(code, data) ? compareWithResult(fields, data, { xhfmc: row.xhfmc }) : [];
  const differing = comparison.filter((entry) => entry.same === false).map((entry) => entry.field);
  const state: StateOf = stateOfAnswer({ code, zfbz, differing, submitted: submittedFields(request) });
  // The answer is in: its record, the state and what it filled in commit together.
  await deps.ledger.transaction(async (tx) => {
    await tx.received.recordVerification(env, {
      receivedId: row.id, fpzl: request.fpzl ?? '', fpdm: request.fpdm ?? '', fphm: request.fphm ?? '', kprq: request.kprq ?? '', fpje: request.fpje || null, jym: request.jym || null, code, message,
      cyjg: data?.cyjg ?? null, cycs: data?.cycs ?? null, zfbz, resultJson: data ? JSON.stringify(data) : null, verifiedAt: now.toISOString(),
    });
    await tx.received.setVerified(env, row.id, code, zfbz, state);
    // The ledger lists sellers by name and checks the buyer; a QR carries neither, a consistent verification does.
    if (code === '0001' && data) await fillFromRecord(tx.received, env, row, data);
  });
  return { ...base, code, local: false, verification: state, zfbz, cycs: data?.cycs ?? null, comparison, usedToday: await used() };
}

/** An amount of the authority's record as the ledger keeps it (2 decimals); null when it is none. */
function recordAmount(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return /^-?\d{1,16}(?:\.\d+)?$/.test(text) ? new Decimal(text).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null;
}

/**
 * What the invoice did not say, from the authority's record: names, tax IDs and the amounts (a QR carries
 * one amount; the 报销台账 shows and sums all three). What the clerk or the file gave is kept; a field
 * filled here is marked 'authority'.
 */
function fillFromRecord(received: ReceivedInvoiceStore, env: Environment, row: ReceivedRow, data: VerificationResult): Promise<void> {
  const sources = JSON.parse(row.sources_json || '{}') as Record<string, string>;
  const filled = {
    xhfmc: data.xhfmc || null, gmfmc: data.gmfmc || null, xhfsbh: data.xhfsbh || null, gmfsbh: data.gmfsbh || null,
    fpje: recordAmount(data.fpje), fpse: recordAmount(data.fpse), jshj: recordAmount(data.jshj),
  };
  const missing = (value: string | null) => value === null || value === '';
  if (missing(row.xhfsbh) && filled.xhfsbh) sources.xhfsbh = 'authority';
  if (missing(row.gmfsbh) && filled.gmfsbh) sources.gmfsbh = 'authority';
  if (missing(row.hjje) && filled.fpje) sources.fpje = 'authority';
  if (missing(row.hjse) && filled.fpse) sources.fpse = 'authority';
  if (missing(row.jshj) && filled.jshj) sources.jshj = 'authority';
  return received.fillFromAuthority(env, row.id, filled, sources);
}
