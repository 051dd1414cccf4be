/**
 * Credentials end to end: a remote AppSecret set over IPC is sealed into the vault, used for real
 * signed calls against a sandbox that only knows that secret, and never found in plain bytes — not in
 * the database, its -wal and -shm files, IPC answers or anything logged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import { createVault, SECRET_NAMES } from '../../../main/security/vault.js';
import type { ConnectionTestResult, InvoiceSummary, SettingsView } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const SECRET = 'Remote-AppSecret-7f3c9a1e5b2d4680ZZ';
const APP_KEY = 'remote-test-key';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-vault-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function remoteSandbox(appSecret = SECRET): Promise<RunningSandbox> {
  const sandbox = await startSandbox({
    dataDir: tempDir(),
    credentials: [{ appKey: APP_KEY, appSecret, taxNumbers: [DEMO_ENTERPRISE.taxNumber] }],
    issueDelayMs: 100,
    onError: () => {},
  });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

const cipher = createTestCipher();
async function startCore(dataDir: string, extra: { sandboxIssueDelayMs?: number } = {}): Promise<Core> {
  const dialog = {
    chooseSavePath: () => Promise.resolve(null),
    chooseOpenPath: () => Promise.resolve(null),
    // The clerk says yes in main's confirmation dialog (service-address.test.ts covers "no").
    confirm: () => Promise.resolve(true),
  };
  const core = await createCore({ dataDir, appVersion: 'test', outboxBaseDelayMs: 50, ...extra }, { cipher, dialog });
  cleanups.push(() => core.close());
  return core;
}

async function call<T>(core: Core, channel: string, payload: unknown = {}): Promise<T> {
  const result = await core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** Captures everything written to the console (and stdout/stderr) until stopped. */
function captureOutput(): { text: () => string; stop: () => void } {
  const chunks: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const saved = methods.map((name) => [name, console[name]] as const);
  for (const name of methods) console[name] = (...args: unknown[]) => void chunks.push(format(...args));
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const tap = (write: typeof out) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof out;
  process.stdout.write = tap(out);
  process.stderr.write = tap(err);
  return {
    text: () => chunks.join('\n'),
    stop() {
      for (const [name, fn] of saved) console[name] = fn;
      process.stdout.write = out;
      process.stderr.write = err;
    },
  };
}

/** Every file under dir (the database, -wal, -shm, the embedded sandbox's files) that contains needle. */
function filesContaining(dir: string, needle: string): string[] {
  const forms = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file);
    if (forms.some((form) => bytes.includes(form))) hits.push(file);
  }
  return hits;
}

