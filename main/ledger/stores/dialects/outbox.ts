/**
 * The outbox's lease — how a desk takes a row to send and keeps it — which the two databases keep differently on
 * purpose (stores/outbox.ts writes the queue itself once: queuing, outcomes, counts):
 * - the desk's SQLite: one desk owns the file, so a claim is the row's next_attempt_at moved past the send, in the
 *   desk's clock (ms): the row is not due while it holds. The value written names the claim — each claim or
 *   renewal moves it forward by at least 1 ms, so no two claims of a row share one — and a claim holds its row
 *   while next_attempt_at is still that value. A restart drops every lease: they were all this desk's.
 * - a team's PostgreSQL: several desks claim from one table at once, so a claim takes due rows FOR UPDATE SKIP
 *   LOCKED (two desks never take the same row, and none waits for another) and writes the desk's name in
 *   lease_owner until lease_until, in the database's clock (the desks' clocks differ). A desk that dies keeps
 *   its lease until it lapses; then any desk claims the row and resends it with the same serial. A restart drops
 *   only this desk's leases. Pg migration 0650's guard (rights/guards.ts) holds a desk's login to this: a row is
 *   claimed only when due and unheld, and changed afterwards only by the login that claimed it.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { OutboxClaim, OutboxEntry, OutboxRecord } from '../../port.js';
import type { StoreSql } from '../sql.js';

export interface OutboxLeaseOptions {
  /** How long a claim holds. */
  leaseMs: number;
  /** This desk's name on its leases (PostgreSQL; unique per desk), read at each call. */
  desk: () => string;
  /** The desk's clock in ms (SQLite; tests move it). PostgreSQL keeps every outbox time on the database's clock. */
  now: () => number;
}

/** One moment of a change: what an outcome writes besides itself (its time; the lease ends), and a time after it. */
export interface OutboxMoment {
  readonly ended: { updated_at: string | RawBuilder<string>; lease_owner?: null; lease_until?: null };
  /** next_attempt_at `ms` after this moment. */
  due(ms: number): number | RawBuilder<number>;
}

export interface OutboxLease {
  /** What a new row is written with besides its request: its due time and stamps (SQLite), its enterprise (PostgreSQL). */
  queued(entry: OutboxEntry): { next_attempt_at?: number; created_at?: string; updated_at?: string; enterprise?: string | null };
  /** The database refused a second (kind, serial). */
  duplicate(error: unknown): boolean;
  /** Takes up to `limit` due rows that no live lease holds, oldest due first (answered in any order). */
  claim(limit: number): Promise<OutboxClaim[]>;
  /** The claim, extended; null when it no longer holds its row. */
  renew(claim: OutboxClaim): Promise<OutboxClaim | null>;
  /** The condition under which `claim` still holds its (pending) row; null when it cannot hold one here. */
  holds(claim: OutboxClaim): Expression<SqlBool> | null;
  moment(): OutboxMoment;
  /** At start: every pending row whose lease a restart drops becomes due now. */
  resume(): Promise<void>;
  /** Milliseconds from now to the soonest a pending row may be claimed, over the pending rows (null: none). */
  msToNextDue(): RawBuilder<number | null>;
}

/** The record of a claimed row, as the worker and its handlers see it. */
const RECORD = ['id', 'kind', 'serial', 'request_json', 'state', 'attempts', 'last_error'] as const;
const recordOf = (row: OutboxRecord): OutboxRecord => {
  const { id, kind, serial, request_json, state, attempts, last_error } = row;
  return { id, kind, serial, request_json, state, attempts, last_error };
};
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

