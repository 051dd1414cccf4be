import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { i18n } from '../../../renderer/src/app/i18n.js';
import { describe, expect, it } from 'vitest';
import {
  ALLOW_BASIC_TEXT_SWITCH,
  createSafeStorageCipher,
  rememberDataDir,
  resolveDataDir,
  SECRET_STORAGE_BASIC_TEXT,
  SECRET_STORAGE_UNAVAILABLE,
  type SafeStorageLike,
} from '../../../main/electron/ports.js';
import { IpcFailure } from '../../../shared/ipc/index.js';

type Backend = ReturnType<SafeStorageLike['getSelectedStorageBackend']>;

/** A fake safeStorage: a reversible transform with a marker, so sealed data is visibly not the plain text. */
function fakeSafeStorage(state: { available: boolean; backend: Backend }): SafeStorageLike & { calls: number } {
  const fake = {
    calls: 0,
    isEncryptionAvailable: () => state.available,
    getSelectedStorageBackend: () => state.backend,
    encryptString(plain: string): Buffer {
      fake.calls += 1;
      return Buffer.concat([Buffer.from('v10'), Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)]);
    },
    decryptString(sealed: Buffer): string {
      fake.calls += 1;
      if (sealed.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(sealed.subarray(3).map((byte) => byte ^ 0x5a)).toString('utf8');
    },
  };
  return fake;
}

function expectRefusal(action: () => unknown, message: string): void {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(IpcFailure);
  expect((caught as IpcFailure).message).toBe(message);
  expect((caught as IpcFailure).code).toBe('VALIDATION_FAILED');
}

