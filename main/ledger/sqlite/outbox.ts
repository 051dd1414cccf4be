/**
 * The outbox store of the SQLite ledger (main/ledger/port.ts) over the desk's outbox repo
 * (main/outbox/repo.ts). One desk owns the file, so a lease is the row's next_attempt_at moved past the
 * send: the row is not due while it holds, and its value names the claim. Each method runs its prepared
 * statement at once and hands back a settled promise.
 */
import type { OutboxRepo, OutboxRow } from '../../outbox/repo.js';
import { settledCall } from './settled.js';
import { DEFAULT_OUTBOX_LEASE_MS, DuplicateSerialError, type OutboxClaim, type OutboxStore } from '../port.js';

export interface SqliteOutboxOptions {
  /** The desk's clock in ms (tests move it); Date.now by default. */
  now?: () => number;
  leaseMs?: number;
}

function claimOf(row: OutboxRow): OutboxClaim {
  const { id, kind, serial, request_json, state, attempts, last_error } = row;
  return { id, kind, serial, request_json, state, attempts, last_error, lease: String(row.next_attempt_at) };
}

/** `connection()` refuses when the store's transaction has ended (main/ledger/tx-scope.ts). */
export function createSqliteOutboxStore(repo: OutboxRepo, connection: () => unknown, options: SqliteOutboxOptions = {}): OutboxStore {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULT_OUTBOX_LEASE_MS;
  const settled = <T>(work: () => T): Promise<T> => settledCall(connection, work);

  return {
    leaseMs,
    enqueue: (entry) =>
      settled(() => {
        try {
          return repo.enqueue(entry.kind, entry.serial, entry.requestJson, now());
        } catch (error) {
          if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateSerialError(entry.kind, entry.serial, { cause: error });
          throw error;
        }
      }),
    claim: (limit) =>
      settled(() => {
        const at = now();
        return repo.claim(at, at + leaseMs, limit).map(claimOf);
      }),
    renew: (claim) =>
      settled(() => {
        const lease = repo.renewHeld(claim.id, Number(claim.lease), now() + leaseMs);
        return lease === null ? null : { ...claim, lease: String(lease) };
      }),
    finish: (claim, state, error) => settled(() => repo.finishHeld(claim.id, Number(claim.lease), state, error, now())),
    reschedule: (claim, delayMs, error) =>
      settled(() => {
        const at = now();
        return repo.rescheduleHeld(claim.id, Number(claim.lease), at + delayMs, error, at);
      }),
    release: (claim) => settled(() => repo.releaseHeld(claim.id, Number(claim.lease), now())),
    resume: () => settled(() => void repo.resumeAll(now())),
    pendingCount: () => settled(() => repo.pendingCount()),
    nextDueIn: () =>
      settled(() => {
        const at = repo.nextDueAt();
        return at === null ? null : Math.max(0, at - now());
      }),
  };
}
