/**
 * main's one IPC entry point: every malformed payload is answered with an IpcResult error that names the
 * problem, and the router keeps serving afterwards.
 */
import { describe, expect, it } from 'vitest';
import { createIpcRouter } from '../../../main/ipc/router.js';
import type { AppInfo, IpcResult } from '../../../shared/ipc/index.js';
import { IpcFailure } from '../../../shared/ipc/index.js';

const info: AppInfo = {
  version: 'test',
  environment: 'sandbox',
  serviceBaseUrl: 'http://127.0.0.1:1',
  seller: { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' },
  issuer: '张三',
};

const goodDraft = {
  invoiceType: '026',
  buyerName: '北京某某有限公司',
  issuer: '张三',
  lines: [{ name: '办公用品', taxCode: '1060201070000000000', quantity: '2', unitPrice: '56.50', rate: '0.13' }],
};

function router() {
  const r = createIpcRouter({ logError: () => {} });
  r.handle('app:info', () => info);
  r.handle('issuance:submit', (draft) => {
    if (draft.buyerName === 'boom') throw new Error('bug');
    if (draft.buyerName === 'refuse') throw new IpcFailure('VALIDATION_FAILED', '不允许');
    return {
      id: 1, lsh: 'FD1', environment: 'sandbox', invoiceType: draft.invoiceType, buyerName: draft.buyerName, total: '113.00',
      status: 'queued', invoiceCode: null, invoiceNumber: null, issuedAt: null, error: null, createdAt: '2026-11-22T00:00:00.000Z',
    };
  });
  return r;
}

function expectError(result: IpcResult<unknown>, code: string) {
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.code).toBe(code);
    expect(result.error.message.length).toBeGreaterThan(0);
  }
}

describe('IPC router', () => {
  it('dispatches a valid call', async () => {
    expect(await router().dispatch('app:info', {})).toEqual({ ok: true, value: info });
  });

  it('refuses an unknown channel', async () => {
    expectError(await router().dispatch('fs:readFile', {}), 'UNKNOWN_CHANNEL');
    expectError(await router().dispatch(42, {}), 'UNKNOWN_CHANNEL');
    expectError(await router().dispatch('__proto__', {}), 'UNKNOWN_CHANNEL');
  });

  it('refuses a wrong type and names the field', async () => {
    const result = await router().dispatch('issuance:submit', { ...goodDraft, buyerName: 42 });
    expectError(result, 'INVALID_PAYLOAD');
    if (!result.ok) expect(result.error.message).toContain('buyerName');
  });

  it('refuses an extra field', async () => {
    const result = await router().dispatch('issuance:submit', { ...goodDraft, isAdmin: true });
    expectError(result, 'INVALID_PAYLOAD');
    if (!result.ok) expect(result.error.message).toContain('isAdmin');
  });

  it('refuses a non-object payload', async () => {
    expectError(await router().dispatch('issuance:submit', 'DROP TABLE'), 'INVALID_PAYLOAD');
    expectError(await router().dispatch('issuance:submit', null), 'INVALID_PAYLOAD');
  });

  it('refuses a 10 MB string without parsing it', async () => {
    const result = await router().dispatch('issuance:submit', { ...goodDraft, buyerName: 'x'.repeat(10 * 1024 * 1024) });
    expectError(result, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses prototype-pollution keys and leaves Object.prototype alone', async () => {
    const payload = JSON.parse(JSON.stringify(goodDraft).replace('{', '{"__proto__":{"polluted":1},'));
    const top = await router().dispatch('issuance:submit', payload);
    expectError(top, 'INVALID_PAYLOAD');
    if (!top.ok) expect(top.error.message).toContain('__proto__');
    const nested = JSON.parse(JSON.stringify(goodDraft).replace('"name"', '"constructor":{"prototype":{"polluted":1}},"name"'));
    const deep = await router().dispatch('issuance:submit', nested);
    expectError(deep, 'INVALID_PAYLOAD');
    if (!deep.ok) expect(deep.error.message).toContain('constructor');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses deep nesting and class instances', async () => {
    let deep: unknown = {};
    for (let i = 0; i < 100; i++) deep = { a: deep };
    expectError(await router().dispatch('app:info', deep), 'INVALID_PAYLOAD');
    expectError(await router().dispatch('app:info', new Date()), 'INVALID_PAYLOAD');
  });

  it('turns a thrown IpcFailure into its code and a bug into INTERNAL', async () => {
    expectError(await router().dispatch('issuance:submit', { ...goodDraft, buyerName: 'refuse' }), 'VALIDATION_FAILED');
    const bug = await router().dispatch('issuance:submit', { ...goodDraft, buyerName: 'boom' });
    expectError(bug, 'INTERNAL');
    if (!bug.ok) expect(bug.error.message).not.toContain('bug');
  });

  it('keeps serving after every kind of bad call', async () => {
    const r = router();
    await r.dispatch('issuance:submit', { buyerName: 'x'.repeat(10 * 1024 * 1024) });
    await r.dispatch('issuance:submit', JSON.parse('{"__proto__":{"x":1}}'));
    await r.dispatch('nope:nope', undefined);
    await r.dispatch('issuance:submit', { ...goodDraft, buyerName: 'boom' });
    expect((await r.dispatch('issuance:submit', goodDraft)).ok).toBe(true);
  });

  it('refuses a second handler for one channel', () => {
    const r = router();
    expect(() => r.handle('app:info', () => info)).toThrow(/twice/);
  });
});
