/**
 * The outbox store of the PostgreSQL ledger (main/ledger/port.ts) over the team outbox
 * (main/ledger/pg/outbox.ts): claims with FOR UPDATE SKIP LOCKED, a lease owned by this desk's name, and
 * outcomes written only by the lease holder. `connection()` is the pool, or the client of the transaction
 * the call belongs to.
 */
import type { PgOutbox, PgOutboxRow, Queryable } from './outbox.js';
import { DuplicateSerialError, type OutboxClaim, type OutboxStore } from '../port.js';

function claimOf(row: PgOutboxRow): OutboxClaim {
  const { id, kind, serial, request_json, state, attempts, last_error } = row;
  return { id, kind, serial, request_json, state, attempts, last_error, lease: row.lease_owner ?? '' };
}

/** The claim must be this desk's: a claim made by another desk's store holds nothing here. */
const held = (outbox: PgOutbox, claim: OutboxClaim) => claim.lease === outbox.desk;

export function createPgOutboxStore(outbox: PgOutbox, leaseSeconds: number, connection: () => Queryable): OutboxStore {
  return {
    leaseMs: leaseSeconds * 1000,
    async enqueue(entry) {
      try {
        return await outbox.enqueue(connection(), entry);
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') throw new DuplicateSerialError(entry.kind, entry.serial, { cause: error });
        throw error;
      }
    },
    claim: async (limit) => (await outbox.claim(limit, connection())).map(claimOf),
    renew: async (claim) => (held(outbox, claim) && (await outbox.renew(claim.id, connection())) ? claim : null),
    finish: async (claim, state, error) => held(outbox, claim) && outbox.finish(connection(), claim.id, state, error),
    reschedule: async (claim, delayMs, error) => held(outbox, claim) && outbox.reschedule(connection(), claim.id, delayMs / 1000, error),
    release: async (claim) => held(outbox, claim) && outbox.release(connection(), claim.id),
    resume: async () => outbox.resume(connection()),
    pendingCount: async () => outbox.pendingCount(connection()),
    nextDueIn: async () => outbox.nextDueIn(connection()),
  };
}
