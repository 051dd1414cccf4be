/**
 * The two ways a call to the invoice service can fail, kept apart because the outbox acts on them
 * differently (docs/architecture.md §5): a ServiceError is a definite refusal (mark the operation failed), a
 * TransportError means the outcome is unknown (keep it pending, ask again with the same serial number).
 * Both carry only redacted text.
 */
import type { EnvelopeKind } from '../../shared/spec/envelopes.js';

export interface CallContext {
  /** `METHOD /path` of the endpoint, e.g. `POST /openApi/v4/fp/fpkj`. */
  endpoint: string;
  /** The request headers as sent, with signatures and secrets redacted. */
  requestHeaders: Record<string, string>;
}

export interface ServiceErrorDetails extends CallContext {
  /** Which envelope the refusal came in: it says which spec table `code` belongs to. */
  envelope: EnvelopeKind;
  httpStatus: number;
  /**
   * The service's failure code as text, whatever the envelope carries it as: E1 `code` (a number on the
   * wire, e.g. '2012'), E2 `ZTDM`, E3 `returnStateInfo.returnCode`, E4 `code` ('0002', '1014'…).
   */
  code: string;
  /** The service's own message (E1 msg, E2 ZTXX, E3 returnMessage, E4 message). */
  serviceMessage: string;
  /** The spec's meaning of the code in the envelope's table, when the spec lists it. */
  meaning: string | undefined;
  /** The response body, redacted and truncated. */
  rawBody: string;
}

/** The service answered and refused the operation. Sending the same request again will not change that. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly endpoint: string;
  readonly requestHeaders: Record<string, string>;
  readonly envelope: EnvelopeKind;
  readonly httpStatus: number;
  readonly code: string;
  readonly serviceMessage: string;
  readonly meaning: string | undefined;
  readonly rawBody: string;

  constructor(details: ServiceErrorDetails) {
    super(`${details.endpoint} refused: ${details.code} ${details.serviceMessage}`.trim());
    this.endpoint = details.endpoint;
    this.requestHeaders = details.requestHeaders;
    this.envelope = details.envelope;
    this.httpStatus = details.httpStatus;
    this.code = details.code;
    this.serviceMessage = details.serviceMessage;
    this.meaning = details.meaning;
    this.rawBody = details.rawBody;
  }
}

export type TransportErrorKind =
  /** No complete answer in time. */
  | 'timeout'
  /** Connection refused, reset, or the body cut off while reading. */
  | 'network'
  /** A status that is no answer of the operation (5xx, or 4xx without an envelope). */
  | 'http-status'
  /** A body that is not JSON (an HTML error page, truncated JSON). */
  | 'not-json'
  /** JSON that is not the expected envelope (missing or mistyped members, contradicting status members). */
  | 'bad-shape';

export interface TransportErrorDetails extends CallContext {
  kind: TransportErrorKind;
  message: string;
  httpStatus?: number;
  /** The response body as received (redacted, truncated), when there was one. */
  rawBody?: string;
  cause?: unknown;
}

/** The outcome of the call is unknown: the operation may or may not have happened. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly kind: TransportErrorKind;
  readonly endpoint: string;
  readonly requestHeaders: Record<string, string>;
  readonly httpStatus: number | undefined;
  readonly rawBody: string | undefined;

  constructor(details: TransportErrorDetails) {
    super(`${details.endpoint}: ${details.message}`, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.endpoint = details.endpoint;
    this.requestHeaders = details.requestHeaders;
    this.httpStatus = details.httpStatus;
    this.rawBody = details.rawBody;
  }
}
