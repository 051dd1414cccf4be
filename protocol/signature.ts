/**
 * The one definition of the request signature: the canonical string and its HMAC-SHA256. The app's
 * signer (main/api/signer.ts) and the sandbox's verifier (sandbox/auth.ts) both build it here, so the
 * two sides cannot drift apart; it sits below both, and neither imports the other.
 *
 * Why a top-level `protocol/` allowed `node:crypto`, not `shared/` with WebCrypto: both speakers are Node
 * processes (main and the sandbox service), never the renderer; WebCrypto's HMAC is asynchronous, which
 * would turn the synchronous signer and verifier (and every caller) async for no gain; and WebCrypto has
 * no constant-time compare. Lint keeps this folder to `node:crypto` and shared/ (eslint.config.js).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADERS = {
  appKey: 'AppKey',
  timestamp: 'Timestamp',
  nonce: 'Nonce',
  sign: 'Sign',
} as const;

/** 16–64 characters of [A-Za-z0-9]. */
export const NONCE_PATTERN = /^[A-Za-z0-9]{16,64}$/;

/** Unix milliseconds, decimal, no sign or fraction. */
export const TIMESTAMP_PATTERN = /^\d{1,16}$/;

export interface CanonicalParts {
  method: string;
  /** Path and query exactly as sent, relative to the base address (`/openApi/v4/fp/hzcx?lsh=…&all=1`). */
  pathAndQuery: string;
  timestamp: string;
  nonce: string;
  /** Raw body bytes (a string is taken as UTF-8); empty for GET. */
  body: Uint8Array | string;
}

export function sha256Hex(body: Uint8Array | string): string {
  return createHash('sha256').update(body).digest('hex');
}

export function canonicalString(parts: CanonicalParts): string {
  return [parts.method.toUpperCase(), parts.pathAndQuery, parts.timestamp, parts.nonce, sha256Hex(parts.body)].join('\n');
}

/** Lowercase hex HMAC-SHA256 of the canonical string under the app secret. */
export function computeSign(appSecret: string, parts: CanonicalParts): string {
  return createHmac('sha256', appSecret).update(canonicalString(parts), 'utf8').digest('hex');
}

/** Constant-time comparison, so a caller cannot learn a valid signature byte by byte. */
export function signaturesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
