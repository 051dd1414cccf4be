/**
 * A backup taken while the app keeps writing (main/ledger/backups.ts): the copy is one snapshot and it
 * ends while the writes go on. SQLite restarts a backup from its first page whenever another connection
 * writes between two of its steps, so without the snapshot held a copy taken during a collection (a page
 * stored every few milliseconds) restarted with every page and never ended before the writing did. Here a
 * second connection writes a row on every turn of the event loop, as the app's would, until the backup
 * settles (or a cap is reached): the backup must settle first, and the copy holds the rows of one moment.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../../main/ledger/backups.js';
import { tempDir } from '../../support/sample-issuance.js';

const dir = tempDir('fapiao-backup-busy-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the writer may make before the test gives up waiting for the backup. */
const CAP = 20_000;

describe('a backup while the history is written', () => {
  it('copies one snapshot and ends while another connection keeps writing', async () => {
    const file = path.join(dir, 'history.db');
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    // About 2,500 pages: the copy takes 25 steps of 100 pages, each a chance for a write in between.
    writer.exec(`CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
      WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000) INSERT INTO note (body) SELECT hex(randomblob(200)) FROM n;`);
    const insert = writer.prepare(`INSERT INTO note (body) VALUES (hex(randomblob(200)))`);

    let settled = false;
    let writes = 0;
    const backup = takeBackup(file, path.join(dir, 'backups'), 'manual', new Date()).finally(() => {
      settled = true;
    });
    const writing = new Promise<void>((resolve) => {
      const write = () => {
        if (settled || writes >= CAP) return resolve();
        insert.run();
        writes++;
        setImmediate(write);
      };
      setImmediate(write);
    });
    const entry = await backup;
    await writing;
    expect(writes).toBeGreaterThan(0);
    // Settled while the writer was still going: not merely once it stopped.
    expect(writes).toBeLessThan(CAP);

    const copy = new Database(entry.file, { readonly: true });
    try {
      const { rows, last } = copy.prepare<[], { rows: number; last: number }>(`SELECT count(*) AS rows, max(id) AS last FROM note`).get()!;
      // One moment of the history: the rows before it, all of them, none after the last written.
      expect(rows).toBe(last);
      expect(rows).toBeGreaterThanOrEqual(20_000);
      expect(rows).toBeLessThanOrEqual(20_000 + writes);
      expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
      writer.close();
    }
  });
});
