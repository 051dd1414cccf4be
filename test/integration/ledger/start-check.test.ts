/**
 * Issue 15.4 next to issue 10.2: start-up does not read the whole history to check it when the file is
 * exactly as the app left it at its last clean close (quick_check would take seconds over a million
 * invoices); any change since — a write, damage, a crash's -wal file — brings the full check back.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE } from '../../../main/core.js';
import { inspectLedger, readMarker } from '../../../main/ledger/health.js';
import type { LedgerStatus } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function useOnce(dataDir: string): Promise<void> {
  const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
  const saved = await core.router.dispatch('issuance:saveDraft', { invoiceType: '026', buyerName: '买方', total: '1.00', content: { note: 'x'.repeat(2000) } });
  expect(saved.ok).toBe(true);
  await core.close();
}

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-start-check-'));
  dirs.push(dir);
  return dir;
}

describe('the start-up check of the history database', () => {
  it('is skipped after a clean close, and the marker forgets the stamp while the database is open', async () => {
    const dir = dataDir();
    await useOnce(dir);
    expect(readMarker(dir).closedClean).toMatchObject({ size: fs.statSync(path.join(dir, HISTORY_DB_FILE)).size });
    expect(inspectLedger(dir)).toMatchObject({ state: 'ok', checked: false });

    const core = await createCore({ dataDir: dir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
    expect(readMarker(dir).closedClean).toBeNull();
    expect(inspectLedger(dir)).toMatchObject({ state: 'ok', checked: true });
    await core.close();
    expect(inspectLedger(dir)).toMatchObject({ state: 'ok', checked: false });
  });

  it('runs again when the file changed since the clean close, and finds damage', async () => {
    const dir = dataDir();
    await useOnce(dir);
    const file = path.join(dir, HISTORY_DB_FILE);
    const size = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, randomBytes(4096), 0, 4096, Math.floor(size / 2 / 4096) * 4096);
    fs.closeSync(fd);
    expect(inspectLedger(dir)).toMatchObject({ state: 'recovery', problem: 'damaged' });

    const core = await createCore({ dataDir: dir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
    const status = await core.router.dispatch('ledger:status', {});
    expect(status).toMatchObject({ ok: true, value: { mode: 'recovery', problem: 'damaged' } satisfies Partial<LedgerStatus> });
    await core.close();
  });

  it('runs again when a -wal file is left (a crash, or another writer)', async () => {
    const dir = dataDir();
    await useOnce(dir);
    const db = new Database(path.join(dir, HISTORY_DB_FILE));
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE IF NOT EXISTS start_check_probe (x)`);
    try {
      expect(fs.statSync(path.join(dir, `${HISTORY_DB_FILE}-wal`)).size).toBeGreaterThan(0);
      expect(inspectLedger(dir)).toMatchObject({ state: 'ok', checked: true });
    } finally {
      db.close();
    }
  });
});
