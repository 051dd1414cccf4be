/**
 * Issue 10 point 3 at the worker's level, on a real SQLite file: a tick that throws (as a claim does
 * with SQLITE_FULL on a full disk) is logged and retried with backoff instead of stopping the timer, and
 * an outcome whose commit fails releases the row's lease at once instead of leaving it leased for 120 s.
 * (disk-full.test.ts shows the same on a real full tmpfs.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';
import { createOutboxRepo, type OutboxRepo } from '../../../main/outbox/repo.js';
import { createOutboxWorker, type OutboxWorker } from '../../../main/outbox/worker.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function diskFull(): Error {
  return Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
}

function setup(): { db: Db; repo: OutboxRepo; ledger: Ledger } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-worker-'));
  const db = openDatabase(path.join(dir, 'history.db'));
  cleanups.push(() => {
    closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { db, repo: createOutboxRepo(db), ledger: createSqliteLedger(db) };
}

function track(worker: OutboxWorker): OutboxWorker {
  cleanups.push(() => worker.stop());
  return worker;
}

describe('outbox worker keeps going', () => {
  it('survives a tick that throws SQLITE_FULL and sends the row on a later tick', async () => {
    const { repo, ledger } = setup();
    let failClaims = 3;
    const failing: Ledger = {
      ...ledger,
      outbox: {
        ...ledger.outbox,
        claim(limit) {
          if (failClaims > 0) {
            failClaims -= 1;
            return Promise.reject(diskFull());
          }
          return ledger.outbox.claim(limit);
        },
      },
    };
    const logged: string[] = [];
    const sent: string[] = [];
    await ledger.outbox.enqueue({ kind: 'test', serial: 'S1', requestJson: '{}', enterprise: null });
    const worker = track(
      createOutboxWorker({
        ledger: failing,
        baseDelayMs: 10,
        maxDelayMs: 40,
        log: (message) => logged.push(message),
        handlers: { test: { send: (row) => (sent.push(row.serial), Promise.resolve({ kind: 'done', apply: () => {} })) } },
      }),
    );
    worker.start();
    await expect.poll(() => repo.pendingCount()).toBe(0);
    expect(sent).toEqual(['S1']);
    expect(logged.filter((m) => m.startsWith('tick failed [DISK_FULL]'))).toHaveLength(3);
    // Backoff: 10, 20, 40 ms (capped) — the worker's own, not a tight loop.
    expect(logged.map((m) => /next try in (\d+) ms/.exec(m)?.[1])).toEqual(['10', '20', '40']);
  });

  it('releases the lease at once when the outcome cannot be committed, and the same serial is retried', async () => {
    const { db, repo, ledger } = setup();
    let failCommits = 1;
    const sent: string[] = [];
    const logged: string[] = [];
    const id = await ledger.outbox.enqueue({ kind: 'test', serial: 'S2', requestJson: '{}', enterprise: null });
    let leaseAfterFailure: number | null = null;
    const worker = track(
      createOutboxWorker({
        ledger,
        baseDelayMs: 10,
        maxDelayMs: 40,
        log: (message) => {
          logged.push(message);
          if (message.includes('outcome not saved')) {
            leaseAfterFailure = (db.prepare('SELECT next_attempt_at AS at FROM outbox WHERE id = ?').get(id) as { at: number }).at;
          }
        },
        handlers: {
          test: {
            send: (row) => {
              sent.push(row.serial);
              return Promise.resolve({
                kind: 'done',
                apply: () => {
                  if (failCommits > 0) {
                    failCommits -= 1;
                    throw diskFull();
                  }
                },
              });
            },
          },
        },
      }),
    );
    const before = Date.now();
    worker.start();
    await expect.poll(() => repo.pendingCount()).toBe(0);
    expect(sent).toEqual(['S2', 'S2']);
    expect(logged.some((m) => m.includes('outcome not saved [DISK_FULL]; lease released'))).toBe(true);
    // Released to "due now", not left leased for the 120 s lease.
    expect(leaseAfterFailure).not.toBeNull();
    expect(leaseAfterFailure!).toBeLessThan(before + 60_000);
    expect((db.prepare('SELECT state FROM outbox WHERE id = ?').get(id) as { state: string }).state).toBe('done');
  });
});