describe('createSafeStorageCipher', () => {
  it.each<[NodeJS.Platform, Backend]>([
    ['linux', 'gnome_libsecret'],
    ['linux', 'kwallet6'],
    ['win32', 'unknown'],
    ['darwin', 'unknown'],
  ])('round-trips on %s with backend %s', (platform, backend) => {
    const storage = fakeSafeStorage({ available: true, backend });
    const cipher = createSafeStorageCipher(storage, { platform, allowBasicText: false });
    const secret = 'taxPwd-密码-🔐-' + 'x'.repeat(1000);
    const sealed = cipher.encrypt(secret);
    expect(sealed.includes(Buffer.from(secret))).toBe(false);
    expect(cipher.decrypt(sealed)).toBe(secret);
    expect(storage.calls).toBe(2);
  });

  it('names its backend without revealing anything secret', () => {
    expect(createSafeStorageCipher(fakeSafeStorage({ available: true, backend: 'kwallet5' }), { platform: 'linux', allowBasicText: false }).backend).toBe(
      'safeStorage:kwallet5',
    );
    expect(createSafeStorageCipher(fakeSafeStorage({ available: true, backend: 'unknown' }), { platform: 'win32', allowBasicText: false }).backend).toBe(
      'safeStorage:dpapi',
    );
    expect(createSafeStorageCipher(fakeSafeStorage({ available: true, backend: 'unknown' }), { platform: 'darwin', allowBasicText: false }).backend).toBe(
      'safeStorage:keychain',
    );
  });

  it.each<NodeJS.Platform>(['linux', 'win32', 'darwin'])('refuses on %s when encryption is not available', (platform) => {
    const storage = fakeSafeStorage({ available: false, backend: 'gnome_libsecret' });
    const cipher = createSafeStorageCipher(storage, { platform, allowBasicText: true });
    expectRefusal(() => cipher.encrypt('secret'), SECRET_STORAGE_UNAVAILABLE);
    expectRefusal(() => cipher.decrypt(Buffer.from('v10abc')), SECRET_STORAGE_UNAVAILABLE);
    expect(storage.calls).toBe(0);
  });

  it.each<Backend>(['basic_text', 'unknown'])('refuses the weak Linux backend %s unless the clerk opted in', (backend) => {
    const storage = fakeSafeStorage({ available: true, backend });
    const cipher = createSafeStorageCipher(storage, { platform: 'linux', allowBasicText: false });
    expectRefusal(() => cipher.encrypt('secret'), SECRET_STORAGE_BASIC_TEXT);
    expectRefusal(() => cipher.decrypt(Buffer.from('v10abc')), SECRET_STORAGE_BASIC_TEXT);
    expect(storage.calls).toBe(0);

    const optedIn = createSafeStorageCipher(storage, { platform: 'linux', allowBasicText: true });
    expect(optedIn.decrypt(optedIn.encrypt('secret'))).toBe('secret');
  });

  it('reads a function opt-in on every call', () => {
    let optIn = false;
    const cipher = createSafeStorageCipher(fakeSafeStorage({ available: true, backend: 'basic_text' }), {
      platform: 'linux',
      allowBasicText: () => optIn,
    });
    expectRefusal(() => cipher.encrypt('secret'), SECRET_STORAGE_BASIC_TEXT);
    optIn = true;
    const sealed = cipher.encrypt('secret');
    optIn = false;
    expectRefusal(() => cipher.decrypt(sealed), SECRET_STORAGE_BASIC_TEXT);
  });

  it('does not apply the Linux rule elsewhere', () => {
    // getSelectedStorageBackend is Linux-only; on Windows and macOS it reports nothing useful.
    const cipher = createSafeStorageCipher(fakeSafeStorage({ available: true, backend: 'basic_text' }), { platform: 'win32', allowBasicText: false });
    expect(cipher.decrypt(cipher.encrypt('x'))).toBe('x');
  });

  it('names the opt-in that exists (the command-line switch) and calls it obfuscation, not encryption', () => {
    const zh = i18n.getFixedT('zh-CN')(`errors.${SECRET_STORAGE_BASIC_TEXT}` as 'errors.INTERNAL');
    const en = i18n.getFixedT('en')(`errors.${SECRET_STORAGE_BASIC_TEXT}` as 'errors.INTERNAL');
    expect(zh).toContain(`--${ALLOW_BASIC_TEXT_SWITCH}`);
    expect(zh).toContain('混淆');
    expect(en).toContain(`--${ALLOW_BASIC_TEXT_SWITCH}`);
    expect(en).toContain('obfuscated');
    expect(en).toMatch(/not encrypted/);
    // There is no such setting: the message must not send the clerk to look for one.
    expect(`${zh} ${en}`).not.toMatch(/在设置中|in Settings/);
    // The adapter reads exactly that switch.
    const adapter = fs.readFileSync(path.join(import.meta.dirname, '../../../main/electron/index.ts'), 'utf8');
    expect(adapter).toContain('app.commandLine.hasSwitch(ALLOW_BASIC_TEXT_SWITCH)');
  });

  it('explains the refusal by a message key the renderer has in Chinese and in English', () => {
    for (const key of [SECRET_STORAGE_UNAVAILABLE, SECRET_STORAGE_BASIC_TEXT]) {
      const path = `errors.${key}` as 'errors.INTERNAL';
      expect(i18n.getFixedT('zh-CN')(path)).toMatch(/[\u4e00-\u9fff]/u);
      expect(i18n.getFixedT('en')(path)).not.toMatch(/[\u4e00-\u9fff]/u);
      expect(i18n.getFixedT('en')(path)).toMatch(/[A-Za-z]{4} [A-Za-z]{2}/u);
    }
  });
});

describe('data folder pointer (the folder opened from the recovery screen)', () => {
  it('uses userData until a folder is remembered, then that folder — still when it is gone, marked as chosen', () => {
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-userdata-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-other-'));
    try {
      expect(resolveDataDir(userData)).toEqual({ dataDir: userData, chosen: false });
      rememberDataDir(userData, other);
      expect(resolveDataDir(userData)).toEqual({ dataDir: other, chosen: true });
      // Unplugged: the guard, not this pointer, decides; falling back to userData would open another history.
      fs.rmSync(other, { recursive: true });
      expect(resolveDataDir(userData)).toEqual({ dataDir: other, chosen: true });
      fs.writeFileSync(path.join(userData, 'data-folder.json'), '{"dataDir":"relative/path"}');
      expect(resolveDataDir(userData)).toEqual({ dataDir: userData, chosen: false });
    } finally {
      fs.rmSync(userData, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
