/**
 * The full integrity check (settings → 检查数据库完整性) and the check of every backup copy read the whole
 * file: over a large history that is seconds to minutes. They run on a worker thread
 * (main/ledger/check-off-thread.ts), so main's event loop keeps turning meanwhile — shown by a timer
 * that fires before the check answers, which cannot happen while a check holds the main thread (the
 * answer's microtasks would run before any timer).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { BackupView, IntegrityResult } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(): Promise<Core> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-check-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
  cleanups.push(() => core.close());
  return core;
}

/** Which settles first: the call, or a timer queued right after it (only possible if main was free). */
async function firstOf<T>(call: Promise<T>): Promise<'call' | 'timer'> {
  return Promise.race([call.then(() => 'call' as const), new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), 0))]);
}

describe('database checks off the main thread', () => {
  it('the full integrity check and a backup answer after main has turned its event loop', async () => {
    const core = await start();
    const integrity = core.router.dispatch('ledger:checkIntegrity', {});
    expect(await firstOf(integrity)).toBe('timer');
    expect(await integrity).toMatchObject({ ok: true, value: { ok: true } satisfies Partial<IntegrityResult> });

    const backup = core.router.dispatch('ledger:backupNow', {});
    expect(await firstOf(backup)).toBe('timer');
    const taken = await backup;
    expect(taken).toMatchObject({ ok: true, value: { kind: 'manual' } satisfies Partial<BackupView> });
  });
});
