/**
 * Sends outbox rows and retries them until they end (docs/architecture.md §5), over the ledger port
 * (main/ledger/port.ts): the desk's SQLite ledger or a team's PostgreSQL, with the same code.
 *
 * A handler sends one claimed row and says what happened:
 *  - `done` / `failed`: a definite answer; its `apply` runs in the same ledger transaction that finishes the
 *    row, and only if this desk's claim still holds it — so the outcome is stored exactly once even if the
 *    process dies right after, and a desk whose lease was taken over applies nothing;
 *  - `pending`: the service accepted it but has no outcome yet — ask again later with the same serial;
 *  - `unclear`: timeout, reset, 5xx, malformed body — we do not know; retry with the SAME serial number.
 * Retries back off exponentially up to a cap. Rows left pending by a crash are resumed by `start()`; a claim
 * is renewed during a long send so that it does not lapse while this desk still works on it.
 *
 * An `apply` writes only through the `tx` it is given, so every handler runs on either ledger.
 *
 * The worker itself never stops (issue 10 point 3): a tick that throws (SQLITE_FULL from a claim on a full
 * disk, a locked database) is logged with its actionable code and the next tick is scheduled with
 * backoff; a commit that fails after a send releases the row's claim at once — in memory first, and in the
 * ledger as soon as a write succeeds again — so the row is retried with its serial within one backoff
 * step of the disk having space again, never a whole lease later.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { classifyError } from '../errors/storage.js';
import type { Ledger, LedgerStores, OutboxClaim, OutboxRecord } from '../ledger/port.js';

/** Writes an outcome through the `tx` it is given. Its result is awaited and otherwise ignored. */
export type ApplyOutcome = (tx: LedgerStores) => unknown;

export type SendOutcome =
  | { kind: 'done'; apply: ApplyOutcome }
  | { kind: 'failed'; error: string; apply: ApplyOutcome }
  | { kind: 'pending'; note?: string; apply?: ApplyOutcome }
  | { kind: 'unclear'; error: string; apply?: ApplyOutcome };

export interface OutboxHandler {
  send(row: OutboxRecord): Promise<SendOutcome>;
  /** Runs after a row's outcome is committed (events to the renderer; it may read the ledger); never inside the transaction. */
  afterCommit?(row: OutboxRecord): void | Promise<void>;
}

export interface OutboxWorkerOptions {
  ledger: Ledger;
  handlers: Record<string, OutboxHandler>;
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

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { ledger, handlers } = options;
  const store = ledger.outbox;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const concurrency = options.concurrency ?? 4;
  const log = options.log ?? ((message, error) => console.warn(`[outbox] ${message}`, error ?? ''));

  /** The context the worker was made in (outside every ledger transaction): ticks run in it. */
  const outside = AsyncLocalStorage.snapshot();
  const inFlight = new Map<number, Promise<void>>();
  /** Claims whose commit failed: given back in the ledger as soon as a write works. */
  const toRelease = new Map<number, OutboxClaim>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** The tick running now, if any (ticks never overlap; stop() waits for it). */
  let ticking: Promise<void> | undefined;
  let tickAgain = false;
  /** Ticks that threw in a row; drives the worker's own backoff. */
  let tickFailures = 0;

  const delayFor = (attempts: number) => Math.min(maxDelay, baseDelay * 2 ** Math.min(attempts, 16));

