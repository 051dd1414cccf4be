/**
 * How the audit trail keeps its two structured columns, which the two databases type differently (their
 * migrations, not this store, chose it): the desk's SQLite keeps `record_ids` as JSON text (a CHECK of 0590 holds
 * it to an array) and `detail` as JSON text; the team's PostgreSQL keeps text[] and jsonb, which node-pg hands
 * back already parsed. `detail` is written as the same JSON text on both (PostgreSQL reads text into jsonb), so
 * only the list's writing and both columns' reading differ.
 */
import type { LedgerKind } from '../../port.js';

export interface AuditColumns {
  /** `record_ids` as this database stores it. */
  writeIds(ids: readonly string[]): string | readonly string[];
  readIds(stored: string | readonly string[]): string[];
  readDetail(stored: string | Record<string, unknown> | null): Record<string, unknown> | null;
}

const sqlite: AuditColumns = {
  writeIds: (ids) => JSON.stringify(ids),
  readIds: (stored) => JSON.parse(stored as string) as string[],
  readDetail: (stored) => (stored === null ? null : (JSON.parse(stored as string) as Record<string, unknown>)),
};

const postgres: AuditColumns = {
  // node-pg binds an array as a text[] literal, each element quoted.
  writeIds: (ids) => ids,
  readIds: (stored) => stored as string[],
  readDetail: (stored) => stored as Record<string, unknown> | null,
};

export const auditColumns: Record<LedgerKind, AuditColumns> = { sqlite, postgres };
