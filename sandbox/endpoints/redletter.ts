/**
 * POST /openApi/v4/fp/hzsq and GET /openApi/v4/fp/hzcx (spec endpoints 9 and 8). An application is
 * accepted by lsh (same lsh, other content → 3001), names a blue special or digital-electronic invoice
 * this sandbox issued to the seller, reserves its amount against what is left of it, and is approved
 * once the issue delay has passed: the query then answers the form's numbers (hzxxb with all=1).
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { invoiceTotals } from '../../shared/rules/invoice-amounts.js';
import { checkRedLetterRequest, fullReversalLines, originalLines, redLetterChangeRule } from '../../shared/rules/redletter.js';
import { DIGITAL_INVOICE_TYPES, RED_LETTER_FORM_TYPES, type InvoiceTypeCode } from '../../shared/spec/codes.js';
import type { IssuanceRequest } from '../../shared/spec/issuance.js';
import { RedLetterApplicationRequest, RedLetterQuery, type RedLetterApplicationResult } from '../../shared/spec/redletter.js';
import { SANDBOX_CODES, type SandboxCode } from '../codes.js';
import type { EndpointHandler } from '../context.js';
import { e1Success, failure, type SandboxReply } from '../envelope.js';
import { findOriginal } from '../output/red-invoice-state.js';
import { formAnswer, formLevy, formNumbers } from '../output/red-letter-form.js';
import { isAuthorisedFor } from '../auth.js';
import { canonicalJson, parseSellerRequest, refusalForRules, refusalForSchema } from '../output/request-checks.js';
import { outputState } from '../output/state.js';
import { remainingOf } from '../stores/output-invoices.js';
import type { RedLetterApplication } from '../stores/red-letter-forms.js';
import { TAX_CONTROL_SERVER_TERMINAL } from './issuance.js';

export const APPLICATION_ACCEPTED_MESSAGE = '红字信息表申请已受理';
export const FORM_PENDING_MESSAGE = '红字信息表审核中';
export const FORM_APPROVED_MESSAGE = '红字信息表审核通过';

function applicationResult(application: Pick<RedLetterApplication, 'sqdh'>): RedLetterApplicationResult {
  return application.sqdh === null ? {} : { sqdh: application.sqdh };
}

export const applyRedLetter: EndpointHandler = (request, context) => {
  const now = context.now();
  const refuse = (code: SandboxCode, detail?: string): SandboxReply => failure('E1', code, detail, now);
  const parsed = parseSellerRequest(request, RedLetterApplicationRequest);
  if (!parsed.ok) return refuse(parsed.refusal.code, parsed.refusal.detail);
  const body = parsed.body;
  const state = outputState(context.db);

  const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const existing = state.forms.byLsh(body.lsh);
  if (existing) {
    if (existing.bodyHash !== bodyHash) {
      return refuse(SANDBOX_CODES.serialReused, `流水号 ${body.lsh} 已于 ${new Date(existing.acceptedAt).toISOString()} 提交过不同的红字信息表申请`);
    }
    return e1Success(applicationResult(existing), APPLICATION_ACCEPTED_MESSAGE, now);
  }

  const named = `${body.fpdm ? `代码 ${body.fpdm} ` : ''}号码 ${body.fphm}`;
  const original = findOriginal(state, { fplxdm: undefined, fpdm: body.fpdm, fphm: body.fphm }, body.xhdwsbh);
  const originalJson = original ? state.invoices.requestJson(original.lsh) : undefined;
  if (!original || originalJson === undefined) return refuse(SANDBOX_CODES.invoiceNotFound, `没有销方 ${body.xhdwsbh} 的蓝字发票 ${named}`);
  const fplxdm = original.fplxdm as InvoiceTypeCode;
  if (original.kplx !== '0') return refuse(SANDBOX_CODES.invoiceStateConflict, `发票 ${named} 是红字发票，不能申请红字信息表`);
  if (!RED_LETTER_FORM_TYPES.includes(fplxdm)) {
    return refuse(SANDBOX_CODES.invoiceStateConflict, `发票 ${named} 是 ${fplxdm} 类普通发票，红字信息表只用于专用发票和数电发票`);
  }

  const blueRequest = JSON.parse(originalJson) as IssuanceRequest;
  const blueLines = originalLines(blueRequest);
  const ruleRefusal = refusalForRules([...checkRedLetterRequest(body, fplxdm), ...redLetterChangeRule(body, blueLines)]);
  if (ruleRefusal) return refuse(ruleRefusal.code, ruleRefusal.detail);

  const lines = body.details && body.details.length > 0 ? body.details : fullReversalLines(blueLines);
  // A form reversing a 差额征税 line takes back its share of the deduction: its tax is on the rest.
  const levy = formLevy(blueRequest, lines);
  const totals = invoiceTotals(levy.lines, 0, levy.kce);
  const amount = new Decimal(totals.jshj).abs();
  const available = remainingOf(original).minus(state.forms.reservedAgainst(original.id));
  if (amount.greaterThan(available)) {
    return refuse(
      SANDBOX_CODES.exceedsRemaining,
      `申请冲红 ${amount.toFixed(2)} 超过蓝字发票 ${named} 剩余可冲红金额 ${Decimal.max(available, 0).toFixed(2)}（已扣除其他未使用的红字信息表）`,
    );
  }

  const digital = DIGITAL_INVOICE_TYPES.includes(fplxdm);
  // sqdh only for a tax-control-server terminal; never for digital-electronic invoices.
  const sqdh =
    body.kpzdbs === TAX_CONTROL_SERVER_TERMINAL && !digital
      ? `SQ${createHash('sha256').update(`sqdh|${body.lsh}`).digest('hex').slice(0, 18).toUpperCase()}`
      : null;
  const application = state.forms.insert({
    lsh: body.lsh,
    appKey: request.credential.appKey,
    sellerTaxNumber: body.xhdwsbh,
    kpzdbs: body.kpzdbs ?? null,
    bodyHash,
    requestJson: JSON.stringify(body),
    originalId: original.id,
    linesJson: JSON.stringify(lines),
    jshj: totals.jshj,
    hjje: totals.hjje,
    hjse: totals.hjse,
    sqdh,
    acceptedAt: now.getTime(),
  });
  return e1Success(applicationResult(application), APPLICATION_ACCEPTED_MESSAGE, now);
};

export const queryRedLetter: EndpointHandler = (request, context) => {
  const now = context.now();
  const refuse = (code: SandboxCode, detail?: string): SandboxReply => failure('E1', code, detail, now);
  const params = Object.fromEntries(request.query);
  const seller = params['xhdwsbh'];
  if (seller !== undefined && !isAuthorisedFor(request.credential, seller)) {
    return refuse(SANDBOX_CODES.taxNumberNotAuthorised, `销方税号 ${seller} 未授权给 AppKey ${request.credential.appKey}`);
  }
  const parsed = RedLetterQuery.safeParse(params);
  if (!parsed.success) {
    const refusal = refusalForSchema(parsed.error.issues, params);
    return refuse(refusal.code, refusal.detail);
  }
  const query = parsed.data;
  const state = outputState(context.db);
  const application = state.forms.byLsh(query.lsh);
  const original = application ? state.invoices.byId(application.originalId) : undefined;
  const unknown = `销方 ${query.xhdwsbh} 没有流水号为 ${query.lsh} 的红字信息表申请`;
  if (!application || !original || application.sellerTaxNumber !== query.xhdwsbh) return refuse(SANDBOX_CODES.redLetterApplicationUnknown, unknown);
  const digital = (DIGITAL_INVOICE_TYPES as readonly string[]).includes(original.fplxdm);
  if (!digital && query.kpzdbs === undefined) return refuse(SANDBOX_CODES.fieldMissing, 'kpzdbs 不能为空（仅数电发票可以省略）');
  if (query.kpzdbs !== undefined && application.kpzdbs !== null && query.kpzdbs !== application.kpzdbs) {
    return refuse(SANDBOX_CODES.redLetterApplicationUnknown, `${unknown}（开票终端 ${query.kpzdbs}）`);
  }

  if (application.approvedAt === null && now.getTime() - application.acceptedAt < context.issueDelayMs) {
    return e1Success({}, FORM_PENDING_MESSAGE, now);
  }
  const approved = state.forms.approveOnce(application.lsh, now.getTime(), (id) => formNumbers(original, application.lsh, id, now));
  const originalJson = state.invoices.requestJson(original.lsh);
  if (originalJson === undefined) throw new Error(`issuance request ${original.lsh} of an issued invoice is missing`);
  return e1Success(formAnswer(approved, original, JSON.parse(originalJson) as IssuanceRequest, query.all === '1'), FORM_APPROVED_MESSAGE, now);
};
