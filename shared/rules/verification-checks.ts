/**
 * Rules of the single-verification request (spec endpoint 4 and Limits), pure so the client can check a
 * request before spending one of the five daily verifications of an invoice, and the sandbox answers
 * with exactly the same codes.
 *
 * Code choices where the spec leaves room (docs/sandbox/rules-intake.md):
 * - 1008 a required field is empty (including the kind-dependent fpje, jym and fpdm);
 * - 1009 a length is wrong: fpdm not 10/12, fphm not 8 (20 for kinds 21/22), kprq not 8, jym not 6;
 * - 1005 a value is not standard: fpzl not in the table, kprq not a real yyyyMMdd date, fpdm/fphm not
 *   digits, fpje not an amount, jym not alphanumeric;
 * - 0005 (request illegal, information wrong) for an issue date in the future.
 */
import { isValidDate } from './dates.js';
import { VERIFICATION_INVOICE_KINDS, VERIFICATION_LIMITS, type VerificationInvoiceKind, type VerificationRequest } from '../spec/verification.js';

/** Kinds for which fpje is required. */
export const FPJE_REQUIRED_KINDS: readonly VerificationInvoiceKind[] = ['01', '02', '03', '15', '08', '16', '21', '22'];
/** Kinds for which jym (last 6 characters of the check code) is required. */
export const JYM_REQUIRED_KINDS: readonly VerificationInvoiceKind[] = ['04', '10', '11', '14', '16'];
/** Full-electronic kinds: no invoice code, 20-digit numbers. */
export const FULL_ELECTRONIC_KINDS: readonly VerificationInvoiceKind[] = ['21', '22'];

export type RequestViolationCode = '1008' | '1009' | '1005';

export interface RequestViolation {
  code: RequestViolationCode;
  field: keyof VerificationRequest;
  message: string;
}

/** The fpje a kind is compared with: amount excluding tax, or total including tax (15: total vehicle price). */
export type AmountBasis = 'excluding-tax' | 'including-tax';

export function amountBasis(kind: VerificationInvoiceKind): AmountBasis | undefined {
  if (!FPJE_REQUIRED_KINDS.includes(kind)) return undefined;
  // 08 (electronic special) is not named in the spec's which-amount clause; it is a special invoice, so excluding tax.
  return kind === '15' || kind === '21' || kind === '22' ? 'including-tax' : 'excluding-tax';
}

export function isVerificationKind(value: string): value is VerificationInvoiceKind {
  return Object.hasOwn(VERIFICATION_INVOICE_KINDS, value);
}

const DIGITS = /^\d+$/;

/** A real calendar day written yyyyMMdd. */
export function isCompactDate(value: string): boolean {
  return /^\d{8}$/.test(value) && isValidDate(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`);
}
const AMOUNT = /^-?\d{1,16}(?:\.\d{1,2})?$/;
const CHECK_CODE_TAIL = /^[0-9A-Za-z]+$/;
const PRIORITY: Record<RequestViolationCode, number> = { '1008': 0, '1009': 1, '1005': 2 };

/** Every violation, most serious first (empty fields, then lengths, then formats): the first one is the answer. */
export function checkVerificationRequest(request: VerificationRequest): RequestViolation[] {
  const violations: RequestViolation[] = [];
  const add = (code: RequestViolationCode, field: keyof VerificationRequest, message: string) => violations.push({ code, field, message });
  const value = (field: keyof VerificationRequest) => (request[field] ?? '').trim();

  const fpzl = value('fpzl');
  const kind = isVerificationKind(fpzl) ? fpzl : undefined;
  if (fpzl === '') add('1008', 'fpzl', 'fpzl 不能为空');
  else if (!kind) add('1005', 'fpzl', `fpzl ${fpzl} 不在发票种类表中（${Object.keys(VERIFICATION_INVOICE_KINDS).join('/')}）`);
  const fullElectronic = kind !== undefined && FULL_ELECTRONIC_KINDS.includes(kind);

  const fphm = value('fphm');
  const fphmLength = fullElectronic ? 20 : 8;
  if (fphm === '') add('1008', 'fphm', 'fphm 不能为空');
  else if (kind && fphm.length !== fphmLength) add('1009', 'fphm', `fphm 应为 ${fphmLength} 位（当前 ${fphm.length} 位）`);
  else if (!DIGITS.test(fphm)) add('1005', 'fphm', 'fphm 必须是数字');

  const kprq = value('kprq');
  if (kprq === '') add('1008', 'kprq', 'kprq 不能为空');
  else if (kprq.length !== 8) add('1009', 'kprq', `kprq 应为 8 位 yyyyMMdd（当前 ${kprq.length} 位）`);
  else if (!isCompactDate(kprq)) add('1005', 'kprq', `kprq ${kprq} 不是有效的 yyyyMMdd 日期`);

  const fpdm = value('fpdm');
  if (fpdm === '') {
    if (kind && !fullElectronic) add('1008', 'fpdm', `fpdm 不能为空（仅全电发票 21/22 可为空）`);
  } else if (fpdm.length !== 10 && fpdm.length !== 12) add('1009', 'fpdm', `fpdm 应为 10 或 12 位（当前 ${fpdm.length} 位）`);
  else if (!DIGITS.test(fpdm)) add('1005', 'fpdm', 'fpdm 必须是数字');

  const fpje = value('fpje');
  if (fpje === '') {
    if (kind && FPJE_REQUIRED_KINDS.includes(kind)) add('1008', 'fpje', `fpje 不能为空（发票种类 ${kind} 必填）`);
  } else if (!AMOUNT.test(fpje)) add('1005', 'fpje', `fpje ${fpje} 不是金额（最多 2 位小数）`);

  const jym = value('jym');
  if (jym === '') {
    if (kind && JYM_REQUIRED_KINDS.includes(kind)) add('1008', 'jym', `jym 不能为空（发票种类 ${kind} 必填校验码后 6 位）`);
  } else if (jym.length !== 6) add('1009', 'jym', `jym 应为校验码后 6 位（当前 ${jym.length} 位）`);
  else if (!CHECK_CODE_TAIL.test(jym)) add('1005', 'jym', 'jym 只能是字母或数字');

  return violations.sort((a, b) => PRIORITY[a.code] - PRIORITY[b.code]);
}

export type DateLimit = { code: '1014'; message: string } | { code: '1015'; message: string } | { code: '0005'; message: string };

/**
 * The date limits (spec Limits): dated today → 1014; older than 5 years → 1015; in the future → 0005.
 * `today` is the service's date in China (yyyyMMdd). "Older than 5 years" is strictly before the same
 * calendar day five years ago (29 February falls back to the 28th).
 */
export function verificationDateLimit(kprq: string, today: string): DateLimit | undefined {
  if (kprq === today) return { code: '1014', message: `当日（${today}）开具的发票不能查验，请次日再查` };
  if (kprq > today) return { code: '0005', message: `开票日期 ${kprq} 晚于今天 ${today}` };
  const oldest = yearsBefore(today, VERIFICATION_LIMITS.maxAgeYears);
  if (kprq < oldest) return { code: '1015', message: `开票日期 ${kprq} 早于 ${oldest}，超过 ${VERIFICATION_LIMITS.maxAgeYears} 年的发票不能查验` };
  return undefined;
}

/** yyyyMMdd `years` before the given yyyyMMdd, clamping 29 February to the 28th. */
export function yearsBefore(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) - years;
  const monthDay = date.slice(4);
  const candidate = `${String(year).padStart(4, '0')}${monthDay}`;
  return isCompactDate(candidate) ? candidate : `${String(year).padStart(4, '0')}0228`;
}
