/**
 * POST /input/openApi/checkInvoiceSingle (spec endpoint 4), answered in E4, against the seeded tax
 * authority. Order of the checks, each ending the request: body shape (0005) → the request rules
 * (1008/1009/1005, shared/rules/verification-checks.ts) → permission (1020) → the date limits
 * (1014 today, 1015 older than 5 years, 0005 future) → the tax authority (0009 unknown, 0006
 * inconsistent, 0001 consistent) → the daily limit (0002 once five verifications of the invoice were
 * logged today). A 0002 or a refusal is not logged, so it does not use up a verification.
 *
 * success is true when the verification was carried out (0001, 0006, 0009: data carries cyjg and cycs),
 * false when the request was refused before it (data null).
 */
import Decimal from 'decimal.js';
import { amountBasis, checkVerificationRequest, verificationDateLimit } from '../../shared/rules/verification-checks.js';
import {
  VERIFICATION_LIMITS,
  VerificationRequest,
  type VerificationCode,
  type VerificationInvoiceKind,
  type VerificationResult,
} from '../../shared/spec/verification.js';
import type { EndpointHandler } from '../context.js';
import type { SandboxReply } from '../envelope.js';
import { verificationStoreFor } from '../stores/verification.js';
import { compactDate } from '../tax-authority/china-time.js';
import type { ReceivedInvoice, ReceivedInvoiceType } from '../tax-authority/types.js';
import { taxAuthorityOf } from './tax-authority-access.js';

export const VERIFICATION_MESSAGES: Partial<Record<VerificationCode, string>> = {
  '0001': '查验成功，发票一致',
  '0002': '该张发票今日查验次数已达 5 次，请次日再查',
  '0005': '请求不合法，发票信息有误',
  '0006': '发票信息不一致',
  '0009': '查无此票',
  '1005': '发票查询请求不规范',
  '1008': '字段不能为空',
  '1009': '参数长度不正确',
  '1014': '当日开具的发票不能查验，请次日再查',
  '1015': '超过 5 年的发票不能查验',
  '1020': '没有查验权限，请联系管理员',
};

/**
 * Request fpzl → the tax authority's FPLXDM. The seeded tax authority holds 01, 03, 08, 14 and 31 (the
 * digital-electronic invoice, which both full-electronic kinds 21 and 22 verify against); every other
 * kind (02, 04, 10, 11, 15, 16) has no invoices there and verifies as 0009.
 */
export const TAX_AUTHORITY_TYPE_OF_KIND: Partial<Record<VerificationInvoiceKind, ReceivedInvoiceType>> = {
  '01': '01',
  '03': '03',
  '08': '08',
  '14': '14',
  '21': '31',
  '22': '31',
};

/** zfbz from the invoice status FPZT: 2 voided → Y, 3 red-reversed → H, anything else → N. */
export function voidFlag(fpzt: ReceivedInvoice['fpzt']): 'Y' | 'H' | 'N' {
  return fpzt === '2' ? 'Y' : fpzt === '3' ? 'H' : 'N';
}

/** Kinds for which the spec returns qdbz (special, electronic special, electronic, general). */
const LIST_FLAG_KINDS: readonly VerificationInvoiceKind[] = ['01', '08', '04', '10', '21', '22'];
/** A paper form has room for 8 lines; more go on the attached list (销货清单). */
const LINES_ON_FORM = 8;

function reply(code: VerificationCode, detail: string | undefined, data: VerificationResult | null): SandboxReply {
  const general = VERIFICATION_MESSAGES[code] ?? code;
  return { httpStatus: 200, body: { success: data !== null, code, message: detail ? `${general}：${detail}` : general, data } };
}

const refuse = (code: VerificationCode, detail?: string) => reply(code, detail, null);

/** Decimal text without trailing zeros, never in exponent form. */
function plain(value: Decimal): string {
  // toDecimalPlaces rounds as toFixed(8) did; toFixed() then writes the normalised value (no trailing zeros).
  return value.toDecimalPlaces(8).toFixed();
}

function detailList(invoice: ReceivedInvoice): NonNullable<VerificationResult['detailList']> {
  return invoice.lines.map((line) => {
    const inclusive = new Decimal(line.je).plus(line.se);
    const quantity = line.spsl === '' ? undefined : new Decimal(line.spsl);
    return {
      mxbh: String(line.xh),
      hwmc: line.spmc,
      ggxh: line.ggxh,
      jldw: line.dw,
      spsl: line.spsl,
      bhsdj: line.dj,
      je: line.je,
      sl: line.sl === '' ? '' : `${line.sl}%`,
      se: line.se,
      hsje: inclusive.toFixed(2),
      hsdj: quantity && !quantity.isZero() ? plain(inclusive.dividedBy(quantity)) : '',
      ssflbm: line.spbm,
      ...(line.cph === undefined ? {} : { cph: line.cph, lx: line.lx ?? '', txrqq: line.txsjq ?? '', txrqz: line.txsjz ?? '' }),
    };
  });
}

