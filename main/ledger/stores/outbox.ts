/**
 * The outbox (the outbox store of the ledger port, main/ledger/port.ts; docs/architecture.md §5, team-ledger.md §4),
 * the one implementation for both databases: a durable queue of the service's asynchronous operations, each row
 * written with its full request before the first byte is sent and finished in the same transaction that stores
 * the outcome. The (kind, serial) pair is the service's idempotency key: queued once, refused again with
 * DuplicateSerialError.
 *
 * What a claim is — how a desk takes a row and keeps it while it sends — is each database's own
 * (dialects/outbox.ts: next_attempt_at as the lease on the desk's SQLite, SKIP LOCKED and lease_owner on a team's
 * PostgreSQL). Everything done with a held row is written once here: an outcome (finish, reschedule, release) is
 * one UPDATE of the row only while the claim still holds it, so a claim that was taken over changes nothing and
 * its caller applies nothing. On PostgreSQL a desk's login is further held by pg migration 0650's guard: a row it
 * queues belongs to the invoice, form or batch it inserted in the same transaction.
 *
 * The worker calls these a few times per tick, one row at a time: compiling each statement costs microseconds.
 */
import type { UpdateObject } from 'kysely';
import { DEFAULT_OUTBOX_LEASE_MS, DuplicateSerialError, type OutboxClaim, type OutboxStore } from '../port.js';
import { outboxLeases, type OutboxMoment } from './dialects/outbox.js';
import type { LedgerSchema } from './schema/index.js';
import type { StoreSql } from './sql.js';

export interface OutboxStoreOptions {
  /** How long a claim holds; DEFAULT_OUTBOX_LEASE_MS unless told. */
  leaseMs?: number;
  /** This desk's name on its leases (PostgreSQL), read at each call. */
  desk: () => string;
  /** The desk's clock in ms, for the SQLite lease (tests move it); Date.now by default. */
  now?: () => number;
}

export function createOutboxStore(q: StoreSql, options: OutboxStoreOptions): OutboxStore {
  const leaseMs = options.leaseMs ?? DEFAULT_OUTBOX_LEASE_MS;
  const lease = outboxLeases[q.kind](q, { leaseMs, desk: options.desk, now: options.now ?? Date.now });
  const pending = () => q.db.selectFrom('outbox').where('state', '=', 'pending');

  /** One outcome of a held row, with the lease ended: true when the claim still held it. */
  async function outcome(claim: OutboxClaim, change: (moment: OutboxMoment) => UpdateObject<LedgerSchema, 'outbox'>): Promise<boolean> {
    const holds = lease.holds(claim);
    if (holds === null) return false;
    const moment = lease.moment();
    const held = q.db.updateTable('outbox').set({ ...change(moment), ...moment.ended }).where('id', '=', claim.id).where('state', '=', 'pending').where(holds);
    return (await q.write(held)) === 1;
  }

  return {
    leaseMs,
    async enqueue(entry) {
      try {
        const row = await q.first(
          q.db
            .insertInto('outbox')
            .values({ kind: entry.kind, serial: entry.serial, request_json: entry.requestJson, state: 'pending', ...lease.queued(entry) })
            .returning('id'),
        );
        return row!.id;
      } catch (error) {
        if (lease.duplicate(error)) throw new DuplicateSerialError(entry.kind, entry.serial, { cause: error });
        throw error;
      }
    },
    // RETURNING answers in no promised order: the worker sends in id order.
    claim: async (limit) => (await lease.claim(limit)).sort((a, b) => a.id - b.id),
    renew: (claim) => lease.renew(claim),
    finish: (claim, state, error) => outcome(claim, () => ({ state, attempts: (eb) => eb('attempts', '+', 1), last_error: error })),
    reschedule: (claim, delayMs, error) =>
      outcome(claim, (moment) => ({ attempts: (eb) => eb('attempts', '+', 1), next_attempt_at: moment.due(delayMs), last_error: error })),
    // Due now, not an attempt: its outcome could not be stored, so it is sent again with the same serial.
    release: (claim) => outcome(claim, (moment) => ({ next_attempt_at: moment.due(0) })),
    resume: () => lease.resume(),
    async pendingCount() {
      const row = await q.first(pending().select((eb) => eb.fn.countAll<number>().as('n')));
      return row?.n ?? 0;
    },
    async nextDueIn() {
      const row = await q.first(pending().select(lease.msToNextDue().as('ms')));
      const ms = row?.ms ?? null;
      return ms === null ? null : Math.max(0, Math.ceil(ms));
    },
  };
}
