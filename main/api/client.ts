/**
 * The invoice-service client (ky + zod): one typed function per endpoint (endpoints/), all over the one
 * transport below, which signs the exact bytes sent, bounds each exchange by a timeout and reads the body
 * chunk by chunk so that even a cut-off answer is kept. Every call ends in a parsed result, a ServiceError
 * (a definite refusal) or a TransportError (outcome unknown); nothing else escapes.
 *
 * Retries only where they are safe: a GET is repeated (freshly signed) a bounded number of times when
 * its outcome is unclear. POST and PATCH are never repeated here: the outbox repeats them with the same
 * serial number (lsh, PCH), the only safe way to repeat a non-idempotent call (docs/architecture.md §5).
 */
import ky, { type KyInstance } from 'ky';
import type { CertificationRequest, CertificationResultRequest } from '../../shared/spec/certification.js';
import type { CollectionRequest, MainInformationRecord, MainInformationRequest } from '../../shared/spec/collection.js';
import type { EnterprisePage, EnterpriseRecord, InitialiseEnterpriseRequest, ModifyEnterpriseRequest } from '../../shared/spec/agency.js';
import { ENDPOINTS, endpointLabel, type EndpointName } from '../../shared/spec/endpoints.js';
import type { IssuanceRequest } from '../../shared/spec/issuance.js';
import type { OcrRequest } from '../../shared/spec/ocr.js';
import type { PrintRequest, PrintResult } from '../../shared/spec/print.js';
import type { RedLetterApplicationRequest, RedLetterQuery } from '../../shared/spec/redletter.js';
import type { VerificationRequest } from '../../shared/spec/verification.js';
import { agencyEndpoints, type EnterpriseListQuery } from './endpoints/agency.js';
import { inputEndpoints, type CertificationBatchResult, type CertificationReceipt, type CollectedInvoicePage, type CollectionPage } from './endpoints/input.js';
import { intakeEndpoints, type RecognitionOutcome, type VerificationOutcome } from './endpoints/intake.js';
import { outputEndpoints, type IssueOutcome, type RedLetterApplicationOutcome, type RedLetterQueryOutcome } from './endpoints/output.js';
import { readAnswer } from './envelopes.js';
import { TransportError, type TransportErrorKind } from './errors.js';
import { transportFailure, type CallRequest, type Caller, type Exchange, type QueryParameters, type RawAnswer } from './exchange.js';
import { redactHeaders, secretValuesIn } from './redact.js';
import type { RequestSigner } from './signer.js';

export type { EnterpriseListQuery } from './endpoints/agency.js';
export type { CertificationBatchResult, CertificationReceipt, CollectedInvoicePage, CollectionPage } from './endpoints/input.js';
export type { RecognitionOutcome, VerificationOutcome } from './endpoints/intake.js';
export type { IssueOutcome, RedLetterApplicationOutcome, RedLetterQueryOutcome } from './endpoints/output.js';

