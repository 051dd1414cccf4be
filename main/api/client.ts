/**
 * The invoice-service client (ky + zod). Every answer ends in one of three ways: a parsed result, a
 * ServiceError (a definite refusal) or a TransportError (outcome unknown); nothing else escapes, whatever
 * the service or the network does. There are no retries here: the outbox repeats a request with the same
 * serial number, which is the only safe way to repeat a non-idempotent call.
 */
import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { SERVICE_STATUS_CODES } from '../../shared/spec/codes.js';
import { ENDPOINTS, endpointLabel, type EndpointDefinition } from '../../shared/spec/endpoints.js';
import { E1Failure } from '../../shared/spec/envelopes.js';
import { IssuanceResponse, type IssuanceRequest, type IssuedInvoiceRecord } from '../../shared/spec/issuance.js';
import { ServiceError, TransportError, type CallContext, type TransportErrorKind } from './errors.js';
import { redactHeaders, redactText } from './redact.js';
import type { RequestSigner } from './signer.js';

export interface ServiceClientOptions {
  /** Base address; endpoint paths are appended to it (a path prefix in it is kept). */
  baseUrl: string;
  signer: RequestSigner;
  /** Deadline for the whole exchange, body included. Default 30 s. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export type IssueOutcome =
  /** The service issued the invoice; records holds what it issued (normally one record). */
  | { kind: 'issued'; records: IssuedInvoiceRecord[]; message: string }
  /** Accepted and still being issued: ask again later with the same lsh. */
  | { kind: 'pending'; message: string };

export interface ServiceClient {
  readonly baseUrl: string;
  /** POST /openApi/v4/fp/fpkj. Throws only ServiceError or TransportError. */
  issueInvoice(request: IssuanceRequest): Promise<IssueOutcome>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

interface RawAnswer {
  httpStatus: number;
  body: string;
}

/** What one exchange needs to build errors: where it went and what it may reveal. */
interface Exchange {
  endpoint: EndpointDefinition;
  context: CallContext;
  /** Values sent that must not be kept (the signature). */
  secrets: string[];
  /** The signer's own redaction (its secret), if it has one. */
  redact: (text: string) => string;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const basePath = base.pathname.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sensitive = options.signer.sensitiveHeaders ?? ['Sign', 'AppSecret'];

  const api: KyInstance = ky.create({
    prefixUrl: base.href,
    retry: 0,
    throwHttpErrors: false,
    timeout: timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** Signs the exact bytes that go on the wire, as serialised by ky, and keeps what error reports may show. */
  const signHook =
    (exchange: Exchange) =>
    async (request: Request): Promise<void> => {
      const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : new Uint8Array();
      const url = new URL(request.url);
      const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
      const headers = options.signer.sign({ method: request.method, pathAndQuery: `${path}${url.search}`, body });
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      exchange.secrets = sensitive.map((name) => headers[name]).filter((value): value is string => value !== undefined);
      exchange.context.requestHeaders = redactHeaders(headers, sensitive);
    };

  async function send(endpoint: EndpointDefinition, json: unknown): Promise<{ answer: RawAnswer; exchange: Exchange }> {
    const exchange: Exchange = {
      endpoint,
      context: { endpoint: endpointLabel(endpoint), requestHeaders: {} },
      secrets: [],
      redact: (text) => options.signer.redact?.(text) ?? text,
    };
    let httpStatus: number | undefined;
    const received: Uint8Array[] = [];
    try {
      const response = await api(endpoint.path.slice(1), {
        method: endpoint.method,
        json,
        signal: AbortSignal.timeout(timeoutMs),
        hooks: { beforeRequest: [signHook(exchange)] },
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

  return {
    baseUrl: options.baseUrl,
    async issueInvoice(request) {
      const { answer, exchange } = await send(ENDPOINTS.issueInvoice, request);
      const envelope = parseE1(answer, exchange, IssuanceResponse);
      if (envelope.data.length === 0) return { kind: 'pending', message: envelope.msg };
      const foreign = envelope.data.find((record) => record.lsh != null && record.lsh !== request.lsh);
      if (foreign) {
        throw transportFailure(exchange, 'bad-shape', `answer carries lsh ${foreign.lsh ?? ''}, not ${request.lsh}`, answer);
      }
      return { kind: 'issued', records: envelope.data, message: envelope.msg };
    },
  };
}

/** Reads an E1 answer: a definite refusal becomes a ServiceError, anything unclear a TransportError. */
function parseE1<T extends z.ZodType<{ status: boolean; code: number; msg: string }>>(
  answer: RawAnswer,
  exchange: Exchange,
  schema: T,
): z.output<T> {
  if (answer.httpStatus >= 500) {
    throw transportFailure(exchange, 'http-status', `HTTP ${answer.httpStatus}`, answer);
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch (error) {
    throw transportFailure(exchange, 'not-json', `HTTP ${answer.httpStatus} with a body that is not JSON`, answer, error);
  }
  const failure = E1Failure.safeParse(json);
  if (failure.success) {
    throw new ServiceError({
      ...exchange.context,
      httpStatus: answer.httpStatus,
      code: failure.data.code,
      serviceMessage: keep(failure.data.msg, exchange),
      meaning: SERVICE_STATUS_CODES[String(failure.data.code)],
      rawBody: keep(answer.body, exchange),
    });
  }
  if (answer.httpStatus < 200 || answer.httpStatus >= 300) {
    throw transportFailure(exchange, 'http-status', `HTTP ${answer.httpStatus} without a refusal envelope`, answer);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw transportFailure(exchange, 'bad-shape', `unexpected answer shape: ${where}`, answer, parsed.error);
  }
  if (parsed.data.code !== 0) {
    throw transportFailure(exchange, 'bad-shape', `status true with code ${parsed.data.code}`, answer);
  }
  return parsed.data;
}

function transportFailure(
  exchange: Exchange,
  kind: TransportErrorKind,
  message: string,
  answer?: RawAnswer,
  cause?: unknown,
): TransportError {
  return new TransportError({
    ...exchange.context,
    kind,
    message,
    ...(answer ? { httpStatus: answer.httpStatus, rawBody: keep(answer.body, exchange) } : {}),
    ...(cause === undefined ? {} : { cause }),
  });
}

/** The only way text from an exchange is kept: signer secrets, signatures and secret members removed. */
function keep(text: string, exchange: Exchange): string {
  return redactText(exchange.redact(text), exchange.secrets);
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