function consistentResult(kind: VerificationInvoiceKind, invoice: ReceivedInvoice, count: number): VerificationResult {
  const vehicle = invoice.vehicle;
  return {
    cyjg: '0001',
    cyjgxx: VERIFICATION_MESSAGES['0001'],
    fpzl: kind,
    fpdm: invoice.fpdm,
    fphm: invoice.fphm,
    cycs: String(count),
    xhfmc: invoice.xhfmc,
    xhfsbh: invoice.xhfsbh,
    xhfdzdh: invoice.xhfdzdh,
    xhfyhzh: invoice.xhfyhzh,
    gmfmc: invoice.gmfmc,
    gmfsbh: invoice.gmfsbh,
    gmfdzdh: invoice.gmfdzdh,
    gmfyhzh: invoice.gmfyhzh,
    kprq: invoice.kprq,
    fpje: invoice.hjje,
    fpse: invoice.se,
    jshj: invoice.jshj,
    bz: invoice.bz,
    jqbh: '',
    kpr: '',
    skr: '',
    fhr: '',
    jym: invoice.jym,
    zfbz: voidFlag(invoice.fpzt),
    ...(LIST_FLAG_KINDS.includes(kind) ? { qdbz: invoice.lines.length > LINES_ON_FORM ? 'Y' : 'N' } : {}),
    ...(vehicle
      ? { cllx: vehicle.cllx, cpxh: vehicle.cpxh, cd: vehicle.cd, hgzs: vehicle.hgzs, fdjhm: vehicle.fdjhm, clsbh: vehicle.clsbh, sl: vehicle.sl }
      : {}),
    detailList: detailList(invoice),
  };
}

/** What of the request disagrees with the tax authority's record; undefined when all agrees. */
function inconsistency(kind: VerificationInvoiceKind, request: VerificationRequest, invoice: ReceivedInvoice): string | undefined {
  if (TAX_AUTHORITY_TYPE_OF_KIND[kind] !== invoice.fplxdm) return `发票种类 ${kind} 与税局记录（${invoice.fplxdm}）不符`;
  if (request.kprq !== invoice.kprq) return '开票日期不符';
  const fpje = request.fpje?.trim() ?? '';
  const basis = amountBasis(kind);
  if (fpje !== '' && basis) {
    const expected = basis === 'including-tax' ? invoice.jshj : invoice.hjje;
    if (!new Decimal(fpje).equals(expected)) return basis === 'including-tax' ? '价税合计不符' : '不含税金额不符';
  }
  const jym = request.jym?.trim() ?? '';
  if (jym !== '' && !invoice.jym.endsWith(jym)) return '校验码后 6 位不符';
  return undefined;
}

export const verifyInvoice: EndpointHandler = (request, context) => {
  const now = context.now();
  const json = request.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return refuse('0005', '请求体必须是 JSON 对象');
  const parsed = VerificationRequest.safeParse(json);
  if (!parsed.success) return refuse('0005', parsed.error.issues.map((issue) => issue.message).join('；'));
  const body = parsed.data;

  const violations = checkVerificationRequest(body);
  const first = violations[0];
  if (first) return refuse(first.code, violations.filter((violation) => violation.code === first.code).map((violation) => violation.message).join('；'));
  // The rules passed, so fpzl is a known kind and the identity fields are present.
  const kind = (body.fpzl ?? '').trim() as VerificationInvoiceKind;
  const fpdm = (body.fpdm ?? '').trim();
  const fphm = (body.fphm ?? '').trim();
  const kprq = (body.kprq ?? '').trim();

  if (request.credential.taxNumbers.length === 0) return refuse('1020', `AppKey ${request.credential.appKey} 未授权任何税号`);

  const today = compactDate(now.getTime());
  const dateLimit = verificationDateLimit(kprq, today);
  if (dateLimit) return refuse(dateLimit.code, dateLimit.message);

  const invoice = TAX_AUTHORITY_TYPE_OF_KIND[kind] ? taxAuthorityOf(context).findInvoice(fpdm, fphm) : undefined;
  const mismatch = invoice && inconsistency(kind, { ...body, kprq }, invoice);
  const cyjg: VerificationCode = !invoice ? '0009' : mismatch ? '0006' : '0001';

  const count = verificationStoreFor(context.db).recordWithinLimit(
    { appKey: request.credential.appKey, fpzl: kind, fpdm, fphm, chinaDay: today, cyjg, verifiedAt: now.getTime() },
    VERIFICATION_LIMITS.perInvoicePerDay,
  );
  if (count === undefined) return refuse('0002', `发票 ${fpdm}/${fphm} 今日已查验 ${VERIFICATION_LIMITS.perInvoicePerDay} 次`);

  if (invoice && !mismatch) return reply('0001', undefined, consistentResult(kind, invoice, count));
  // An inconsistent or unknown invoice tells the caller nothing of the real record, not even which field
  // disagreed: otherwise the answer would be an oracle for guessing amounts and check codes field by field.
  return reply(cyjg, undefined, { cyjg, cyjgxx: VERIFICATION_MESSAGES[cyjg] ?? cyjg, fpzl: kind, fpdm, fphm, kprq, cycs: String(count) });
};
