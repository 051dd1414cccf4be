/**
 * The SQL of the audit trail on the desk's SQLite ledger (`audit_event`, migration 0590): append, and the
 * newest-first keyset pages and counts of 操作日志. Wrapped into the port's store by main/ledger/sqlite/audit.ts.
 * Times are the normalised ISO text the store writes, so comparing texts compares times.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import type { AuditEvent, AuditFilter } from '../../../shared/ipc/schemas/audit.js';
import { auditTime, type AuditQuery, type CheckedAuditEntry } from './store.js';

interface AuditRow {
  id: number;
  at: string;
  actor: string;
  desk: string;
  action: string;
  aggregate: string;
  record_ids: string;
  enterprise: string | null;
  detail: string | null;
}

const toEvent = (row: AuditRow): AuditEvent => ({
  id: row.id,
  at: row.at,
  actor: row.actor,
  desk: row.desk,
  action: row.action,
  aggregate: row.aggregate,
  recordIds: JSON.parse(row.record_ids) as string[],
  enterprise: row.enterprise,
  detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
});

/** The WHERE conditions of a filter and their values (the same filter on PostgreSQL: pg/stores/audit.ts). */
function where(filter: AuditFilter, before?: AuditQuery['before']): { sql: string; args: unknown[] } {
  const conditions: string[] = [];
  const args: unknown[] = [];
  const add = (condition: string, ...values: unknown[]) => (conditions.push(condition), args.push(...values));
  if (filter.actor !== undefined) add('actor = ?', filter.actor);
  if (filter.action !== undefined) add('action = ?', filter.action);
  if (filter.enterprise !== undefined) add('enterprise = ?', filter.enterprise);
  if (filter.from !== undefined) add('at >= ?', auditTime('from', filter.from));
  if (filter.to !== undefined) add('at < ?', auditTime('to', filter.to));
  if (before !== undefined) add('(at, id) < (?, ?)', auditTime('before', before.at), before.id);
  return { sql: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, args };
}

export function createAuditRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO audit_event (at, actor, desk, action, aggregate, record_ids, enterprise, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // One prepared statement per shape of filter (at most a few dozen), not one per call.
  const statements = new Map<string, Statement<unknown[]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) statements.set(sql, (statement = db.prepare<unknown[]>(sql)));
    return statement;
  };
  return {
    append(entry: CheckedAuditEntry): number {
      const { at, actor, desk, action, aggregate, recordIds, enterprise, detail } = entry;
      return Number(insert.run(at, actor, desk, action, aggregate, JSON.stringify(recordIds), enterprise, detail).lastInsertRowid);
    },
    list(query: AuditQuery): AuditEvent[] {
      const { sql, args } = where(query, query.before);
      const rows = prepared(`SELECT * FROM audit_event ${sql} ORDER BY at DESC, id DESC LIMIT ?`).all(...args, query.limit) as AuditRow[];
      return rows.map(toEvent);
    },
    count(filter: AuditFilter): number {
      const { sql, args } = where(filter);
      return (prepared(`SELECT count(*) AS n FROM audit_event ${sql}`).get(...args) as { n: number }).n;
    },
  };
}
