/**
 * The checks of a red invoice against the sandbox's state (rule 3 of endpoint 2 beyond the fields): the
 * original is a blue invoice this sandbox issued to this seller, with that date; a red special or
 * digital-electronic invoice uses an approved, unused red-letter form of that original for exactly its
 * amount; and no red invoice goes beyond what is left of the blue one (other forms' reservations counted).
 * Run at acceptance and again inside the issuing transaction, so two red invoices cannot both take the
 * same remainder.
 */
import Decimal from 'decimal.js';
import { DIGITAL_INVOICE_TYPES, SPECIAL_INVOICE_TYPES } from '../../shared/spec/codes.js';
import type { IssuanceRequest } from '../../shared/spec/issuance.js';
import { SANDBOX_CODES, type SandboxCode } from '../codes.js';
import { remainingOf, type OutputInvoice } from '../stores/output-invoices.js';
import type { RedLetterApplication } from '../stores/red-letter-forms.js';
import type { OutputState } from './state.js';

export type RedInvoiceVerdict =
  | { ok: true; original: OutputInvoice; form: RedLetterApplication | undefined }
  | { ok: false; code: SandboxCode; detail: string };

const refuse = (code: SandboxCode, detail: string): RedInvoiceVerdict => ({ ok: false, code, detail });

/** The blue invoice a red invoice or red-letter application names, if this seller has it. */
export function findOriginal(
  state: OutputState,
  key: { fplxdm: string | undefined; fpdm: string | undefined; fphm: string },
  seller: string,
): OutputInvoice | undefined {
  const digital = key.fplxdm !== undefined && (DIGITAL_INVOICE_TYPES as readonly string[]).includes(key.fplxdm);
  const original =
    key.fplxdm === undefined
      ? findByNumberAnyType(state, key.fpdm, key.fphm)
      : state.invoices.byNumber(key.fplxdm, digital ? null : (key.fpdm ?? null), key.fphm);
  return original && original.sellerTaxNumber === seller ? original : undefined;
}

/** A red-letter application names no type: the number (and code) identify the invoice. */
function findByNumberAnyType(state: OutputState, fpdm: string | undefined, fphm: string): OutputInvoice | undefined {
  for (const fplxdm of ['004', '028', '81', '82', '007', '025', '026']) {
    const digital = (DIGITAL_INVOICE_TYPES as readonly string[]).includes(fplxdm);
    if (digital !== (fpdm === undefined || fpdm === '')) continue;
    const found = state.invoices.byNumber(fplxdm, digital ? null : (fpdm ?? null), fphm);
    if (found) return found;
  }
  return undefined;
}

export function checkRedInvoice(body: IssuanceRequest, state: OutputState): RedInvoiceVerdict {
  const original = findOriginal(state, { fplxdm: body.fplxdm, fpdm: body.yfpdm, fphm: body.yfphm ?? '' }, body.xhdwsbh);
  const named = `${body.yfpdm ? `代码 ${body.yfpdm} ` : ''}号码 ${body.yfphm ?? ''}`;
  if (!original) return refuse(SANDBOX_CODES.invoiceNotFound, `没有销方 ${body.xhdwsbh} 的 ${body.fplxdm} 类蓝字发票 ${named}`);
  if (original.kprq.slice(0, 10) !== body.ykprq) {
    return refuse(SANDBOX_CODES.invoiceNotFound, `蓝字发票 ${named} 的开票日期是 ${original.kprq.slice(0, 10)}，不是 ${body.ykprq ?? ''}`);
  }
  if (original.kplx !== '0') return refuse(SANDBOX_CODES.invoiceStateConflict, `发票 ${named} 是红字发票，不能再冲红`);
  const amount = new Decimal(body.jshj).abs();

  let form: RedLetterApplication | undefined;
  const special = SPECIAL_INVOICE_TYPES.includes(body.fplxdm);
  const digital = DIGITAL_INVOICE_TYPES.includes(body.fplxdm);
  if (special || digital) {
    const formKey = special ? body.xxbbh : body.xxbid;
    form = formKey === undefined ? undefined : special ? state.forms.byXxbbh(formKey) : state.forms.byXxbid(formKey);
    const label = `红字信息表 ${formKey ?? ''}`;
    if (!form || form.approvedAt === null) return refuse(SANDBOX_CODES.redLetterFormUnusable, `${label} 不存在或尚未审核通过`);
    if (form.originalId !== original.id) return refuse(SANDBOX_CODES.redLetterFormUnusable, `${label} 不是蓝字发票 ${named} 的红字信息表`);
    if (form.usedByLsh !== null) return refuse(SANDBOX_CODES.redLetterFormUnusable, `${label} 已用于开具红字发票（流水号 ${form.usedByLsh}）`);
    if (!new Decimal(form.jshj).equals(body.jshj)) {
      return refuse(SANDBOX_CODES.redLetterFormUnusable, `红字发票价税合计 ${new Decimal(body.jshj).toFixed(2)} 与${label}的 ${form.jshj} 不符`);
    }
  }

  // The form being used reserved this very amount; every other unused form keeps its reservation.
  const reservedByOthers = state.forms.reservedAgainst(original.id).minus(form ? new Decimal(form.jshj).abs() : 0);
  const available = remainingOf(original).minus(reservedByOthers);
  if (amount.greaterThan(available)) {
    return refuse(
      SANDBOX_CODES.exceedsRemaining,
      `红字金额 ${amount.toFixed(2)} 超过蓝字发票 ${named} 剩余可冲红金额 ${Decimal.max(available, 0).toFixed(2)}`,
    );
  }
  return { ok: true, original, form };
}
