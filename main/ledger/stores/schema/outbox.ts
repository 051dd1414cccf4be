/** The outbox (stores/outbox.ts; its lease: dialects/outbox.ts). */
import type { ColumnType, Generated } from 'kysely';

/**
 * The durable queue of asynchronous operations: SQLite 0020; PostgreSQL 0470, and 0650 (rights/guards.ts), which binds
 * a desk's new row to the invoice, form or batch it sends and lets only the login that claimed a row change it
 * (`claimed_by` and `answered_xact`, the guard's own: no store names them).
 *
 * The two databases keep the lease differently (dialects/outbox.ts): on the desk's SQLite `next_attempt_at` is
 * milliseconds of the desk's clock and, while a row is claimed, the lease's end; on a team's PostgreSQL it is a
 * timestamptz of the database's clock (answered as ISO text) and the lease is `lease_owner` and `lease_until`,
 * columns only PostgreSQL has, as `enterprise` is (the desk's own rows all act for the desk's enterprises).
 */
export interface OutboxTable {
  id: Generated<number>;
  kind: ColumnType<string, string, never>;
  serial: ColumnType<string, string, never>;
  request_json: ColumnType<string, string, never>;
  state: 'pending' | 'done' | 'failed';
  attempts: Generated<number>;
  /** ms on SQLite; timestamptz on PostgreSQL, written only by the database's own clock (now()). */
  next_attempt_at: ColumnType<number | string, number | undefined, number>;
  last_error: string | null;
  /** ISO text on SQLite (written by the store); PostgreSQL's default now(). */
  created_at: ColumnType<string, string | undefined, never>;
  updated_at: ColumnType<string, string | undefined, string>;
  /** PostgreSQL's alone. */
  enterprise: ColumnType<string | null, string | null | undefined, never>;
  /** PostgreSQL's alone: the desk that holds the row, and until when (the database's clock). */
  lease_owner: string | null;
  lease_until: ColumnType<string | null, never, string | null>;
}

export interface OutboxTables {
  outbox: OutboxTable;
}
