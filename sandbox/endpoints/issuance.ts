/**
 * POST /openApi/v4/fp/fpkj (spec endpoint 2). Asynchronous as the spec describes: the first submission
 * of an lsh is accepted and stays pending; resubmitting the same lsh with the same body after the delay
 * issues the invoice, exactly once, and every later resubmission answers the same record. A
 * tax-control-server terminal answers at once.
 *
 * Blue and red: a negative total makes a red invoice (kplx 1), which must name a blue invoice this
 * sandbox issued and stay within what is left of it (output/red-invoice-state.ts); the blue invoice's
 * ledger row follows (reversed amount, status red-reversed once fully reversed).
 */
import { createHash } from 'node:crypto';
import { checkIssuanceRules, invoiceDirection } from '../../shared/rules/issuance/index.js';
import { invoiceTotals } from '../../shared/rules/invoice-amounts.js';
import type { InvoiceTypeCode } from '../../shared/spec/codes.js';
import { IssuanceRequest, type IssuedInvoiceRecordWire } from '../../shared/spec/issuance.js';
import { issueTime } from '../clock.js';
import { SANDBOX_CODES, type SandboxCode } from '../codes.js';
import type { EndpointHandler, SandboxContext } from '../context.js';
import { e1Success, failure, type SandboxReply } from '../envelope.js';
import { fileAddress } from '../files.js';
import { invoiceIdentity } from '../invoice-numbers.js';
import { checkRedInvoice } from '../output/red-invoice-state.js';
import { canonicalJson, parseSellerRequest, refusalForRules } from '../output/request-checks.js';
import { outputState } from '../output/state.js';
import type { StoredInvoice } from '../store.js';

export { canonicalJson } from '../output/request-checks.js';

/** kpzdbs of a tax-control-server terminal: the one device type that issues synchronously. */
export const TAX_CONTROL_SERVER_TERMINAL = 'tax-control-server';

export const PENDING_MESSAGE = '已受理，开具中';
export const ISSUED_MESSAGE = '开具成功';

/** A state check that failed inside the issuing transaction; it rolls the transaction back. */
class IssueRefused extends Error {
  constructor(
    readonly code: SandboxCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const issueInvoice: EndpointHandler = (request, context) => {
  const now = context.now();
  const refuse = (code: SandboxCode, detail?: string): SandboxReply => failure('E1', code, detail, now);

  const parsed = parseSellerRequest(request, IssuanceRequest);
  if (!parsed.ok) return refuse(parsed.refusal.code, parsed.refusal.detail);
  const body = parsed.body;

  const ruleRefusal = refusalForRules(checkIssuanceRules(body));
  if (ruleRefusal) return refuse(ruleRefusal.code, ruleRefusal.detail);

  const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const existing = context.store.findIssuance(body.lsh);
  if (existing && existing.bodyHash !== bodyHash) {
    return refuse(SANDBOX_CODES.serialReused, `流水号 ${body.lsh} 已于 ${new Date(existing.acceptedAt).toISOString()} 提交过不同的内容`);
  }
  if (!existing) {
    // Refused at once when the state already forbids it, rather than after the clerk waited.
    if (invoiceDirection(body) === '1') {
      const verdict = checkRedInvoice(body, outputState(context.db));
      if (!verdict.ok) return refuse(verdict.code, verdict.detail);
    }
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
  try {
    return e1Success(issue(body, context, now).map((invoice) => toWire(invoice, context)), ISSUED_MESSAGE, now);
  } catch (error) {
    if (error instanceof IssueRefused) return refuse(error.code, error.detail);
    throw error;
  }
};

function issue(body: IssuanceRequest, context: SandboxContext, now: Date): StoredInvoice[] {
  const state = outputState(context.db);
  const kplx = invoiceDirection(body);
  // Runs inside store.issueOnce's transaction: the ledger row, the blue invoice's reversal and the form's
  // use commit together with the issued record, or not at all.
  return context.store.issueOnce(body.lsh, body.fplxdm, now.getTime(), (sequence) => {
    const identity = invoiceIdentity(body.fplxdm, sequence, body.lsh, now);
    // A 差额征税 line is taxed on what is left after the deduction (kce): the tax the authority records.
    const totals = invoiceTotals(body.details, body.zkje ?? 0, body.kce ?? null);
    const kprq = issueTime(now);
    let originalId: number | null = null;
    let redLetterLsh: string | null = null;
    if (kplx === '1') {
      const verdict = checkRedInvoice(body, state);
      if (!verdict.ok) throw new IssueRefused(verdict.code, verdict.detail);
      originalId = verdict.original.id;
      if (verdict.form) {
        if (!state.forms.markUsed(verdict.form.lsh, body.lsh)) throw new IssueRefused(SANDBOX_CODES.redLetterFormUnusable, '红字信息表已被使用');
        redLetterLsh = verdict.form.lsh;
      }
      state.invoices.addReversal(verdict.original.id, totals.jshj.replace(/^-/, ''));
    }
    state.invoices.insert({
      lsh: body.lsh,
      sellerTaxNumber: body.xhdwsbh,
      kpzdbs: body.kpzdbs ?? null,
      fplxdm: body.fplxdm,
      fpdm: identity.fpdm,
      fphm: identity.fphm,
      kprq,
      jym: identity.jym,
      skm: identity.skm,
      kplx,
      jshj: totals.jshj,
      hjje: totals.hjje,
      hjse: totals.hjse,
      originalId,
      redLetterLsh,
      fileToken: createHash('sha256').update(`files|${body.fplxdm}|${identity.fpdm ?? ''}|${identity.fphm}|${body.lsh}`).digest('hex').slice(0, 32),
    });
    return [{ lsh: body.lsh, fplxdm: body.fplxdm, ...identity, kprq, kplx, jshj: totals.jshj }];
  });
}

function toWire(invoice: StoredInvoice, context: SandboxContext): IssuedInvoiceRecordWire {
  const ledger = outputState(context.db).invoices.byLsh(invoice.lsh);
  const token = ledger?.fileToken;
  return {
    fplxdm: invoice.fplxdm as InvoiceTypeCode,
    ...(invoice.fpdm === null ? {} : { fpdm: invoice.fpdm }),
    fphm: invoice.fphm,
    kprq: invoice.kprq,
    ...(invoice.skm === null ? {} : { skm: invoice.skm }),
    ...(invoice.jym === null ? {} : { jym: invoice.jym }),
    ...(token === undefined
      ? {}
      : {
          pdf: fileAddress(context, token, 'pdf'),
          ofd: fileAddress(context, token, 'ofd'),
          xml: fileAddress(context, token, 'xml'),
          qr: fileAddress(context, token, 'png'),
        }),
    lsh: invoice.lsh,
    kplx: invoice.kplx === '1' ? '1' : '0',
    ...(ledger?.zflx ? { zflx: ledger.zflx } : {}),
    // A JSON number, as the spec types jshj Decimal; 2-dp text converts exactly at these magnitudes.
    jshj: Number(invoice.jshj),
  };
}