export interface ServiceClientOptions {
  /** Base address; endpoint paths are appended to it (a path prefix in it is kept). */
  baseUrl: string;
  signer: RequestSigner;
  /** Deadline for one whole exchange, body included. Default 30 s. */
  timeoutMs?: number;
  /** Deadlines per endpoint, over timeoutMs (recognition uploads whole scans: 60 s unless set). */
  timeouts?: Partial<Record<EndpointName, number>>;
  /** Further attempts of a GET whose outcome was unclear. Default 2. */
  getRetries?: number;
  /** Wait before the first repeat of a GET, doubled before each further one. Default 200 ms. */
  retryBackoffMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** Every endpoint of the spec. Each function throws only ServiceError or TransportError. */
export interface ServiceClient {
  readonly baseUrl: string;
  /** POST /openApi/v4/fp/fpkj: pending until the same request (same lsh) is sent again after issuing. */
  issueInvoice(request: IssuanceRequest): Promise<IssueOutcome>;
  /** POST /openApi/v4/fp/hzsq: accepted; the form is read with queryRedLetter and the same lsh. */
  applyRedLetter(request: RedLetterApplicationRequest): Promise<RedLetterApplicationOutcome>;
  /** GET /openApi/v4/fp/hzcx (retried when unclear). */
  queryRedLetter(query: RedLetterQuery): Promise<RedLetterQueryOutcome>;
  /** POST /openApi/v4/fp/fpdy: face-print data of an issued paper invoice. */
  printInvoice(request: PrintRequest): Promise<PrintResult>;
  /** POST /input/openApi/ocr. */
  recognise(request: OcrRequest): Promise<RecognitionOutcome>;
  /** POST /input/openApi/checkInvoiceSingle: consistent, inconsistent or not found; other codes throw. */
  verifyInvoice(request: VerificationRequest): Promise<VerificationOutcome>;
  /** POST /input/openApi/invoice: one page of a collection with details. */
  collectInvoices(request: CollectionRequest): Promise<CollectedInvoicePage>;
  /** POST /input/openApi/mainInvoice: one page of invoices without details. */
  collectMainInformation(request: MainInformationRequest): Promise<CollectionPage<MainInformationRecord>>;
  /** POST /input/openApi/applyLegalize: accepted (processing is asynchronous) or refused (throws). */
  applyCertification(request: CertificationRequest): Promise<CertificationReceipt>;
  /** POST /input/openApi/applyLegalizeResult. */
  certificationResult(request: CertificationResultRequest): Promise<CertificationBatchResult>;
  /** GET /openApi/agency (retried when unclear). */
  listEnterprises(query?: EnterpriseListQuery): Promise<EnterprisePage>;
  /** POST /openApi/agency. */
  initialiseEnterprise(request: InitialiseEnterpriseRequest): Promise<EnterpriseRecord>;
  /** PATCH /openApi/agency. */
  modifyEnterprise(request: ModifyEnterpriseRequest): Promise<EnterpriseRecord>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_TIMEOUTS: Partial<Record<EndpointName, number>> = { recognise: 60_000 };
const DEFAULT_GET_RETRIES = 2;
/**
 * POSTs that only read (fpdy: the print data of an invoice already issued): repeated like a GET when no
 * answer came. A kept-alive connection the service closed while idle fails the next request with "other
 * side closed" before the service read it; a print preview must not fail on that.
 */
const READS_BY_POST: ReadonlySet<EndpointName> = new Set(['printInvoice']);
const DEFAULT_RETRY_BACKOFF_MS = 200;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const sensitive = options.signer.sensitiveHeaders ?? ['Sign', 'AppSecret'];
  const getRetries = Math.max(0, options.getRetries ?? DEFAULT_GET_RETRIES);
  const backoffMs = options.retryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS;
  const timeoutOf = (name: EndpointName): number => options.timeouts?.[name] ?? DEFAULT_TIMEOUTS[name] ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  // No prefixUrl: the full address is built here (ky's prefix handling was a tenth of a call's cost).
  const api: KyInstance = ky.create({
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /**
   * Signs the exact bytes and path that go on the wire and keeps what errors may show. The body is
   * serialised here, once, and handed to ky as is: signing what ky serialised would mean cloning and
   * re-reading every request (a third of the client's cost per call, measured by `npm run bench client`).
   */
  function sign(exchange: Exchange, method: string, pathAndQuery: string, body: string): Record<string, string> {
    const headers = options.signer.sign({ method, pathAndQuery, body });
    exchange.secrets.push(...sensitive.map((name) => headers[name]).filter((value): value is string => value !== undefined));
    exchange.context.requestHeaders = redactHeaders(headers, sensitive);
    return headers;
  }

  /** One exchange: the raw answer, or a TransportError when none (or only part of one) arrived in time. */
  async function send(name: EndpointName, request: CallRequest): Promise<{ answer: RawAnswer; exchange: Exchange }> {
    const endpoint = ENDPOINTS[name];
    const timeoutMs = timeoutOf(name);
    const exchange: Exchange = {
      endpoint,
      context: { endpoint: endpointLabel(endpoint), requestHeaders: {} },
      secrets: secretValuesIn(request.json),
      redact: (text) => options.signer.redact?.(text) ?? text,
    };
    let httpStatus: number | undefined;
    const received: Uint8Array[] = [];
    try {
      const target = `${endpoint.path}${queryString(request.query)}`;
      const body = request.json === undefined ? '' : JSON.stringify(request.json);
      const headers = sign(exchange, endpoint.method, target, body);
      const response = await api(`${base.href}${target.slice(1)}`, {
        method: endpoint.method,
        headers: body === '' ? headers : { 'content-type': 'application/json', ...headers },
        ...(body === '' ? {} : { body }),
        // One deadline for the whole exchange, reading the body included (ky's own ends with the headers).
        timeout: false,
        signal: AbortSignal.timeout(timeoutMs),
      });
      httpStatus = response.status;
      // Read chunk by chunk so a body cut off half-way is still kept for diagnosis.
      if (response.body) {
        for await (const chunk of response.body) received.push(chunk);
      }
      return { answer: { httpStatus, body: decodeUtf8(received) }, exchange };
    } catch (error) {
      const partial = httpStatus === undefined ? undefined : { httpStatus, body: decodeUtf8(received) };
      throw transportFailure(exchange, classify(error), describe(error), partial, error);
    }
  }

  const call: Caller = async (name, request, schema) => {
    const attempts = ENDPOINTS[name].method === 'GET' || READS_BY_POST.has(name) ? 1 + getRetries : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const { answer, exchange } = await send(name, request);
        return { value: readAnswer(answer, exchange, schema), mismatch: (message) => transportFailure(exchange, 'bad-shape', message, answer) };
      } catch (error) {
        if (attempt >= attempts || !(error instanceof TransportError) || !worthRepeating(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
      }
    }
  };

  return {
    baseUrl: options.baseUrl,
    ...outputEndpoints(call),
    ...intakeEndpoints(call),
    ...inputEndpoints(call),
    ...agencyEndpoints(call),
  };
}

/** `?a=1&b=2` in the given order, undefined members left out; '' when there is nothing to send. */
function queryString(query: QueryParameters | undefined): string {
  if (!query) return '';
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) parameters.append(name, String(value));
  const text = parameters.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Whether another attempt may end differently: no answer, a server-side failure, or a body mangled on
 * the way. A 4xx, or JSON of the wrong shape, would come back the same, so it is not repeated.
 */
function worthRepeating(error: TransportError): boolean {
  const status = error.httpStatus;
  if (status !== undefined && status >= 400 && status < 500) return false;
  const repeatable: readonly TransportErrorKind[] = ['timeout', 'network', 'not-json', 'http-status'];
  return repeatable.includes(error.kind);
}

function decodeUtf8(chunks: readonly Uint8Array[]): string {
  return Buffer.concat(chunks).toString('utf8');
}

function classify(error: unknown): TransportErrorKind {
  const name = error instanceof Error ? error.name : '';
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}`;
}
