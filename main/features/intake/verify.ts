/**
 * Single verification of a received invoice (spec endpoint 4) with the spec's limits checked locally
 * before a call is spent: dated today (1014), older than 5 years (1015), the 5-a-day count per invoice
 * kept here (0002), and the request's own rules (1008/1009/1005). The request is built as the spec says:
 * fpzl from the detected type, fpje per fpzl (excluding tax for 01/02/03/16 and 08, the total vehicle
 * price for 15, including tax for 21/22), jym the last 6 characters where the kind needs it.
 * The answer is compared field by field with what was extracted.
 */
import { ServiceError } from '../../api/errors.js';
import type { ServiceClient } from '../../api/client.js';
import { JYM_REQUIRED_KINDS, amountBasis, checkVerificationRequest, isVerificationKind, verificationDateLimit } from '../../../shared/rules/verification-checks.js';
import { VERIFICATION_LIMITS, type VerificationRequest, type VerificationResult } from '../../../shared/spec/verification.js';
import { isDigitalKind, type IntakeFields } from '../../../shared/rules/intake-fields.js';
import type { VerificationView } from '../../../shared/ipc/channels/intake.js';
import { fieldsOf, type IntakeRepo, type ReceivedRow } from './repo.js';

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

export async function verifyReceived(deps: { repo: IntakeRepo; client: () => Pick<ServiceClient, 'verifyInvoice'>; now: () => Date }, row: ReceivedRow): Promise<VerificationView> {
  const fields = fieldsOf(row);
  const now = deps.now();
  const { day, fromIso, toIso } = chinaDay(now);
  const base = { receivedId: row.id, verifiedAt: now.toISOString() };
  const used = () => deps.repo.countVerifications(isDigitalKind(fields.fpzl) ? '' : (fields.fpdm ?? ''), fields.fphm ?? '', fromIso, toIso);
  const refuse = (code: string): VerificationView => ({ ...base, code, local: true, zfbz: null, cycs: null, comparison: [], usedToday: used() });
  let request: VerificationRequest;
  try {
    request = buildVerificationRequest(fields);
  } catch (error) {
    if (error instanceof LocalRefusal) return refuse(error.code);
    throw error;
  }
  const limit = verificationDateLimit(request.kprq ?? '', day);
  if (limit) return refuse(limit.code);
  if (used() >= VERIFICATION_LIMITS.perInvoicePerDay) return refuse('0002');

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
    if (!(error instanceof ServiceError)) throw error;
    code = error.code;
    message = error.serviceMessage;
  }
  deps.repo.recordVerification({
    receivedId: row.id, fpzl: request.fpzl ?? '', fpdm: request.fpdm ?? '', fphm: request.fphm ?? '', kprq: request.kprq ?? '', fpje: request.fpje || null, jym: request.jym || null, code, message,
    cyjg: data?.cyjg ?? null, cycs: data?.cycs ?? null, zfbz: data?.zfbz ?? null, resultJson: data ? JSON.stringify(data) : null, verifiedAt: now.toISOString(),
  });
  const zfbz = data?.zfbz ?? null;
  deps.repo.setVerified(row.id, code === '0001' ? 'verified' : 'verify-failed', code, zfbz);
  // The ledger lists sellers by name; a QR carries none, a consistent verification does.
  if (code === '0001' && data) deps.repo.fillNames(row.id, data.xhfmc || null, data.gmfmc || null);
  return { ...base, code, local: false, zfbz, cycs: data?.cycs ?? null, comparison: compareWithResult(fields, data, { xhfmc: row.XHFMC }), usedToday: used() };
}
