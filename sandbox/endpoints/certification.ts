/**
 * POST /input/openApi/applyLegalize (spec endpoint 10) and POST /input/openApi/applyLegalizeResult
 * (endpoint 7). An application is validated and accepted (or refused) at once; its items are processed
 * asynchronously (tax-authority/certification-processing.ts) and read back by PCH. The PCH is the
 * idempotency key: the same PCH with the same body is accepted again, with another body refused.
 * The rules and the codes are listed in docs/sandbox/rules-input.md.
 */
import { createHash } from 'node:crypto';
import { CertificationRequest, CertificationResultRequest } from '../../shared/spec/certification.js';
import type { CertificationResultElement } from '../../shared/spec/certification.js';
import { isAuthorisedFor } from '../auth.js';
import type { EndpointHandler } from '../context.js';
import type { CertificationBatch, CertificationItemRecord } from '../stores/certification-batches.js';
import type { TaxAuthorityStore } from '../stores/tax-authority.js';
import { dashedDate, taxPeriodOf } from '../tax-authority/china-time.js';
import { processingPhase, settleFinishedCertifications } from '../tax-authority/certification-processing.js';
import { inputStoresFor } from '../tax-authority/input-stores.js';
import { canonicalJson } from './issuance.js';
import { e2Refusal, e2Success, isMissing, isPlainObject, refusalForIssues, refuse, type FieldCodes } from './e2-replies.js';
import type { z } from 'zod';

export const ACCEPTED_MESSAGE = '已受理，认证结果请按批次号查询';

const FIELD_CODES: FieldCodes = {
  GMFSBH: (value) => (isMissing(value) ? '2014' : '2003'),
  PCH: '2006',
  SQSKSSQ: (value) => (isMissing(value) ? '2016' : '2003'),
  // A code or number of the wrong length is the spec's "lengths do not match"; a missing one a format error.
  FPDM: (value) => (typeof value === 'string' && value !== '' ? '2015' : '2003'),
  FPHM: (value) => (typeof value === 'string' && value !== '' ? '2015' : '2003'),
};

/** FPDM length per certifiable type: paper special invoices have 10-digit codes, the others 12. */
const CODE_LENGTHS: Record<string, number> = { '01': 10, '03': 12, '08': 12, '14': 12 };

export const applyCertification: EndpointHandler = (request, context) => {
  const json = request.json;
  const { credential } = request;
  if (!isPlainObject(json)) return e2Refusal(refuse('2003', '请求体必须是 JSON 对象'));
  if (isMissing(json.GMFSBH)) return e2Refusal(refuse('2014', 'GMFSBH 不能为空'));
  const buyers = [json.GMFSBH, ...(Array.isArray(json.FPZHXX) ? json.FPZHXX.map((item: unknown) => (isPlainObject(item) ? item.GMFSBH : undefined)) : [])];
  const unauthorised = buyers.find((buyer): buyer is string => typeof buyer === 'string' && buyer !== '' && !isAuthorisedFor(credential, buyer));
  if (unauthorised !== undefined) return e2Refusal(refuse('2012', `购买方税号 ${unauthorised} 未授权给 AppKey ${credential.appKey}`));

  const parsed = CertificationRequest.safeParse(json);
  if (!parsed.success) return e2Refusal(refusalForIssues(parsed.error.issues, json, FIELD_CODES));
  const body = parsed.data;
  if (body.FHHS !== body.FPZHXX.length) return e2Refusal(refuse('2004', `FHHS ${body.FHHS} 与发送的发票数 ${body.FPZHXX.length} 不一致`));
  for (const [index, item] of body.FPZHXX.entries()) {
    if (item.GMFSBH !== body.GMFSBH) return e2Refusal(refuse('2004', `FPZHXX.${index}.GMFSBH ${item.GMFSBH} 与 GMFSBH ${body.GMFSBH} 不一致`));
    const expected = CODE_LENGTHS[item.FPLXDM];
    if (item.FPDM.length !== expected) {
      return e2Refusal(refuse('2015', `FPZHXX.${index}: 发票类型 ${item.FPLXDM} 的发票代码应为 ${expected} 位，收到 ${item.FPDM.length} 位`));
    }
  }

  const nowMs = context.now().getTime();
  const { certifications } = inputStoresFor(context.db);
  const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const existing = certifications.find(body.PCH);
  if (existing) {
    if (existing.appKey === credential.appKey && existing.bodyHash === bodyHash) return e2Success(ACCEPTED_MESSAGE, {});
    return e2Refusal(refuse('2004', `批次号 ${body.PCH} 已提交过不同的内容`));
  }
  certifications.accept(
    { pch: body.PCH, appKey: credential.appKey, gmfsbh: body.GMFSBH, bodyHash, acceptedAt: nowMs, period: taxPeriodOf(nowMs) },
    body.FPZHXX.map((item, index) => ({
      itemNo: index + 1,
      fpdm: item.FPDM,
      fphm: item.FPHM,
      fplxdm: item.FPLXDM,
      sqrzlx: item.SQRZLX,
      sqskssq: item.SQSKSSQ,
      yxse: item.YXSE === undefined || item.YXSE === '' ? null : item.YXSE,
    })),
  );
  return e2Success(ACCEPTED_MESSAGE, {});
};

