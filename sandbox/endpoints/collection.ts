/**
 * POST /input/openApi/invoice (spec endpoint 3, invoices with details) and POST /input/openApi/mainInvoice
 * (endpoint 6, invoices without details). A PCH is one logical request: its rows are fixed when the PCH
 * is first seen (so ZHS and the pages never shift), the client pages through them with KSHS, and ZTBZ 0
 * closes it. A buyer's first collection of a kind is the initial one; later ones go by collection date.
 * The rules and the codes are listed in docs/sandbox/rules-input.md.
 */
import { CollectionRequest, MainInformationRequest } from '../../shared/spec/collection.js';
import { INITIAL_COLLECTION_EARLIEST_ISSUE_DATE, MAX_DETAIL_ROWS_PER_RESPONSE } from '../../shared/spec/codes-input.js';
import { isAuthorisedFor, type SandboxCredential } from '../auth.js';
import type { EndpointHandler, EndpointRequest, SandboxContext } from '../context.js';
import type { SandboxReply } from '../envelope.js';
import type { CollectionBatch, CollectionEndpoint } from '../stores/collection-batches.js';
import type { CollectionCriteria } from '../stores/tax-authority.js';
import { compactDateTime, previousPeriod, selectionWindow } from '../tax-authority/china-time.js';
import { settleFinishedCertifications } from '../tax-authority/certification-processing.js';
import { inputStoresFor, type InputStores } from '../tax-authority/input-stores.js';
import { collectedRecord, mainInformationRecord } from '../tax-authority/records.js';
import { e2Refusal, e2Success, isMissing, isPlainObject, refusalForIssues, refuse, type FieldCodes, type InputRefusal } from './e2-replies.js';

/** The kind of endpoint 6 in the initial-collection flags (endpoint 3 uses its FPLXDM). */
export const MAIN_INFORMATION_KIND = 'main';

const FIELD_CODES: FieldCodes = {
  GMFSBH: (value) => (isMissing(value) ? '2014' : '2003'),
  PCH: '2006',
  CJKSRQ: '2007',
  CJJSRQ: '2010',
  KSHS: '2009',
  ZTBZ: '2008',
};

/** A collection request after validation, whichever endpoint it came to. */
interface Collection {
  endpoint: CollectionEndpoint;
  gmfsbh: string;
  kind: string;
  pch: string;
  cjksrq: string;
  cjjsrq: string;
  kshs: number;
  ends: boolean;
  fhhs: number | undefined;
}

export const collectInvoices: EndpointHandler = (request, context) => collect('invoice', request, context);
export const collectMainInformation: EndpointHandler = (request, context) => collect('mainInvoice', request, context);

function collect(endpoint: CollectionEndpoint, request: EndpointRequest, context: SandboxContext): SandboxReply {
  const parsed = parseCollection(endpoint, request.json, request.credential);
  if ('ztdm' in parsed) return e2Refusal(parsed);
  const nowMs = context.now().getTime();
  const stores = inputStoresFor(context.db);
  settleFinishedCertifications(stores, nowMs, context.issueDelayMs);

  const batch = openBatch(parsed, request.credential.appKey, nowMs, stores);
  if ('ztdm' in batch) return e2Refusal(batch);

  const page = pageOf(batch, parsed, stores);
  stores.collections.recordPage(batch.pch, parsed.kshs, parsed.kshs + page.length, parsed.ends);
  const window = selectionWindow(nowMs);
  const invoices = stores.taxAuthority.invoicesByIds(page);
  const paging = { ZHS: batch.totalRows, KSHS: parsed.kshs, BCQQFHHS: invoices.length };
  if (endpoint === 'mainInvoice') {
    return e2Success('处理成功', { ...paging, FPZHXX: invoices.map((invoice) => mainInformationRecord(invoice, window)) });
  }
  return e2Success('处理成功', { FPLXDM: parsed.kind, ...paging, FPZHXX: invoices.map((invoice) => collectedRecord(invoice, window)) });
}

function parseCollection(endpoint: CollectionEndpoint, json: unknown, credential: SandboxCredential): Collection | InputRefusal {
  if (!isPlainObject(json)) return refuse('2003', '请求体必须是 JSON 对象');
  // Who may act comes before what is wrong with the content.
  let gmfsbh = json.GMFSBH;
  if (isMissing(gmfsbh)) {
    if (endpoint === 'invoice') return refuse('2014', 'GMFSBH 不能为空');
    // Endpoint 6 makes GMFSBH optional: it can only mean the caller's one enterprise.
    if (credential.taxNumbers.length !== 1) return refuse('2014', `GMFSBH 未传，而 AppKey ${credential.appKey} 授权了多个税号`);
    gmfsbh = credential.taxNumbers[0];
  }
  if (typeof gmfsbh === 'string' && !isAuthorisedFor(credential, gmfsbh)) {
    return refuse('2012', `购买方税号 ${gmfsbh} 未授权给 AppKey ${credential.appKey}`);
  }

  if (endpoint === 'mainInvoice') {
    const result = MainInformationRequest.safeParse(json);
    if (!result.success) return refusalForIssues(result.error.issues, json, FIELD_CODES);
    const body = result.data;
    return checkRange({ endpoint, gmfsbh: String(gmfsbh), kind: MAIN_INFORMATION_KIND, ...common(body), fhhs: undefined });
  }
  const result = CollectionRequest.safeParse(json);
  if (!result.success) return refusalForIssues(result.error.issues, json, FIELD_CODES);
  const body = result.data;
  return checkRange({ endpoint, gmfsbh: body.GMFSBH, kind: body.FPLXDM, ...common(body), fhhs: body.FHHS === undefined ? undefined : Number(body.FHHS) });
}