  /** Sends the row, renewing its claim every third of the lease; resolves with the claim that holds it now. */
  async function sendHeld(handler: OutboxHandler, claim: OutboxClaim): Promise<{ outcome: SendOutcome; claim: OutboxClaim }> {
    let held = claim;
    /** The renewal under way, awaited before the outcome is written so that it uses the claim renewed last. */
    let renewing: Promise<void> = Promise.resolve();
    const renewal = setInterval(() => {
      renewing = store.renew(held).then(
        (renewed) => {
          if (renewed) held = renewed;
          else log(`row ${claim.id} (${claim.kind} ${claim.serial}) was taken over during its send; its outcome will not be stored here`);
        },
        (error: unknown) => log(`row ${claim.id} claim not renewed [${classifyError(error) ?? 'INTERNAL'}]`, error),
      );
    }, Math.max(1, store.leaseMs / 3));
    let outcome: SendOutcome;
    try {
      outcome = await handler.send(claim);
    } catch (error) {
      // A bug or an unexpected throw is treated as unclear: the row stays and is retried, never dropped.
      log(`row ${claim.id} (${claim.kind} ${claim.serial}) threw`, error);
      outcome = { kind: 'unclear', error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearInterval(renewal);
    }
    await renewing;
    return { outcome, claim: held };
  }

  async function process(claim: OutboxClaim): Promise<void> {
    const handler = handlers[claim.kind];
    if (!handler) {
      log(`no handler for outbox kind ${claim.kind}; row ${claim.id} left pending`);
      await store.reschedule(claim, maxDelay, `no handler for ${claim.kind}`);
      return;
    }
    const sent = await sendHeld(handler, claim);
    try {
      await commit(sent.claim, sent.outcome);
    } catch (error) {
      // The send happened but its outcome could not be stored (disk full, locked): the row is retried with
      // the SAME serial, so the service answers with what it already did — never a second invoice.
      toRelease.set(claim.id, sent.claim);
      const stuck = await releaseClaims();
      const state = stuck === null ? 'lease released' : 'lease released once the database can be written';
      log(`row ${claim.id} (${claim.kind} ${claim.serial}) outcome not saved [${classifyError(error) ?? 'INTERNAL'}]; ${state}`, error);
      return;
    }
    try {
      await handler.afterCommit?.(claim);
    } catch (error) {
      // The outcome is stored; only the events it would have sent (views refreshing) are lost.
      log(`row ${claim.id} (${claim.kind} ${claim.serial}) committed, but its after-commit work failed [${classifyError(error) ?? 'INTERNAL'}]`, error);
    }
  }

  /** The outcome and its effect in one ledger transaction; the effect only while this claim holds the row. */
  function commit(claim: OutboxClaim, outcome: SendOutcome): Promise<void> {
    return ledger.transaction(async (tx) => {
      switch (outcome.kind) {
        case 'done':
          if (await tx.outbox.finish(claim, 'done', null)) await outcome.apply(tx);
          break;
        case 'failed':
          if (await tx.outbox.finish(claim, 'failed', outcome.error)) await outcome.apply(tx);
          break;
        case 'pending':
          if (await tx.outbox.reschedule(claim, delayFor(Math.min(claim.attempts, 3)), outcome.note ?? null)) await outcome.apply?.(tx);
          break;
        case 'unclear':
          if (await tx.outbox.reschedule(claim, delayFor(claim.attempts), outcome.error)) await outcome.apply?.(tx);
          break;
      }
    });
  }

  /** Makes released rows due now; rows it cannot write yet stay in the map and the write error is returned. */
  async function releaseClaims(): Promise<unknown> {
    for (const [id, claim] of [...toRelease]) {
      try {
        await store.release(claim);
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
    // A kick from inside a ledger transaction body (an enqueue nested in a batch's transaction) must not
    // hand that transaction's async context to the tick: its claims would run as the ended transaction's.
    timer = setTimeout(() => outside(tick), Math.max(0, delayMs));
  }

  function tick(): void {
    timer = undefined;
    if (!running) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    ticking = tickOnce()
      .then(
        () => {
          tickFailures = 0;
        },
        (error: unknown) => {
          tickFailures += 1;
          const wait = delayFor(tickFailures - 1);
          log(`tick failed [${classifyError(error) ?? 'INTERNAL'}]; next try in ${wait} ms`, error);
          schedule(wait);
        },
      )
      .finally(() => {
        ticking = undefined;
        // A row that settled during the tick asked for another; a failed tick keeps its backoff instead.
        if (tickAgain && tickFailures === 0) schedule(0);
        tickAgain = false;
      });
  }

  async function tickOnce(): Promise<void> {
    const stuck = await releaseClaims();
    if (stuck !== null) throw stuck;
    const free = concurrency - inFlight.size;
    if (free > 0) {
      // Claimed rows are leased, so they are not due again while in flight; a crash mid-send is healed by
      // start(), which makes every pending row due at once (on a team ledger: once its lease lapses).
      for (const claim of await store.claim(free)) {
        // Our own row again while its last send has not settled: its outcome was stored and the row fell due
        // before the send's own end (a pending answer's short wait), or its lease lapsed while the send went on.
        // This claim is sent once that one settles: dropped, it would hold the row unsent until it lapsed (the
        // two-minute stalls bench team-issue met at three desks).
        const before = inFlight.get(claim.id);
        const work: Promise<void> = (before ?? Promise.resolve())
          .then(() => process(claim))
          .catch((error: unknown) => log(`row ${claim.id} could not be settled`, error))
          .finally(() => {
            if (inFlight.get(claim.id) === work) inFlight.delete(claim.id);
            schedule(0);
          });
        inFlight.set(claim.id, work);
      }
    }
    const next = await store.nextDueIn();
    if (next !== null && inFlight.size < concurrency) schedule(next);
  }

  return {
    start() {
      if (running) return;
      running = true;
      store
        .resume()
        .catch((error: unknown) => {
          // Not fatal: every pending row becomes due anyway once its lease passes; the tick retries writes.
          log(`could not resume pending rows at start [${classifyError(error) ?? 'INTERNAL'}]`, error);
        })
        .finally(() => schedule(0));
    },
    kick: () => schedule(0),
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await ticking;
      await Promise.allSettled(inFlight.values());
    },
  };
}
