/**
 * The outbox across desks (docs/team-ledger.md §4): the same durable queue as the desk's own
 * (main/outbox/repo.ts), with a lease. A desk claims due rows with `FOR UPDATE SKIP LOCKED`, so two desks
 * never claim the same row at once; a desk that dies mid-send leaves its lease, and once `lease_until` has
 * passed any desk claims the row again and resends it with the same serial (the service answers with the
 * first outcome). An outcome is written only by the desk that holds the lease: a desk whose row was taken
 * over changes 0 rows and must apply nothing. Times are the database's clock, never a desk's.
 */
import type { ClientBase, Pool } from 'pg';

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

export const DEFAULT_LEASE_SECONDS = 120;

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
    async claim(limit: number): Promise<PgOutboxRow[]> {
      const claimed = await pool.query<PgOutboxRow>(
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
    async renew(id: number): Promise<boolean> {
      const renewed = await pool.query(
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

    async pendingCount(): Promise<number> {
      const counted = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE state = 'pending'`);
      return counted.rows[0]?.n ?? 0;
    },
  };
}

export type PgOutbox = ReturnType<typeof createPgOutbox>;
