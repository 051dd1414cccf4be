/**
 * Issue 10 point 1: a history database that was created here and is now missing, zero bytes long or
 * blank is refused — the app starts in recovery (no sandbox, no outbox, nothing written, nothing
 * issued) instead of silently starting a new, empty history — and starting fresh needs the typed
 * confirmation word. The old file is kept aside, never deleted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import { LEDGER_MARKER_FILE } from '../../../main/ledger/health.js';
import type { DraftSummary, LedgerStatus } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-ledger-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 100, outboxBaseDelayMs: 50 }, { cipher: createTestCipher() });
  cleanups.push(() => core.close());
  return core;
}

async function call<T>(core: Core, channel: string, payload: unknown = {}): Promise<T> {
  const result = await core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const draft = {
  invoiceType: '026',
  buyerName: '杭州云栖商贸有限公司',
  issuer: '李四',
  lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '10', unitPrice: '25.00', rate: '0.13' }],
};

async function historyWithOneDraft(): Promise<string> {
  const dataDir = tempDir();
  const core = await start(dataDir);
  await call<DraftSummary>(core, 'issuance:saveDraft', { invoiceType: '026', buyerName: '买方', total: '10.00', content: { a: 1 } });
  await core.close();
  expect(fs.existsSync(path.join(dataDir, LEDGER_MARKER_FILE))).toBe(true);
  return dataDir;
}

describe('a history database that was replaced', () => {
  it('refuses a zero-length history.db: recovery, nothing issues, start fresh only with the typed word', async () => {
    const dataDir = await historyWithOneDraft();
    const file = path.join(dataDir, HISTORY_DB_FILE);
    fs.truncateSync(file, 0);

    const sandboxDb = path.join(dataDir, 'sandbox', 'sandbox.db');
    const sandboxBefore = fs.statSync(sandboxDb).mtimeMs;
    const core = await start(dataDir);
    const status = await call<LedgerStatus>(core, 'ledger:status');
    expect(status).toMatchObject({ mode: 'recovery', problem: 'empty' });

    const submit = await core.router.dispatch('issuance:submit', draft);
    expect(submit).toMatchObject({ ok: false, error: { code: 'DATABASE_RECOVERY' } });
    const list = await core.router.dispatch('history:list', {});
    expect(list).toMatchObject({ ok: false, error: { code: 'DATABASE_RECOVERY' } });
    // Nothing was written: the emptied file is still empty, the embedded service was not even started.
    expect(fs.statSync(file).size).toBe(0);
    expect(fs.statSync(sandboxDb).mtimeMs).toBe(sandboxBefore);

    for (const word of ['', 'yes', '确定', 'start']) {
      const refused = await core.router.dispatch('ledger:startFresh', { confirmation: word });
      expect(refused, word).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: { field: 'confirmation' } } });
    }
    expect(await call<LedgerStatus>(core, 'ledger:status')).toMatchObject({ mode: 'recovery' });

    const fresh = await call<LedgerStatus>(core, 'ledger:startFresh', { confirmation: '重新开始' });
    expect(fresh).toMatchObject({ mode: 'normal', problem: null });
    // The emptied file was kept aside under a timestamped name.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(`${HISTORY_DB_FILE}.empty-`))).toHaveLength(1);
    const issued = await core.router.dispatch('issuance:submit', draft);
    expect(issued.ok).toBe(true);
  });

  it('refuses a missing history.db and a blank SQLite file where one existed', async () => {
    const missingDir = await historyWithOneDraft();
    fs.rmSync(path.join(missingDir, HISTORY_DB_FILE));
    const missing = await start(missingDir);
    expect(await call<LedgerStatus>(missing, 'ledger:status')).toMatchObject({ mode: 'recovery', problem: 'missing' });
    expect(fs.existsSync(path.join(missingDir, HISTORY_DB_FILE))).toBe(false);

    const blankDir = await historyWithOneDraft();
    fs.rmSync(path.join(blankDir, HISTORY_DB_FILE));
    new Database(path.join(blankDir, HISTORY_DB_FILE)).exec('VACUUM').close();
    const blank = await start(blankDir);
    expect(await call<LedgerStatus>(blank, 'ledger:status')).toMatchObject({ mode: 'recovery', problem: 'empty' });
  });

  it('opens another data folder chosen in main\'s folder dialog, and refuses a folder without a history', async () => {
    const broken = await historyWithOneDraft();
    fs.truncateSync(path.join(broken, HISTORY_DB_FILE), 0);
    const elsewhere = await historyWithOneDraft();
    const empty = tempDir();
    let answer: string | null = empty;
    const remembered: string[] = [];
    const core = await createCore(
      { dataDir: broken, appVersion: 'test', dailyBackups: false },
      {
        cipher: createTestCipher(),
        dialog: { chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(null), chooseFolder: () => Promise.resolve(answer) },
        dataFolder: { remember: (dir) => remembered.push(dir) },
      },
    );
    cleanups.push(() => core.close());
    expect(await core.router.dispatch('ledger:openFolder', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    answer = elsewhere;
    const opened = await call<LedgerStatus>(core, 'ledger:openFolder');
    expect(opened).toMatchObject({ mode: 'normal', dataDir: elsewhere });
    expect(remembered).toEqual([elsewhere]);
    expect(await call<{ rows: DraftSummary[] }>(core, 'issuance:listDrafts')).toMatchObject({ rows: [{ buyerName: '买方' }] });
    // The emptied folder was left exactly as it was.
    expect(fs.statSync(path.join(broken, HISTORY_DB_FILE)).size).toBe(0);
  });

  it('starts normally on a new install and on a history from before the marker existed, and marks both', async () => {
    const fresh = tempDir();
    const core = await start(fresh);
    expect(await call<LedgerStatus>(core, 'ledger:status')).toMatchObject({ mode: 'normal' });
    expect(JSON.parse(fs.readFileSync(path.join(fresh, LEDGER_MARKER_FILE), 'utf8'))).toMatchObject({ databaseCreatedAt: expect.any(String) });

    const older = await historyWithOneDraft();
    fs.rmSync(path.join(older, LEDGER_MARKER_FILE));
    const again = await start(older);
    expect(await call<LedgerStatus>(again, 'ledger:status')).toMatchObject({ mode: 'normal' });
    expect(await call<{ rows: DraftSummary[] }>(again, 'issuance:listDrafts')).toMatchObject({ rows: [{ buyerName: '买方' }] });
    expect(fs.existsSync(path.join(older, LEDGER_MARKER_FILE))).toBe(true);
  });

  // Issue 23 point 5: the marker was lost with the file (a folder copied without ledger.json, a careless
  // tool); a backup beside it still says a history was here, so it is damage, never a new install.
  it('holds a zero-byte or blank history.db with a backup beside it and no marker in recovery, and restores it', async () => {
    const dataDir = await historyWithOneDraft();
    const kept = await start(dataDir);
    await call(kept, 'ledger:backupNow');
    await kept.close();
    expect(fs.readdirSync(path.join(dataDir, 'backups')).filter((name) => name.endsWith('-manual.db'))).toHaveLength(1);
    fs.rmSync(path.join(dataDir, LEDGER_MARKER_FILE));
    fs.truncateSync(path.join(dataDir, HISTORY_DB_FILE), 0);

    const core = await start(dataDir);
    const status = await call<LedgerStatus>(core, 'ledger:status');
    expect(status).toMatchObject({ mode: 'recovery', problem: 'empty' });
    expect(status.newestGoodBackup).toMatchObject({ kind: 'manual' });
    expect(fs.statSync(path.join(dataDir, HISTORY_DB_FILE)).size).toBe(0);
    expect(await call<LedgerStatus>(core, 'ledger:restore', { name: status.newestGoodBackup!.name })).toMatchObject({ mode: 'normal' });
    expect(await call<{ rows: DraftSummary[] }>(core, 'issuance:listDrafts')).toMatchObject({ rows: [{ buyerName: '买方' }] });
    await core.close();

    fs.rmSync(path.join(dataDir, LEDGER_MARKER_FILE));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dataDir, HISTORY_DB_FILE + suffix), { force: true });
    new Database(path.join(dataDir, HISTORY_DB_FILE)).exec('VACUUM').close();
    const blank = await start(dataDir);
    expect(await call<LedgerStatus>(blank, 'ledger:status')).toMatchObject({ mode: 'recovery', problem: 'empty' });
  });

  it('starts a new install on a zero-byte history.db with neither a marker nor a backup', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, HISTORY_DB_FILE), '');
    // An empty backup folder, or one holding other files, is not a backup.
    fs.mkdirSync(path.join(dataDir, 'backups'));
    fs.writeFileSync(path.join(dataDir, 'backups', 'notes.txt'), 'not a backup');
    const core = await start(dataDir);
    expect(await call<LedgerStatus>(core, 'ledger:status')).toMatchObject({ mode: 'normal' });
    expect(await call<{ rows: DraftSummary[] }>(core, 'issuance:listDrafts')).toMatchObject({ rows: [] });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LEDGER_MARKER_FILE), 'utf8'))).toMatchObject({ databaseCreatedAt: expect.any(String) });
  });
});
