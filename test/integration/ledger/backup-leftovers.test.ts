/**
 * Half-written backups (issue 34 point 6, docs/recovery.md) with real files and a real process: a backup
 * being taken by the desk's own code in a child process that is killed mid-copy leaves its `.part` copy (and,
 * killed while the copy is checked, SQLite's `.part-wal` / `.part-shm`) in the backup folder; the next start
 * of the desk on that data folder removes them and nothing else — the good backups stay listed and usable.
 * A backup taken to its end leaves nothing beside it, and a copy that fails its check is removed at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { listBackups, takeBackup } from '../../../main/ledger/backups.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { tempDir } from '../../support/sample-issuance.js';
import { childArgs } from '../../support/child-bundles.js';

const REPO = path.resolve(import.meta.dirname, '../../..');
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

/** A database large enough that copying and checking it takes a while (about 60 MB of incompressible rows). */
function bigDatabase(file: string): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (data) VALUES (randomblob(4000))');
  db.transaction(() => {
    for (let n = 0; n < 15_000; n += 1) insert.run();
  })();
  db.close();
}

const partsIn = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.includes('.part')) : []);

describe('half-written backups', () => {
  it('are left by a desk killed mid-copy and removed at its next start; the good backups stay', async () => {
    const dataDir = tempDir('fapiao-backup-part-');
    const backups = path.join(dataDir, 'backups');
    // A desk on this folder first, closed cleanly, and one good backup of it.
    cores.push(await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() }));
    await cores.pop()!.close();
    const good = await takeBackup(path.join(dataDir, 'history.db'), backups, 'manual', new Date());
    // A backup taken to its end leaves nothing beside it (it used to leave its check's .part-wal and .part-shm).
    expect(fs.readdirSync(backups)).toEqual([good.name]);

    const source = path.join(tempDir('fapiao-backup-source-'), 'big.db');
    bigDatabase(source);
    const child = spawn(process.execPath, childArgs('backup-child', [source, backups]), { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Killed while its copy is being written.
    await expect.poll(() => partsIn(backups).length, { interval: 5 }).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    expect(output).toBe('');
    const left = partsIn(backups);
    expect(left.some((name) => name.endsWith('.part'))).toBe(true);
    expect(listBackups(backups).map((entry) => entry.name)).toEqual([good.name]);
    // And what a desk ended while an older version checked its copy left beside one: SQLite's WAL and shared memory.
    const older = 'history-20260102T030405Z-daily.db.part';
    for (const suffix of ['-wal', '-shm']) fs.writeFileSync(path.join(backups, `${older}${suffix}`), Buffer.alloc(32768));

    // The next start removes what the killed copy left, and only that.
    cores.push(await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() }));
    expect(partsIn(backups)).toEqual([]);
    expect(fs.readdirSync(backups)).toEqual([good.name]);
    expect(listBackups(backups).map((entry) => entry.name)).toEqual([good.name]);
  });

  it('a copy that fails its check is removed with its journal at once', async () => {
    const folder = tempDir('fapiao-backup-fail-');
    const notADatabase = path.join(folder, 'broken.db');
    fs.writeFileSync(notADatabase, Buffer.alloc(8192, 7));
    await expect(takeBackup(notADatabase, path.join(folder, 'backups'), 'manual', new Date())).rejects.toThrow();
    expect(partsIn(path.join(folder, 'backups'))).toEqual([]);
  });
});
