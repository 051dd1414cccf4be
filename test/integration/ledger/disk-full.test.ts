/**
 * Issue 10 points 3 and 4 on a real full disk: the data folder is a small tmpfs (we run as root here and in
 * CI), the service is the sandbox over real HTTP on an ordinary disk. With the disk filled, issuing answers
 * DISK_FULL (never INTERNAL) and the outbox worker keeps ticking with backoff instead of dying; once space
 * is freed the queued invoices finish by themselves, and the sandbox issued every lsh exactly once.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const draft = (buyer: string) => ({
  invoiceType: '026',
  buyerName: buyer,
  issuer: '李四',
  lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '2', unitPrice: '25.00', rate: '0.13' }],
});

function mountTmpfs(sizeMb: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  cleanups.push(() => {
    execFileSync('umount', ['-l', dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Writes until the disk refuses; returns the filler's path. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler.bin');
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  // Smaller pieces too, so not even one SQLite page fits.
  const small = Buffer.alloc(512, 0x5a);
  try {
    for (;;) fs.writeSync(fd, small);
  } catch {
    // full
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

describe('a full disk under the data folder', () => {
  it('answers DISK_FULL, keeps the outbox ticking, resumes when space is freed, issues each row once', async () => {
    const dataDir = mountTmpfs(12);
    const sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-full-sbx-'));
    cleanups.push(() => fs.rmSync(sandboxDir, { recursive: true, force: true }));
    const sandbox: RunningSandbox = await startSandbox({ dataDir: sandboxDir, port: 0, issueDelayMs: 1500 });
    cleanups.push(() => sandbox.close());

    const logged: string[] = [];
    const core: Core = await createCore(
      {
        dataDir,
        appVersion: 'test',
        outboxBaseDelayMs: 50,
        outboxMaxDelayMs: 400,
        outboxLog: (message) => logged.push(message),
        service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      },
      { cipher: createTestCipher() },
    );
    cleanups.push(() => core.close());

    const lshs: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const submitted = await core.router.dispatch('issuance:submit', draft(`杭州云栖商贸有限公司${i}`));
      expect(submitted.ok).toBe(true);
      if (submitted.ok) lshs.push((submitted.value as InvoiceSummary).lsh);
    }

    // Every invoice reached the service before the disk fills: their outcomes are what cannot be saved.
    const sandboxDb = new Database(path.join(sandboxDir, 'sandbox.db'), { readonly: true });
    cleanups.push(() => void sandboxDb.close());
    const inList = lshs.map(() => '?').join(',');
    const received = () => (sandboxDb.prepare(`SELECT COUNT(*) AS n FROM issuance_requests WHERE lsh IN (${inList})`).get(...lshs) as { n: number }).n;
    await expect.poll(received, { timeout: 30_000 }).toBe(lshs.length);

    // Empty the WAL so that every further write needs new blocks, then take all the space there is.
    const side = new Database(path.join(dataDir, HISTORY_DB_FILE));
    side.pragma('busy_timeout = 5000');
    side.pragma('wal_checkpoint(TRUNCATE)');
    side.close();
    const filler = fillDisk(dataDir);

    const refused = await core.router.dispatch('issuance:submit', draft('磁盘已满时提交的买方'));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('DISK_FULL');

    // The worker cannot store outcomes; it keeps ticking with backoff and says why, instead of stopping.
    await expect.poll(() => logged.filter((m) => m.includes('[DISK_FULL]')).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(logged.filter((m) => m.includes('INTERNAL'))).toEqual([]);

    fs.rmSync(filler);
    await expect
      .poll(
        async () => {
          const list = await core.router.dispatch('history:list', {});
          if (!list.ok) return -1;
          return (list.value as InvoiceSummary[]).filter((row) => lshs.includes(row.lsh) && row.status === 'issued').length;
        },
        { timeout: 30_000 },
      )
      .toBe(lshs.length);

    const perLsh = sandboxDb
      .prepare(`SELECT lsh, COUNT(*) AS n FROM issued_invoices WHERE lsh IN (${inList}) GROUP BY lsh`)
      .all(...lshs) as Array<{ lsh: string; n: number }>;
    expect(perLsh).toHaveLength(lshs.length);
    for (const row of perLsh) expect(row.n).toBe(1);
  }, 120_000);
});