export const certificationResult: EndpointHandler = (request, context) => {
  const json = request.json;
  if (!isPlainObject(json)) return e2Refusal(refuse('2003', '请求体必须是 JSON 对象'));
  const parsed = CertificationResultRequest.safeParse(json);
  if (!parsed.success) return e2Refusal(refusalForIssues(parsed.error.issues, json, { PCH: '2006' }));

  const nowMs = context.now().getTime();
  const stores = inputStoresFor(context.db);
  settleFinishedCertifications(stores, nowMs, context.issueDelayMs);
  const batch = stores.certifications.find(parsed.data.PCH);
  // Another AppKey's batch is as unknown as a batch never submitted.
  if (!batch || batch.appKey !== request.credential.appKey) return e2Refusal(refuse('2013', `批次号 ${parsed.data.PCH} 不存在`));

  const phase = processingPhase(batch, nowMs, context.issueDelayMs);
  const elements = stores.certifications.items(batch.pch).map((item) => resultElement(item, batch, phase, stores.taxAuthority));
  return e2Success('处理成功', { PCH: batch.pch, BCQQFHHS: elements.length, FPZHXX: elements });
};

type ElementWire = z.input<typeof CertificationResultElement>;

function resultElement(item: CertificationItemRecord, batch: CertificationBatch, phase: ReturnType<typeof processingPhase>, taxAuthority: TaxAuthorityStore): ElementWire {
  const found = taxAuthority.findInvoice(item.fpdm, item.fphm);
  // Only the batch's own buyer learns anything about the invoice.
  const invoice = found && found.gmfsbh === batch.gmfsbh ? found : undefined;
  const rzclzt = (phase === 'final' ? (item.rzclzt ?? '5') : phase) as ElementWire['RZCLZT'];
  const rzlx = (invoice?.rzlx ?? '') as ElementWire['RZLX'];
  return {
    FPDM: item.fpdm,
    FPHM: item.fphm,
    RZZT: invoice?.rzzt ?? '0',
    RZRQ: invoice?.rzrq ? dashedDate(invoice.rzrq) : '',
    ...(rzclzt === '5' ? { SBYY: (item.sbyy ?? '8') as ElementWire['SBYY'] } : {}),
    RZCLZT: rzclzt,
    RZSQ: item.sqskssq,
    PCZT: phase === 'final' ? 'Y' : 'N',
    RZLX: rzlx,
    XXLY: (invoice?.xxly ?? '') as ElementWire['XXLY'],
    YXSE: rzlx === '1' || rzlx === '4' ? (invoice?.yxse ?? '') : '',
    YQKGXBZ: (invoice?.yqkgxbz ?? '') as ElementWire['YQKGXBZ'],
    GLZT: invoice?.glzt ?? '',
  };
}