function common(body: MainInformationRequest | CollectionRequest) {
  return { pch: body.PCH, cjksrq: body.CJKSRQ, cjjsrq: body.CJJSRQ, kshs: body.KSHS, ends: body.ZTBZ === '0' };
}

function checkRange(collection: Collection): Collection | InputRefusal {
  return collection.cjksrq > collection.cjjsrq ? refuse('2003', `CJKSRQ ${collection.cjksrq} 晚于 CJJSRQ ${collection.cjjsrq}`) : collection;
}

/** The batch of this PCH: created (with its rows fixed) on first sight, checked against the request afterwards. */
function openBatch(request: Collection, appKey: string, nowMs: number, stores: InputStores): CollectionBatch | InputRefusal {
  const { collections, taxAuthority } = stores;
  const existing = collections.find(request.pch);
  if (!existing) {
    if (request.kshs !== 1) return refuse('2009', `批次号 ${request.pch} 的第一次请求 KSHS 必须为 1`);
    const initial = !collections.initialDone(request.gmfsbh, request.kind);
    const rows = taxAuthority.selectForCollection(criteria(request, initial, nowMs));
    return collections.create(
      { pch: request.pch, appKey, endpoint: request.endpoint, gmfsbh: request.gmfsbh, kind: request.kind, cjksrq: request.cjksrq, cjjsrq: request.cjjsrq, initial, createdAt: nowMs },
      rows,
    );
  }
  const sameRequest =
    existing.appKey === appKey &&
    existing.endpoint === request.endpoint &&
    existing.gmfsbh === request.gmfsbh &&
    existing.kind === request.kind &&
    existing.cjksrq === request.cjksrq &&
    existing.cjjsrq === request.cjjsrq;
  if (!sameRequest) return refuse('2004', `批次号 ${request.pch} 已用于另一个采集请求（购买方、类型或采集日期不同）`);
  if (existing.endedKshs !== null) {
    // The answer that ended the batch may be asked again (it may have been lost); nothing else may.
    if (request.ends && request.kshs === existing.endedKshs) return existing;
    return refuse('2011', `批次号 ${request.pch} 已结束（ZTBZ=0），请使用新的批次号`);
  }
  if (request.kshs !== existing.nextKshs && !collections.isAnsweredStart(request.pch, request.kshs)) {
    return refuse('2009', `KSHS 应为 ${existing.nextKshs}（已返回 ${existing.nextKshs - 1} 行，共 ${existing.totalRows} 行），或重取已返回过的开始行`);
  }
  return existing;
}

function criteria(request: Collection, initial: boolean, nowMs: number): CollectionCriteria {
  const window = selectionWindow(nowMs);
  return {
    gmfsbh: request.gmfsbh,
    withDetails: request.endpoint === 'invoice',
    ...(request.endpoint === 'invoice' ? { fplxdm: request.kind } : {}),
    collectedUpTo: compactDateTime(nowMs),
    scope: initial
      ? {
          kind: 'initial',
          certifiedPeriods: [window.DQSKSSQ, previousPeriod(window.DQSKSSQ)],
          uncertifiedIssuedFrom: INITIAL_COLLECTION_EARLIEST_ISSUE_DATE,
        }
      : { kind: 'range', from: request.cjksrq, to: request.cjjsrq },
  };
}

/**
 * The invoice ids of the page starting at KSHS: at most FHHS invoices, and whole invoices only while
 * their detail rows add up to at most 1000 (one invoice always goes, however many lines it has).
 */
function pageOf(batch: CollectionBatch, request: Collection, stores: InputStores): number[] {
  const limit = Math.min(request.fhhs ?? MAX_DETAIL_ROWS_PER_RESPONSE, MAX_DETAIL_ROWS_PER_RESPONSE);
  const page: number[] = [];
  let detailRows = 0;
  for (const row of stores.collections.rows(batch.pch, request.kshs, limit)) {
    if (page.length > 0 && detailRows + row.weight > MAX_DETAIL_ROWS_PER_RESPONSE) break;
    page.push(row.invoiceId);
    detailRows += row.weight;
  }
  return page;
}
