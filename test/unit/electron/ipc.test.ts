import { describe, expect, it } from 'vitest';
import { EVENT_CHANNEL } from '../../../shared/ipc/index.js';
import { createEventForwarder, registerIpc, type InvokeEventLike, type InvokeListener, type IpcMainLike } from '../../../main/electron/ipc.js';
import { isTrustedSenderUrl } from '../../../main/electron/security.js';
import { createIpcRouter } from '../../../main/ipc/router.js';
import type { AppInfo} from '../../../shared/ipc/index.js';
import { type IpcResult } from '../../../shared/ipc/index.js';

/** A stand-in for Electron's ipcMain that records what the adapter registers. */
class CapturingIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, InvokeListener>();
  readonly removed: string[] = [];
  handle(channel: string, listener: InvokeListener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.removed.push(channel);
    this.handlers.delete(channel);
  }
}

const APP_INFO: AppInfo = {
  version: '0.1.0',
  environment: 'sandbox',
  serviceBaseUrl: 'http://127.0.0.1:41234',
  seller: { taxNumber: '91110108MA01ABCD2X', name: '北京测试科技有限公司' },
  issuer: '张三',
};

function setup() {
  const router = createIpcRouter({ logError: () => {} });
  let calls = 0;
  router.handle('app:info', () => {
    calls += 1;
    return APP_INFO;
  });
  const ipcMain = new CapturingIpcMain();
  const registration = registerIpc(ipcMain, router, isTrustedSenderUrl);
  const listener = ipcMain.handlers.get('app:info');
  if (!listener) throw new Error('app:info was not registered');
  return { ipcMain, registration, listener, calls: () => calls };
}

const fromApp: InvokeEventLike = { senderFrame: { url: 'app://fapiao-desk/index.html', detached: false } };

function expectError(result: IpcResult<unknown>, code: string): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(code);
  expect(typeof result.error.message).toBe('string');
  expect(result.error.message.length).toBeGreaterThan(0);
}

describe('registerIpc', () => {
  it('registers exactly the channels the router handles', () => {
    const { ipcMain, registration } = setup();
    expect([...ipcMain.handlers.keys()]).toEqual(['app:info']);
    expect(registration.channels).toEqual(['app:info']);
  });

  it('dispatches a valid call from the app page', async () => {
    const { listener, calls } = setup();
    const result = await listener(fromApp, {});
    expect(result).toEqual({ ok: true, value: APP_INFO });
    expect(calls()).toBe(1);
  });

  it('accepts a frame without a detached flag and a URL with a route fragment', async () => {
    const { listener } = setup();
    const result = await listener({ senderFrame: { url: 'app://fapiao-desk/index.html#/history' } }, {});
    expect(result.ok).toBe(true);
  });

  it.each<[string, InvokeEventLike]>([
    ['a null senderFrame', { senderFrame: null }],
    ['a detached frame', { senderFrame: { url: 'app://fapiao-desk/index.html', detached: true } }],
    ['a foreign https page', { senderFrame: { url: 'https://evil.example/', detached: false } }],
    ['a file:// page', { senderFrame: { url: 'file:///tmp/index.html', detached: false } }],
    ['a lookalike app host', { senderFrame: { url: 'app://fapiao-desk.evil/index.html', detached: false } }],
    ['about:blank', { senderFrame: { url: 'about:blank', detached: false } }],
    ['an empty URL', { senderFrame: { url: '', detached: false } }],
  ])('refuses %s with FORBIDDEN_SENDER without reaching the handler', async (_name, event) => {
    const { listener, calls } = setup();
    expectError(await listener(event, {}), 'FORBIDDEN_SENDER');
    expect(calls()).toBe(0);
  });

  it('treats a frame whose url getter throws (destroyed frame) as forbidden', async () => {
    const { listener, calls } = setup();
    const frame = {
      detached: false,
      get url(): string {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    expectError(await listener({ senderFrame: frame }, {}), 'FORBIDDEN_SENDER');
    expect(calls()).toBe(0);
  });

  it('refuses malformed payloads with a code and message, and keeps serving afterwards', async () => {
    const { listener, calls } = setup();
    const polluted: unknown = JSON.parse('{"__proto__":{"polluted":1}}');
    const bad: Array<[unknown, string]> = [
      ['not an object', 'INVALID_PAYLOAD'],
      [42, 'INVALID_PAYLOAD'],
      [null, 'INVALID_PAYLOAD'],
      [[], 'INVALID_PAYLOAD'],
      [{ extra: 1 }, 'INVALID_PAYLOAD'],
      [{ s: 'x'.repeat(10 * 1024 * 1024) }, 'PAYLOAD_TOO_LARGE'],
      ['x'.repeat(10 * 1024 * 1024), 'PAYLOAD_TOO_LARGE'],
      [polluted, 'INVALID_PAYLOAD'],
      [{ constructor: { prototype: { polluted: 1 } } }, 'INVALID_PAYLOAD'],
    ];
    for (const [payload, code] of bad) expectError(await listener(fromApp, payload), code);
    expect(calls()).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    expect(await listener(fromApp, {})).toEqual({ ok: true, value: APP_INFO });
    expect(calls()).toBe(1);
  });

  it('refuses a missing payload and extra arguments', async () => {
    const { listener, calls } = setup();
    expectError(await listener(fromApp), 'INVALID_PAYLOAD');
    expectError(await listener(fromApp, {}, 'second'), 'INVALID_PAYLOAD');
    expect(calls()).toBe(0);
  });

  it('turns a throwing handler into INTERNAL without leaking the error text', async () => {
    const router = createIpcRouter({ logError: () => {} });
    router.handle('app:info', () => {
      throw new Error('secret path /home/clerk/.config');
    });
    const ipcMain = new CapturingIpcMain();
    registerIpc(ipcMain, router, isTrustedSenderUrl);
    const result = await ipcMain.handlers.get('app:info')!(fromApp, {});
    expectError(result, 'INTERNAL');
    expect(JSON.stringify(result)).not.toContain('/home/clerk');
  });

  it('answers INTERNAL rather than rejecting if the router itself throws', async () => {
    const ipcMain = new CapturingIpcMain();
    const router = createIpcRouter();
    router.handle('app:info', () => APP_INFO);
    router.dispatch = () => {
      throw new Error('bug');
    };
    const originalError = console.error;
    console.error = () => {};
    try {
      registerIpc(ipcMain, router, isTrustedSenderUrl);
      expectError(await ipcMain.handlers.get('app:info')!(fromApp, {}), 'INTERNAL');
    } finally {
      console.error = originalError;
    }
  });

  it('unregister removes every handler it added', () => {
    const { ipcMain, registration } = setup();
    registration.unregister();
    expect(ipcMain.removed).toEqual(['app:info']);
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe('createEventForwarder', () => {
  it('sends known events on the event channel and drops unknown ones', () => {
    const sent: unknown[][] = [];
    const forward = createEventForwarder((...args) => sent.push(args));
    const summary = {
      id: 1,
      lsh: 'L1',
      environment: 'sandbox' as const,
      invoiceType: '026' as const,
      buyerName: '买方',
      total: '113.00',
      status: 'issued' as const,
      invoiceCode: null,
      invoiceNumber: '24110000000000000001',
      issuedAt: '2024-05-01 10:00:00',
      error: null,
      createdAt: '2024-05-01T02:00:00.000Z',
    };
    forward('issuance:updated', summary);
    (forward as (name: string, payload: unknown) => void)('not:an-event', {});
    expect(sent).toEqual([[EVENT_CHANNEL, 'issuance:updated', summary]]);
  });
});
