import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHmacSigner, randomNonce } from '../../../main/api/signer.js';

const SECRET = 'unit-test-secret';

/** The canonical string of docs/architecture.md §7 written out by hand, independent of protocol/signature.ts. */
function expectedSign(method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string): string {
  const bodyHash = createHash('sha256').update(body, 'utf8').digest('hex');
  const canonical = `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${bodyHash}`;
  return createHmac('sha256', SECRET).update(canonical, 'utf8').digest('hex');
}

describe('createHmacSigner', () => {
  const signer = createHmacSigner({
    appKey: 'key-1',
    appSecret: SECRET,
    now: () => 1_740_000_000_123,
    nonce: () => 'abcDEF0123456789xyz',
  });

  it('signs METHOD, path and query, timestamp, nonce and the body hash', () => {
    const body = '{"lsh":"A1","ghdwmc":"客户"}';
    const headers = signer.sign({ method: 'post', pathAndQuery: '/openApi/v4/fp/fpkj', body });
    expect(headers).toEqual({
      AppKey: 'key-1',
      Timestamp: '1740000000123',
      Nonce: 'abcDEF0123456789xyz',
      Sign: expectedSign('POST', '/openApi/v4/fp/fpkj', '1740000000123', 'abcDEF0123456789xyz', body),
    });
    expect(headers.Sign).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes the same bytes whether given as string or Uint8Array', () => {
    const text = '{"ghdwmc":"北京"}';
    const a = signer.sign({ method: 'POST', pathAndQuery: '/x', body: text });
    const b = signer.sign({ method: 'POST', pathAndQuery: '/x', body: new TextEncoder().encode(text) });
    expect(a.Sign).toBe(b.Sign);
  });

  it('uses the hash of the empty string for GET', () => {
    const headers = signer.sign({ method: 'GET', pathAndQuery: '/openApi/v4/fp/hzcx?lsh=R1&all=1', body: '' });
    expect(headers.Sign).toBe(expectedSign('GET', '/openApi/v4/fp/hzcx?lsh=R1&all=1', '1740000000123', 'abcDEF0123456789xyz', ''));
  });

  it('refuses a nonce outside 16–64 alphanumerics', () => {
    const bad = createHmacSigner({ appKey: 'k', appSecret: SECRET, nonce: () => 'short' });
    expect(() => bad.sign({ method: 'GET', pathAndQuery: '/', body: '' })).toThrow(/Nonce/);
  });

  it('makes fresh random nonces by default', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => randomNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16,64}$/);
  });
});