describe('credential vault and remote settings', () => {
  it('seals the AppSecret, signs real calls with it, and never stores or logs it in plain', async () => {
    const remote = await remoteSandbox();
    const dataDir = tempDir();
    const output = captureOutput();
    const answers: unknown[] = [];
    try {
      const core = await startCore(dataDir);
      const before = await call<SettingsView>(core, 'settings:get');
      expect(before).toMatchObject({ environment: 'sandbox', activeEnvironment: 'sandbox', remote: null, restartRequired: false });

      const saved = await call<SettingsView>(core, 'settings:setRemote', {
        baseUrl: remote.baseUrl,
        appKey: APP_KEY,
        appSecret: SECRET,
        seller: { taxNumber: DEMO_ENTERPRISE.taxNumber, name: DEMO_ENTERPRISE.name },
      });
      answers.push(saved);
      expect(saved).toMatchObject({ environment: 'remote', activeEnvironment: 'sandbox', restartRequired: true });
      expect(saved.remote).toMatchObject({ baseUrl: remote.baseUrl, appKey: APP_KEY, hasAppSecret: true });

      const test = await call<ConnectionTestResult>(core, 'settings:testConnection');
      answers.push(test, await call(core, 'settings:get'));
      expect(test).toMatchObject({ ok: true, authenticated: true, environment: 'remote', httpStatus: 200, code: '0' });

      // While the core runs, the secret's bytes are in none of its files (WAL and -shm included).
      expect(fs.existsSync(path.join(dataDir, `${HISTORY_DB_FILE}-wal`))).toBe(true);
      expect(filesContaining(dataDir, SECRET)).toEqual([]);
      await core.close();

      // The next start uses the remote service: an invoice is issued there, signed with the vault's secret.
      const next = await startCore(dataDir);
      const info = await call<{ environment: string; serviceBaseUrl: string }>(next, 'app:info');
      expect(info).toMatchObject({ environment: 'remote', serviceBaseUrl: remote.baseUrl });
      const queued = await call<InvoiceSummary>(next, 'issuance:submit', {
        invoiceType: '026',
        buyerName: '杭州星河科技有限公司',
        issuer: '李四',
        lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '2', unitPrice: '25.00', rate: '0.13' }],
      });
      expect(queued.environment).toBe('remote');
      const issued = await new Promise<InvoiceSummary>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('not issued in time')), 15_000);
        next.onEvent((event, payload) => {
          if (event === 'issuance:updated' && payload.lsh === queued.lsh && payload.status !== 'queued' && payload.status !== 'issuing') {
            clearTimeout(timer);
            resolve(payload);
          }
        });
      });
      answers.push(issued);
      expect(issued).toMatchObject({ status: 'issued', environment: 'remote' });
      await next.close();
    } finally {
      output.stop();
    }

    expect(filesContaining(dataDir, SECRET)).toEqual([]);
    expect(output.text()).not.toContain(SECRET);
    expect(JSON.stringify(answers)).not.toContain(SECRET);

    // The audit log kept the calls (endpoint, serial, status) and nothing else.
    const db = openDatabase(path.join(dataDir, HISTORY_DB_FILE));
    try {
      const rows = db.prepare(`SELECT environment, endpoint, serial, outcome, http_status FROM request_log ORDER BY id`).all() as Array<Record<string, unknown>>;
      expect(rows[0]).toMatchObject({ environment: 'remote', endpoint: 'GET /openApi/agency', outcome: 'answered', http_status: 200 });
      expect(rows.filter((row) => row.endpoint === 'POST /openApi/v4/fp/fpkj').length).toBeGreaterThanOrEqual(1);
      expect(rows.some((row) => row.endpoint === 'POST /openApi/v4/fp/fpkj' && typeof row.serial === 'string' && row.serial.length > 0)).toBe(true);
      // The vault opens the sealed value with the same cipher, and only with it.
      expect(createVault(db, cipher).reveal(SECRET_NAMES.remoteAppSecret)).toBe(SECRET);
      expect(() => createVault(db, createTestCipher()).reveal(SECRET_NAMES.remoteAppSecret)).toThrow(/cannot be decrypted/);
    } finally {
      closeDatabase(db);
    }
  });

  it('reports a refused signature with the service code, and keeps the stored secret when none is sent', async () => {
    const remote = await remoteSandbox('the-real-secret-the-app-does-not-know');
    const core = await startCore(tempDir());
    await call(core, 'settings:setRemote', { baseUrl: remote.baseUrl, appKey: APP_KEY, appSecret: 'a-wrong-secret-1234567' });
    const refused = await call<ConnectionTestResult>(core, 'settings:testConnection');
    expect(refused).toMatchObject({ ok: false, authenticated: false, code: '2002' });
    expect(refused).toMatchObject({ key: 'signatureRefused' });

    const kept = await call<SettingsView>(core, 'settings:setRemote', { baseUrl: remote.baseUrl, appKey: APP_KEY, seller: DEMO_ENTERPRISE });
    expect(kept.remote).toMatchObject({ appKey: APP_KEY, hasAppSecret: true, seller: DEMO_ENTERPRISE });

    const unreachable = await call<ConnectionTestResult>(core, 'settings:setRemote', { baseUrl: 'http://127.0.0.1:9', appKey: APP_KEY, appSecret: 'a-wrong-secret-1234567' }).then(() =>
      call<ConnectionTestResult>(core, 'settings:testConnection'),
    );
    expect(unreachable).toMatchObject({ ok: false, authenticated: false, httpStatus: null });
    expect(unreachable).toMatchObject({ key: 'unreachable' });

    const back = await call<SettingsView>(core, 'settings:useSandbox');
    expect(back).toMatchObject({ environment: 'sandbox', restartRequired: false });
    const sandboxTest = await call<ConnectionTestResult>(core, 'settings:testConnection');
    expect(sandboxTest).toMatchObject({ environment: 'sandbox', authenticated: true });
  });

  it('refuses bad settings at the contract and a switch while operations are pending', async () => {
    const core = await startCore(tempDir(), { sandboxIssueDelayMs: 60_000 });
    const badUrl = await core.router.dispatch('settings:setRemote', { baseUrl: 'ftp://example.com', appKey: 'k', appSecret: 'secret-123' });
    expect(badUrl).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    const noSecret = await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com', appKey: 'k' });
    expect(noSecret).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'settings.appSecretRequired' } });
    const extra = await core.router.dispatch('settings:get', { appSecret: 'x' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });

    await call(core, 'issuance:submit', {
      invoiceType: '026',
      buyerName: '买方',
      issuer: '李四',
      lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '1', unitPrice: '10.00', rate: '0.13' }],
    });
    const refused = await core.router.dispatch('settings:setRemote', { baseUrl: 'https://fp.example.com', appKey: 'k', appSecret: 'secret-123' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    if (!refused.ok) expect(refused.error).toMatchObject({ key: 'settings.pendingOperations', params: { pending: expect.any(Number) } });
    expect(await call<SettingsView>(core, 'settings:get')).toMatchObject({ environment: 'sandbox', remote: null });
  });
});
