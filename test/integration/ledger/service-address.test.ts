/**
 * Issue 10 point 5: the live service's address is guarded. https only (plain http only for loopback);
 * a new address or AppKey needs the AppSecret typed again — a hostile page cannot point the stored
 * secret at its own host — and the change is confirmed in main's own dialog (DialogPort.confirm), which
 * the test answers like a clerk would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { ConfirmQuestion, DialogPort } from '../../../main/ports.js';
import type { SettingsView } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface ClerkDialog extends DialogPort {
  answer: boolean;
  asked: ConfirmQuestion[];
}

function clerkDialog(): ClerkDialog {
  const dialog: ClerkDialog = {
    answer: true,
    asked: [],
    chooseSavePath: () => Promise.resolve(null),
    chooseOpenPath: () => Promise.resolve(null),
    confirm(question) {
      dialog.asked.push(question);
      return Promise.resolve(dialog.answer);
    },
  };
  return dialog;
}

async function start(dialog?: DialogPort): Promise<Core> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-address-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const core = await createCore({ dataDir, appVersion: 'test' }, { cipher: createTestCipher(), ...(dialog ? { dialog } : {}) });
  cleanups.push(() => core.close());
  return core;
}

const SECRET = 'the-clerks-own-app-secret-123';

describe('service address guard', () => {
  it('refuses a new address or AppKey without the AppSecret typed again, and asks nothing', async () => {
    const dialog = clerkDialog();
    const core = await start(dialog);
    const first = await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com/api', appKey: 'key-1', appSecret: SECRET });
    expect(first.ok).toBe(true);
    expect(dialog.asked).toHaveLength(1);
    expect(dialog.asked[0]!.detail).toContain('https://fp.example.com/api');

    const elsewhere = await core.router.dispatch('settings:setRemote', { baseUrl: 'https://attacker.example.net', appKey: 'key-1' });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: { field: 'appSecret', reason: 'secret-required' } } });
    const otherKey = await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com/api', appKey: 'key-2' });
    expect(otherKey).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: { reason: 'secret-required' } } });
    expect(dialog.asked).toHaveLength(1);

    const saved = await core.router.dispatch('settings:get', {});
    expect(saved).toMatchObject({ ok: true, value: { remote: { baseUrl: 'https://fp.example.com/api', appKey: 'key-1', hasAppSecret: true } } });

    // The same address and key may be saved again without the secret (the seller changed, say).
    const same = await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com/api', appKey: 'key-1', seller: { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' } });
    expect(same.ok).toBe(true);
    expect(dialog.asked).toHaveLength(1);
  });

  it('asks in the UI language of the clerk: Chinese by default, English after app:setLanguage', async () => {
    const dialog = clerkDialog();
    const core = await start(dialog);
    await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com/api', appKey: 'key-1', appSecret: SECRET });
    expect(dialog.asked[0]).toEqual({
      title: '更改开票服务',
      message: '发票工作台将把开票请求（以 AppSecret 签名）发往新的服务地址。确定更改吗？',
      detail: '原地址：（测试环境，内置沙箱）\n新地址：https://fp.example.com/api\nAppKey：key-1',
      confirmLabel: '确认更改',
    });
    expect(await core.router.dispatch('app:setLanguage', { language: 'en' })).toMatchObject({ ok: true });
    await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp2.example.com/api', appKey: 'key-1', appSecret: SECRET });
    expect(dialog.asked[1]).toEqual({
      title: 'Change the invoice service',
      message: 'Fapiao Desk will send invoice requests (signed with the AppSecret) to the new service address. Change it?',
      detail: 'Old address: https://fp.example.com/api\nNew address: https://fp2.example.com/api\nAppKey: key-1',
      confirmLabel: 'Change',
    });
  });

  it('accepts only https, or http to loopback', async () => {
    const core = await start(clerkDialog());
    for (const baseUrl of ['http://fp.example.com', 'http://10.0.0.8:8080', 'http://127.0.0.1.example.com', 'ftp://fp.example.com']) {
      const refused = await core.router.dispatch('settings:setRemote', { baseUrl, appKey: 'k', appSecret: SECRET });
      expect(refused, baseUrl).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    }
    for (const baseUrl of ['https://fp.example.com', 'http://127.0.0.1:8080', 'http://127.3.4.5', 'http://localhost:9000', 'http://[::1]:9000']) {
      const accepted = await core.router.dispatch('settings:setRemote', { baseUrl, appKey: 'k', appSecret: SECRET });
      expect(accepted.ok, baseUrl).toBe(true);
    }
  });

  it('changes nothing when the clerk says no in the main-process dialog, or when there is no dialog', async () => {
    const dialog = clerkDialog();
    dialog.answer = false;
    const core = await start(dialog);
    const declined = await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com', appKey: 'k', appSecret: SECRET });
    expect(declined).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_DECLINED' } });
    expect(dialog.asked).toHaveLength(1);
    const view = await core.router.dispatch('settings:get', {});
    expect(view.ok && (view.value as SettingsView).remote).toBeNull();

    const headless = await start();
    const refused = await headless.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com', appKey: 'k', appSecret: SECRET });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('a stored secret that can no longer be decrypted', () => {
  it('answers SECRET_UNREADABLE and settings asks for the AppSecret again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-unreadable-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher(), dialog: clerkDialog() });
    expect((await first.router.dispatch('settings:setRemote', { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: SECRET })).ok).toBe(true);
    await first.close();

    // The keychain changed: a new key, the sealed bytes stay.
    const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher(), dialog: clerkDialog() });
    cleanups.push(() => core.close());
    const view = await core.router.dispatch('settings:get', {});
    expect(view).toMatchObject({ ok: true, value: { remote: { hasAppSecret: true, appSecretUnreadable: true } } });
    expect(await core.router.dispatch('settings:testConnection', {})).toMatchObject({ ok: false, error: { code: 'SECRET_UNREADABLE' } });

    const typedAgain = await core.router.dispatch('settings:setRemote', { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: SECRET });
    expect(typedAgain).toMatchObject({ ok: true, value: { remote: { appSecretUnreadable: false } } });
  });
});
