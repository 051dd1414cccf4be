/**
 * Request signers. The spec does not say how callers authenticate, so the client takes any
 * `RequestSigner`; the default is the HMAC scheme of docs/architecture.md §7, which the sandbox enforces.
 */
import { randomBytes } from 'node:crypto';
import { NONCE_PATTERN, SIGNATURE_HEADERS, computeSign } from '../../protocol/signature.js';

export interface SignableRequest {
  /** HTTP method, any case (signed upper-case). */
  method: string;
  /** Path and query exactly as sent, relative to the base address. */
  pathAndQuery: string;
  /** The exact bytes sent; '' or an empty array for a request without a body. */
  body: Uint8Array | string;
}

export interface RequestSigner {
  /** The headers that authenticate this request. */
  sign(request: SignableRequest): Record<string, string>;
  /** Header names whose values must never be logged or kept (signatures, secrets). */
  readonly sensitiveHeaders?: readonly string[];
  /** Removes the signer's own secrets from a text about to be kept, without revealing them to the caller. */
  redact?(text: string): string;
}

export interface HmacSignerOptions {
  appKey: string;
  appSecret: string;
  /** Clock in Unix milliseconds; tests move it to provoke a stale timestamp. */
  now?: () => number;
  /** Nonce source; must give 16–64 characters of [A-Za-z0-9]. */
  nonce?: () => string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 random alphanumerics; the modulo bias of 256 % 62 does not matter for a nonce, only uniqueness does. */
export function randomNonce(): string {
  return Array.from(randomBytes(32), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export function createHmacSigner(options: HmacSignerOptions): RequestSigner {
  const now = options.now ?? Date.now;
  const nextNonce = options.nonce ?? randomNonce;
  return {
    sensitiveHeaders: [SIGNATURE_HEADERS.sign, 'AppSecret'],
    redact: (text) => (options.appSecret.length > 0 ? text.split(options.appSecret).join('***') : text),
    sign(request) {
      const nonce = nextNonce();
      if (!NONCE_PATTERN.test(nonce)) throw new Error('Nonce must be 16–64 characters of [A-Za-z0-9]');
      const timestamp = String(Math.trunc(now()));
      const sign = computeSign(options.appSecret, { ...request, timestamp, nonce });
      return {
        [SIGNATURE_HEADERS.appKey]: options.appKey,
        [SIGNATURE_HEADERS.timestamp]: timestamp,
        [SIGNATURE_HEADERS.nonce]: nonce,
        [SIGNATURE_HEADERS.sign]: sign,
      };
    },
  };
}