function sqlite(q: StoreSql, { leaseMs, now }: OutboxLeaseOptions): OutboxLease {
  /** A lease's end, never the value the row holds now: each claim of a row is named by a value of its own. */
  const leaseEnd = (until: number) => sql<number>`MAX(${until}, next_attempt_at + 1)`;
  const pending = () => q.db.updateTable('outbox').where('state', '=', 'pending');
  return {
    queued: () => {
      const at = now();
      const iso = new Date(at).toISOString();
      return { next_attempt_at: at, created_at: iso, updated_at: iso };
    },
    duplicate: (error) => errorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE',
    async claim(limit) {
      const at = now();
      const due = q.db.selectFrom('outbox').select('id').where('state', '=', 'pending').where('next_attempt_at', '<=', at).orderBy('next_attempt_at').orderBy('id').limit(limit);
      const rows = await q.all(
        q.db
          .updateTable('outbox')
          .set({ next_attempt_at: leaseEnd(at + leaseMs) })
          .where('id', 'in', due)
          .returning([...RECORD, 'next_attempt_at']),
      );
      return rows.map((row) => ({ ...recordOf(row), lease: String(row.next_attempt_at) }));
    },
    async renew(claim) {
      const row = await q.first(
        pending()
          .set({ next_attempt_at: leaseEnd(now() + leaseMs) })
          .where('id', '=', claim.id)
          .where('next_attempt_at', '=', Number(claim.lease))
          .returning('next_attempt_at'),
      );
      return row === undefined ? null : { ...claim, lease: String(row.next_attempt_at) };
    },
    holds: (claim) => sql<SqlBool>`${sql.ref('next_attempt_at')} = ${Number(claim.lease)}`,
    moment: () => {
      const at = now();
      return { ended: { updated_at: new Date(at).toISOString() }, due: (ms) => at + ms };
    },
    resume: async () => void (await q.write(pending().set({ next_attempt_at: now() }))),
    msToNextDue: () => sql<number | null>`MIN(next_attempt_at) - ${now()}`,
  };
}

function postgres(q: StoreSql, { leaseMs, desk }: OutboxLeaseOptions): OutboxLease {
  const NOW = sql<string>`now()`;
  const after = <T>(ms: number) => sql<T>`now() + make_interval(secs => ${ms / 1000})`;
  const pending = () => q.db.updateTable('outbox').where('state', '=', 'pending');
  // A claim made by another desk's store holds nothing here, whatever its row says.
  const holds = (claim: OutboxClaim) => (claim.lease === desk() ? sql<SqlBool>`lease_owner = ${claim.lease}` : null);
  return {
    // next_attempt_at and created_at are the database's now() (the table's defaults).
    queued: (entry) => ({ enterprise: entry.enterprise }),
    duplicate: (error) => errorCode(error) === '23505',
    async claim(limit) {
      const due = q.db
        .selectFrom('outbox')
        .select('id')
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', NOW)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', NOW)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked();
      const rows = await q.all(
        q.db
          .updateTable('outbox')
          .set({ lease_owner: desk(), lease_until: after<string>(leaseMs), updated_at: NOW })
          .where('id', 'in', due)
          .returning([...RECORD, 'lease_owner']),
      );
      return rows.map((row) => ({ ...recordOf(row), lease: row.lease_owner ?? '' }));
    },
    async renew(claim) {
      const held = holds(claim);
      if (held === null) return null;
      const renewed = await q.write(pending().set({ lease_until: after<string>(leaseMs) }).where('id', '=', claim.id).where(held));
      return renewed === 1 ? claim : null;
    },
    holds,
    moment: () => ({ ended: { updated_at: NOW, lease_owner: null, lease_until: null }, due: (ms) => (ms === 0 ? sql<number>`now()` : after<number>(ms)) }),
    // This desk's leases are from a run that ended (a desk runs one worker); another desk's live lease stays.
    resume: async () =>
      void (await q.write(
        pending()
          .set({ next_attempt_at: sql<number>`LEAST(next_attempt_at, now())`, lease_owner: null, lease_until: null })
          .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', desk()), eb('lease_until', '<', NOW)])),
      )),
    // A held row may be claimed again when its lease lapses, not before, even if it is due.
    msToNextDue: () =>
      sql<number | null>`(extract(epoch FROM min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now()) * 1000)::float8`,
  };
}

export const outboxLeases: Record<StoreSql['kind'], (q: StoreSql, options: OutboxLeaseOptions) => OutboxLease> = { sqlite, postgres };
