/**
 * What one request/answer exchange with the service leaves behind, and the only two ways text from it
 * is kept (`keep`) or turned into an unclear outcome (`transportFailure`). Shared by the transport
 * (client.ts), the envelope readers (envelopes.ts) and the endpoint functions (endpoints/), so redaction
 * cannot be forgotten in any of them.
 */
import type { z } from 'zod';
import type { EndpointDefinition, EndpointName } from '../../shared/spec/endpoints.js';
import { TransportError, type CallContext, type TransportErrorKind } from './errors.js';
import { redactText } from './redact.js';

export interface RawAnswer {
  httpStatus: number;
  /** The body as received, decoded as UTF-8 (possibly cut off). */
  body: string;
}

export interface Exchange {
  endpoint: EndpointDefinition;
  context: CallContext;
  /** Values sent that must not be kept: secret members of the body, and the signature once signed. */
  secrets: string[];
  /** The signer's own redaction (its secret), if it has one. */
  redact: (text: string) => string;
}

/** Query parameters of a GET, in the order they are sent (and signed); undefined members are left out. */
export type QueryParameters = Readonly<Record<string, string | number | undefined>>;

export interface CallRequest {
  /** JSON body of a POST or PATCH. */
  json?: unknown;
  /** Query parameters of a GET. */
  query?: QueryParameters;
}

/** A parsed answer, and a way to reject it after all when it does not fit the request. */
export interface Answered<T> {
  value: T;
  /** The TransportError for an answer that parsed but contradicts the request (kept raw body included). */
  mismatch(message: string): TransportError;
}

/**
 * How endpoint functions reach the service: send, then read the answer in the endpoint's envelope with
 * `schema`. Resolves only with a successful answer; a refusal throws ServiceError, anything unclear
 * TransportError. GETs are retried inside; other methods never are.
 */
export type Caller = <S extends z.ZodType>(endpoint: EndpointName, request: CallRequest, schema: S) => Promise<Answered<z.output<S>>>;

/** The only way text from an exchange is kept: signer secrets, signatures and secret members removed. */
export function keep(text: string, exchange: Exchange): string {
  return redactText(exchange.redact(text), exchange.secrets);
}

export function transportFailure(exchange: Exchange, kind: TransportErrorKind, message: string, answer?: RawAnswer, cause?: unknown): TransportError {
  return new TransportError({
    ...exchange.context,
    kind,
    message: keep(message, exchange),
    ...(answer ? { httpStatus: answer.httpStatus, rawBody: keep(answer.body, exchange) } : {}),
    ...(cause === undefined ? {} : { cause }),
  });
}
