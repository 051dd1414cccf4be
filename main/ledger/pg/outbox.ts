/**
 * The outbox across desks (docs/team-ledger.md §4): the same durable queue as the desk's own
 * (main/outbox/repo.ts), with a lease. A desk claims due rows with `FOR UPDATE SKIP LOCKED`, so two desks
 * never claim the same row at once; a desk that dies mid-send leaves its lease, and once `lease_until` has
 * passed any desk claims the row again and resends it with the same serial (the service answers with the
 * first outcome). An outcome is written only by the desk that holds the lease: a desk whose row was taken
 * over changes 0 rows and must apply nothing. Times are the database's clock, never a desk's.
 */
import type { ClientBase, Pool } from 'pg';
import { DEFAULT_OUTBOX_LEASE_MS } from '../port.js';

/** A pool or a client inside the caller's transaction (the outcome is written with its effect). */
export type Queryable = Pick<ClientBase, 'query'> | Pool;

export interface PgOutboxRow {
  id: number;
  kind: string;
  serial: string;
  enterprise: string | null;
  request_json: string;
  state: 'pending' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  lease_owner: string | null;
  lease_until: Date | null;
  last_error: string | null;
}

export interface PgOutboxOptions {
  /** This desk's name on its leases (unique per desk: a machine and installation id). */
  desk: string;
  /** How long a claim holds before another desk may take the row over; longer than the slowest send. */
  leaseSeconds?: number;
}

/** The port's one default lease (main/ledger/port.ts), in the seconds PostgreSQL's intervals take. */
export const DEFAULT_LEASE_SECONDS = DEFAULT_OUTBOX_LEASE_MS / 1000;

// ids are bigint identities; the ledger stays far below 2^53, so they are read as numbers.
const COLUMNS = `id::float8 AS id, kind, serial, enterprise, request_json, state, attempts, next_attempt_at, lease_owner, lease_until, last_error`;

export function createPgOutbox(pool: Pool, options: PgOutboxOptions) {
  const { desk } = options;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;

  return {
    desk,

    /** Writes a row before the first byte is sent; in the caller's transaction with its local row. */
    async enqueue(q: Queryable, row: { kind: string; serial: string; requestJson: string; enterprise: string | null }): Promise<number> {
      const inserted = await q.query<{ id: number }>(
        `INSERT INTO outbox (kind, serial, enterprise, request_json, state) VALUES ($1, $2, $3, $4, 'pending') RETURNING id::float8 AS id`,
        [row.kind, row.serial, row.enterprise, row.requestJson],
      );
      return inserted.rows[0]!.id;
    },

    /** Claims up to `limit` due rows that no live lease holds; each is this desk's until its lease lapses. */
    async claim(limit: number, q: Queryable = pool): Promise<PgOutboxRow[]> {
      const claimed = await q.query<PgOutboxRow>(
        `UPDATE outbox SET lease_owner = $1, lease_until = now() + make_interval(secs => $2), updated_at = now()
          WHERE id IN (SELECT id FROM outbox
                        WHERE state = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
                        ORDER BY next_attempt_at, id LIMIT $3
                          FOR UPDATE SKIP LOCKED)
          RETURNING ${COLUMNS}`,
        [desk, leaseSeconds, limit],
      );
      return claimed.rows.sort((a, b) => a.id - b.id);
    },

    /** Keeps a claim alive during a long send; false when the lease was already taken over. */
    async renew(id: number, q: Queryable = pool): Promise<boolean> {
      const renewed = await q.query(
        `UPDATE outbox SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND state = 'pending' AND lease_owner = $2`,
        [id, desk, leaseSeconds],
      );
      return renewed.rowCount === 1;
    },

    /** The final outcome; false (0 rows) when another desk holds the row now — then apply nothing. */
    async finish(q: Queryable, id: number, state: 'done' | 'failed', error: string | null): Promise<boolean> {
      const finished = await q.query(
        `UPDATE outbox SET state = $3, attempts = attempts + 1, last_error = $4, lease_owner = NULL, lease_until = NULL, updated_at = now()
          WHERE id = $1 AND state = 'pending' AND lease_owner = $2`,
        [id, desk, state, error],
      );
      return finished.rowCount === 1;
    },

    /** Not finished yet (the service was unreachable): try again later, by whichever desk claims it then. */
    async reschedule(q: Queryable, id: number, delaySeconds: number, error: string | null): Promise<boolean> {
      const rescheduled = await q.query(
        `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3), last_error = $4,
                lease_owner = NULL, lease_until = NULL, updated_at = now()
          WHERE id = $1 AND state = 'pending' AND lease_owner = $2`,
        [id, desk, delaySeconds, error],
      );
      return rescheduled.rowCount === 1;
    },

    /** Gives a held row back, due now (its outcome could not be stored); only by the holder. */
    async release(q: Queryable, id: number): Promise<boolean> {
      const released = await q.query(
        `UPDATE outbox SET next_attempt_at = now(), lease_owner = NULL, lease_until = NULL, updated_at = now()
          WHERE id = $1 AND state = 'pending' AND lease_owner = $2`,
        [id, desk],
      );
      return released.rowCount === 1;
    },

    /**
     * At this desk's start: its own leases are from a run that ended (a desk runs one worker), so they are
     * dropped, and every pending row no other desk holds becomes due now — as the desk's own outbox resumes.
     */
    async resume(q: Queryable = pool): Promise<void> {
      await q.query(
        `UPDATE outbox SET next_attempt_at = LEAST(next_attempt_at, now()), lease_owner = NULL, lease_until = NULL
          WHERE state = 'pending' AND (lease_owner IS NULL OR lease_owner = $1 OR lease_until < now())`,
        [desk],
      );
    },

    async pendingCount(q: Queryable = pool): Promise<number> {
      const counted = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE state = 'pending'`);
      return counted.rows[0]?.n ?? 0;
    },

    /** Milliseconds (database clock) until a pending row may be claimed; null when none is pending. */
    async nextDueIn(q: Queryable = pool): Promise<number | null> {
      const next = await q.query<{ ms: number | null }>(
        `SELECT (extract(epoch FROM min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now()) * 1000)::float8 AS ms
           FROM outbox WHERE state = 'pending'`,
      );
      const ms = next.rows[0]?.ms ?? null;
      return ms === null ? null : Math.max(0, Math.ceil(ms));
    },
  };
}

export type PgOutbox = ReturnType<typeof createPgOutbox>;
