/**
 * Issue 10 point 4 at start-up: a data folder that is read-only (a real read-only remount of a tmpfs; we
 * run as root here and in CI, where permissions alone would not stop us) or gone (the clerk's chosen
 * folder on a drive that was unplugged) holds the app in recovery with its own problem — never a failed
 * start, never INTERNAL, never a new empty history created where the drive used to be. Restore and start
 * fresh are refused there (they would fail half-way or hide the real history); once the clerk fixes the
 * folder, ledger:retry opens it and everything saved before is there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import type { DraftSummary, LedgerStatus } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-folder-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function mountTmpfs(): string {
  const dir = tempDir();
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir]);
  cleanups.push(() => void execFileSync('umount', ['-l', dir]));
  return dir;
}

async function start(dataDir: string, dataDirChosen = false): Promise<Core> {
  const core = await createCore({ dataDir, dataDirChosen, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
  cleanups.push(() => core.close());
  return core;
}

async function call<T>(core: Core, channel: string, payload: unknown = {}): Promise<T> {
  const result = await core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const draftPayload = { invoiceType: '026', buyerName: '杭州云栖商贸有限公司', total: '113.00', content: { note: 'kept' } };

/** A data folder with one saved draft, its core closed again. */
async function folderWithOneDraft(dataDir: string, chosen = false): Promise<DraftSummary['id']> {
  const core = await start(dataDir, chosen);
  const draft = await call<DraftSummary>(core, 'issuance:saveDraft', draftPayload);
  await core.close();
  return draft.id;
}

async function expectHeld(core: Core, problem: LedgerStatus['problem']): Promise<void> {
  expect(await call<LedgerStatus>(core, 'ledger:status')).toMatchObject({ mode: 'recovery', problem });
  expect(await core.router.dispatch('issuance:saveDraft', draftPayload)).toMatchObject({ ok: false, error: { code: 'DATABASE_RECOVERY' } });
  // Starting over or restoring here would fail half-way (read-only) or hide the real history (gone).
  expect(await core.router.dispatch('ledger:startFresh', { confirmation: '重新开始' })).toMatchObject({
    ok: false,
    error: { code: 'VALIDATION_FAILED', key: 'ledger.recovery.retryFirst', params: { problem } },
  });
  expect(await core.router.dispatch('ledger:restore', { name: 'history-20260101T000000Z-daily.db' })).toMatchObject({
    ok: false,
    error: { code: 'VALIDATION_FAILED', key: 'ledger.recovery.retryFirst' },
  });
}

describe('a data folder that cannot be used at start-up', () => {
  it('read-only: held in recovery with its own problem, retried after the folder takes writes again, nothing lost', async () => {
    const dataDir = mountTmpfs();
    const draftId = await folderWithOneDraft(dataDir);
    execFileSync('mount', ['-o', 'remount,ro', dataDir]);
    cleanups.push(() => void execFileSync('mount', ['-o', 'remount,rw', dataDir]));
    const before = fs.statSync(path.join(dataDir, HISTORY_DB_FILE)).size;

    const core = await start(dataDir);
    await expectHeld(core, 'read-only');
    // Still read-only: retrying says so again instead of half-opening.
    expect(await call<LedgerStatus>(core, 'ledger:retry')).toMatchObject({ mode: 'recovery', problem: 'read-only' });

    execFileSync('mount', ['-o', 'remount,rw', dataDir]);
    expect(await call<LedgerStatus>(core, 'ledger:retry')).toMatchObject({ mode: 'normal', problem: null });
    const drafts = (await call<{ rows: DraftSummary[] }>(core, 'issuance:listDrafts')).rows;
    expect(drafts.map((draft) => draft.id)).toContain(draftId);
    expect(fs.statSync(path.join(dataDir, HISTORY_DB_FILE)).size).toBeGreaterThanOrEqual(before);
  });

  it('a chosen folder that is gone: held as folder-missing, not created afresh; back again, retry opens the same history', async () => {
    const root = tempDir();
    const drive = path.join(root, 'drive');
    const dataDir = path.join(drive, 'fapiao');
    fs.mkdirSync(dataDir, { recursive: true });
    const draftId = await folderWithOneDraft(dataDir, true);
    const unplugged = path.join(root, 'drive-unplugged');
    fs.renameSync(drive, unplugged);

    const core = await start(dataDir, true);
    await expectHeld(core, 'folder-missing');
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(await call<LedgerStatus>(core, 'ledger:retry')).toMatchObject({ mode: 'recovery', problem: 'folder-missing' });
    expect(fs.existsSync(dataDir)).toBe(false);

    fs.renameSync(unplugged, drive);
    expect(await call<LedgerStatus>(core, 'ledger:retry')).toMatchObject({ mode: 'normal', dataDir });
    expect((await call<{ rows: DraftSummary[] }>(core, 'issuance:listDrafts')).rows.map((draft) => draft.id)).toContain(draftId);
  });

  it('the default folder (not chosen) that does not exist yet is a new install: created and used', async () => {
    const dataDir = path.join(tempDir(), 'first-run');
    const core = await start(dataDir);
    expect(await call<LedgerStatus>(core, 'ledger:status')).toMatchObject({ mode: 'normal' });
    await call<DraftSummary>(core, 'issuance:saveDraft', draftPayload);
    expect(fs.existsSync(path.join(dataDir, HISTORY_DB_FILE))).toBe(true);
  });
});
