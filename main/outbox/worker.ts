/**
 * Sends outbox rows and retries them until they end (docs/architecture.md §5).
 *
 * A handler sends one row and says what happened:
 *  - `done` / `failed`: a definite answer; its `apply` runs in the same transaction that finishes the row,
 *    so the outcome is stored exactly once even if the process dies right after;
 *  - `pending`: the service accepted it but has no outcome yet — ask again later with the same serial;
 *  - `unclear`: timeout, reset, 5xx, malformed body — we do not know; retry with the SAME serial number.
 * Retries back off exponentially up to a cap. Rows left pending by a crash are resumed by `start()`.
 *
 * The worker itself never stops (issue 10 point 3): a tick that throws (SQLITE_FULL from a lease on a
 * full disk, a locked database) is logged with its actionable code and the next tick is scheduled with
 * backoff; a commit that fails after a send releases the row's lease at once — in memory first, and in the
 * database as soon as a write succeeds again — so the row is retried with its serial within one backoff
 * step of the disk having space again, never 120 s later.
 */
import type { Db } from '../db/open.js';
import { classifyError } from '../errors/storage.js';
import type { OutboxRepo, OutboxRow } from './repo.js';

export type SendOutcome =
  | { kind: 'done'; apply: () => void }
  | { kind: 'failed'; error: string; apply: () => void }
  | { kind: 'pending'; note?: string; apply?: () => void }
  | { kind: 'unclear'; error: string; apply?: () => void };

export interface OutboxHandler {
  send(row: OutboxRow): Promise<SendOutcome>;
  /** Runs after a row's outcome is committed (events to the renderer); never inside the transaction. */
  afterCommit?(row: OutboxRow): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  repo: OutboxRepo;
  handlers: Record<string, OutboxHandler>;
  now?: () => number;
  /** First wait after `pending` / `unclear`, doubled each attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Rows sent at once. */
  concurrency?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface OutboxWorker {
  start(): void;
  /** Look for due rows now (after an enqueue). */
  kick(): void;
  /** Stops scheduling and waits for rows being sent to settle. */
  stop(): Promise<void>;
}

/** Longer than any request timeout of the service client. */
const LEASE_MS = 120_000;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, repo, handlers } = options;
  const now = options.now ?? Date.now;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const concurrency = options.concurrency ?? 4;
  const log = options.log ?? ((message, error) => console.warn(`[outbox] ${message}`, error ?? ''));

  const inFlight = new Map<number, Promise<void>>();
  /** Rows whose commit failed: their lease in the database must be released as soon as a write works. */
  const toRelease = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** Ticks that threw in a row; drives the worker's own backoff. */
  let tickFailures = 0;

  const delayFor = (attempts: number) => Math.min(maxDelay, baseDelay * 2 ** Math.min(attempts, 16));

  async function process(row: OutboxRow): Promise<void> {
    const handler = handlers[row.kind];
    if (!handler) {
      log(`no handler for outbox kind ${row.kind}; row ${row.id} left pending`);
      repo.reschedule(row.id, now() + maxDelay, `no handler for ${row.kind}`, now());
      return;
    }
    let outcome: SendOutcome;
    try {
      outcome = await handler.send(row);
    } catch (error) {
      // A bug or an unexpected throw is treated as unclear: the row stays and is retried, never dropped.
      outcome = { kind: 'unclear', error: error instanceof Error ? error.message : String(error) };
      log(`row ${row.id} (${row.kind} ${row.serial}) threw`, error);
    }
    try {
      commit(row, outcome);
    } catch (error) {
      // The send happened but its outcome could not be stored (disk full, locked): the row is retried with
      // the SAME serial, so the service answers with what it already did — never a second invoice.
      toRelease.add(row.id);
      const stuck = releaseLeases();
      const state = stuck === null ? 'lease released' : 'lease released once the database can be written';
      log(`row ${row.id} (${row.kind} ${row.serial}) outcome not saved [${classifyError(error) ?? 'INTERNAL'}]; ${state}`, error);
      return;
    }
    handler.afterCommit?.(row);
  }

  function commit(row: OutboxRow, outcome: SendOutcome): void {
    db.transaction(() => {
      switch (outcome.kind) {
        case 'done':
          if (repo.finish(row.id, 'done', null, now())) outcome.apply();
          break;
        case 'failed':
          if (repo.finish(row.id, 'failed', outcome.error, now())) outcome.apply();
          break;
        case 'pending':
          outcome.apply?.();
          repo.reschedule(row.id, now() + delayFor(Math.min(row.attempts, 3)), outcome.note ?? null, now());
          break;
        case 'unclear':
          outcome.apply?.();
          repo.reschedule(row.id, now() + delayFor(row.attempts), outcome.error, now());
          break;
      }
    })();
  }

  /** Makes released rows due now; rows it cannot write yet stay in the set and the write error is returned. */
  function releaseLeases(): unknown {
    for (const id of [...toRelease]) {
      try {
        repo.lease(id, now());
        toRelease.delete(id);
      } catch (error) {
        return error;
      }
    }
    return null;
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, delayMs));
  }

  function tick(): void {
    timer = undefined;
    if (!running) return;
    try {
      tickOnce();
      tickFailures = 0;
    } catch (error) {
      tickFailures += 1;
      const wait = delayFor(tickFailures - 1);
      log(`tick failed [${classifyError(error) ?? 'INTERNAL'}]; next try in ${wait} ms`, error);
      schedule(wait);
    }
  }

  function tickOnce(): void {
    const stuck = releaseLeases();
    if (stuck !== null) throw stuck;
    const free = concurrency - inFlight.size;
    if (free > 0) {
      for (const row of repo.due(now(), free + inFlight.size)) {
        if (inFlight.has(row.id) || inFlight.size >= concurrency) continue;
        // Leased while in flight so the scheduler does not see it as due again; a crash mid-send is
        // healed by start(), which makes every pending row due at once.
        repo.lease(row.id, now() + LEASE_MS);
        const work = process(row)
          .catch((error) => log(`row ${row.id} could not be settled`, error))
          .finally(() => {
            inFlight.delete(row.id);
            schedule(0);
          });
        inFlight.set(row.id, work);
      }
    }
    const next = repo.nextDueAt();
    if (next !== null && inFlight.size < concurrency) schedule(next - now());
  }

  return {
    start() {
      if (running) return;
      running = true;
      try {
        repo.resumeAll(now());
      } catch (error) {
        // Not fatal: every pending row becomes due anyway once its lease passes; the tick retries writes.
        log(`could not resume pending rows at start [${classifyError(error) ?? 'INTERNAL'}]`, error);
      }
      schedule(0);
    },
    kick: () => schedule(0),
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled(inFlight.values());
    },
  };
}
