/** The audit trail (stores/audit.ts). */
import type { ColumnType, Generated } from 'kysely';

/** Written once, never changed: no column may be set by an UPDATE (the trail is append-only on both databases). */
type Appended<T> = ColumnType<T, T, never>;

/**
 * Who did what: SQLite 0590; PostgreSQL 0470, and 0650 (rights/guards.ts), which adds `login` and lets a desk's login
 * only append, its actor, desk and time stamped by the server — `login` is PostgreSQL's alone and no store
 * names it. `record_ids` and `detail` are kept differently (dialects/audit.ts): JSON text on SQLite, text[] and
 * jsonb on PostgreSQL; `at` is the desk's ISO text on SQLite and a timestamptz answered as that text on PostgreSQL.
 */
export interface AuditEventTable {
  id: Generated<number>;
  at: Appended<string>;
  actor: Appended<string>;
  desk: Appended<string>;
  action: Appended<string>;
  aggregate: Appended<string>;
  /** JSON text of an array of texts on SQLite, text[] on PostgreSQL (dialects/audit.ts). */
  record_ids: Appended<string | readonly string[]>;
  enterprise: Appended<string | null>;
  /** JSON text of an object on both when written; read back as text on SQLite and parsed on PostgreSQL (jsonb). */
  detail: ColumnType<string | Record<string, unknown> | null, string | null, never>;
}

export interface AuditTables {
  audit_event: AuditEventTable;
}
