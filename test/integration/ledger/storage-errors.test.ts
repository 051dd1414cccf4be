/**
 * Issue 10 point 4: errors a clerk can act on get their own IpcErrorCode at the one place errors become
 * IpcResults (the router), never INTERNAL. The errors are real ones from SQLite and the file system
 * (disk-full.test.ts covers SQLITE_FULL on a real full disk).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyError } from '../../../main/errors/storage.js';
import { createIpcRouter } from '../../../main/ipc/router.js';
import { SecretUnreadableError } from '../../../main/security/vault.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-errors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function caught(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function realErrors(): Record<string, unknown> {
  const file = path.join(dir, 'h.db');
  const a = new Database(file);
  a.pragma('journal_mode = WAL');
  a.exec('CREATE TABLE IF NOT EXISTS t (x)');
  const b = new Database(file);
  b.pragma('busy_timeout = 0');
  a.exec('BEGIN IMMEDIATE');
  const busy = caught(() => b.prepare('INSERT INTO t VALUES (1)').run());
  a.exec('ROLLBACK');
  const readonly = caught(() => new Database(file, { readonly: true }).prepare('INSERT INTO t VALUES (1)').run());
  const missing = caught(() => new Database(path.join(dir, 'no-such-folder', 'h.db')));
  const damagedFile = path.join(dir, 'damaged.db');
  fs.writeFileSync(damagedFile, Buffer.alloc(8192, 0x41));
  const damaged = caught(() => new Database(damagedFile).prepare('SELECT * FROM sqlite_master').all());
  const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
  a.close();
  b.close();
  return {
    DATABASE_LOCKED: busy,
    DATA_FOLDER_READ_ONLY: readonly,
    DATA_FOLDER_MISSING: missing,
    DATABASE_DAMAGED: damaged,
    DISK_FULL: enospc,
    SECRET_UNREADABLE: new SecretUnreadableError('remote.appSecret', new Error('Unsupported state or unable to authenticate data')),
  };
}

describe('actionable storage errors', () => {
  const errors = realErrors();

  it.each(Object.keys(errors))('%s is recognised from the real error', (code) => {
    expect(classifyError(errors[code])).toBe(code);
  });

  it('the router answers each with its own code and a message saying what to do, never INTERNAL', async () => {
    const logged: string[] = [];
    const router = createIpcRouter({ logError: (channel) => logged.push(channel) });
    let next: unknown;
    router.handle('settings:get', () => {
      throw next;
    });
    for (const [code, error] of Object.entries(errors)) {
      next = error;
      const result = await router.dispatch('settings:get', {});
      expect(result, code).toMatchObject({ ok: false, error: { code } });
      if (!result.ok) expect(result.error.message.length).toBeGreaterThan(10);
    }
    // Still logged for support, even though the clerk gets a clear message.
    expect(logged).toHaveLength(Object.keys(errors).length);
    next = new Error('a bug');
    expect(await router.dispatch('settings:get', {})).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});
