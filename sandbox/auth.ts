/**
 * Verification of the request signature (docs/architecture.md §7), with the same canonical string as the client's
 * signer (protocol/signature.ts). Nonces are remembered in memory: the window is ten minutes and a
 * sandbox restart within it is no attack worth defending.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { NONCE_PATTERN, SIGNATURE_HEADERS, TIMESTAMP_PATTERN, computeSign, signaturesEqual } from '../protocol/signature.js';

export interface SandboxCredential {
  appKey: string;
  appSecret: string;
  /** Seller (and buyer) tax numbers this AppKey may act for. */
  taxNumbers: string[];
}

export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
export const NONCE_WINDOW_MS = 10 * 60 * 1000;

export interface SignedRequest {
  method: string;
  pathAndQuery: string;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
}

export type Verdict = { ok: true; credential: SandboxCredential } | { ok: false; reason: string };

export interface Authenticator {
  verify(request: SignedRequest): Verdict;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function createAuthenticator(credentials: readonly SandboxCredential[], now: () => Date): Authenticator {
  const byKey = new Map(credentials.map((credential) => [credential.appKey, credential]));
  // Insertion order is arrival order, so expired nonces are always at the front.
  const seenNonces = new Map<string, number>();

  const forgetExpired = (at: number): void => {
    for (const [key, seenAt] of seenNonces) {
      if (at - seenAt < NONCE_WINDOW_MS) break;
      seenNonces.delete(key);
    }
  };

  return {
    verify(request) {
      const appKey = header(request.headers, SIGNATURE_HEADERS.appKey);
      const timestamp = header(request.headers, SIGNATURE_HEADERS.timestamp);
      const nonce = header(request.headers, SIGNATURE_HEADERS.nonce);
      const sign = header(request.headers, SIGNATURE_HEADERS.sign);
      if (!appKey || !timestamp || !nonce || !sign) return { ok: false, reason: '缺少签名请求头 AppKey/Timestamp/Nonce/Sign' };
      const credential = byKey.get(appKey);
      if (!credential) return { ok: false, reason: `未知的 AppKey ${appKey}` };
      if (!TIMESTAMP_PATTERN.test(timestamp)) return { ok: false, reason: 'Timestamp 必须是毫秒时间戳' };
      const at = now().getTime();
      if (Math.abs(at - Number(timestamp)) > MAX_CLOCK_SKEW_MS) return { ok: false, reason: 'Timestamp 与服务器时间相差超过 5 分钟' };
      if (!NONCE_PATTERN.test(nonce)) return { ok: false, reason: 'Nonce 必须是 16–64 位字母或数字' };
      const expected = computeSign(credential.appSecret, {
        method: request.method,
        pathAndQuery: request.pathAndQuery,
        timestamp,
        nonce,
        body: request.body,
      });
      if (!signaturesEqual(expected, sign)) return { ok: false, reason: '签名不正确' };
      // Only a correctly signed request uses up its nonce, so forged requests cannot burn real ones.
      forgetExpired(at);
      const nonceKey = `${appKey}\n${nonce}`;
      if (seenNonces.has(nonceKey)) return { ok: false, reason: 'Nonce 已使用（10 分钟内不得重复）' };
      seenNonces.set(nonceKey, at);
      return { ok: true, credential };
    },
  };
}

export function isAuthorisedFor(credential: SandboxCredential, taxNumber: string): boolean {
  return credential.taxNumbers.includes(taxNumber);
}
