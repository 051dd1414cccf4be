/**
 * The audit trail on a team's PostgreSQL (the audit store of the ledger port, main/features/audit/store.ts):
 * `audit_event` of pg migration 1, which the clerk role may only read and append (create-team.ts). Read into
 * the desk's shape: ids as numbers, times as the desk's ISO text, `record_ids` text[] as a list, `detail`
 * jsonb as an object. Events are checked as on SQLite (checkAuditEntry) and signed with the ledger's actor
 * and desk name; the time is the desk's clock with milliseconds, as the desk stores it, so keyset pages over
 * (at, id) answer alike on both databases.
 */
import { DESK_ACTOR, type AuditEvent, type AuditFilter } from '../../../../shared/ipc/schemas/audit.js';
import { auditTime, checkAuditEntry, type AuditQuery, type AuditStore } from '../../../features/audit/store.js';
import type { Queryable } from '../outbox.js';
import { isoText } from './sql.js';

const COLUMNS = `id::float8 AS id, ${isoText('at')} AS at, actor, desk, action, aggregate, record_ids AS "recordIds", enterprise, detail`;

function where(filter: AuditFilter, before?: AuditQuery['before']): { sql: string; args: unknown[] } {
  const conditions: string[] = [];
  const args: unknown[] = [];
  const add = (condition: (n: number) => string, value: unknown) => (args.push(value), conditions.push(condition(args.length)));
  if (filter.actor !== undefined) add((n) => `actor = $${n}`, filter.actor);
  if (filter.action !== undefined) add((n) => `action = $${n}`, filter.action);
  if (filter.enterprise !== undefined) add((n) => `enterprise = $${n}`, filter.enterprise);
  if (filter.from !== undefined) add((n) => `at >= $${n}::timestamptz`, auditTime('from', filter.from));
  if (filter.to !== undefined) add((n) => `at < $${n}::timestamptz`, auditTime('to', filter.to));
  if (before !== undefined) {
    args.push(auditTime('before', before.at), before.id);
    conditions.push(`(at, id) < ($${args.length - 1}::timestamptz, $${args.length})`);
  }
  return { sql: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, args };
}

export function createPgAuditStore(connection: () => Queryable, who: { actor: () => string | null; desk: string }): AuditStore {
  return {
    async append(entry) {
      const e = checkAuditEntry(entry, who.actor() ?? DESK_ACTOR, who.desk);
      const { rows } = await connection().query<{ id: number }>(
        `INSERT INTO audit_event (at, actor, desk, action, aggregate, record_ids, enterprise, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id::float8 AS id`,
        [e.at, e.actor, e.desk, e.action, e.aggregate, e.recordIds, e.enterprise, e.detail],
      );
      return rows[0]!.id;
    },
    async list(query) {
      const { sql, args } = where(query, query.before);
      const { rows } = await connection().query<AuditEvent>(`SELECT ${COLUMNS} FROM audit_event ${sql} ORDER BY at DESC, id DESC LIMIT $${args.length + 1}`, [...args, query.limit]);
      return rows;
    },
    async count(filter) {
      const { sql, args } = where(filter);
      const { rows } = await connection().query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_event ${sql}`, args);
      return rows[0]!.n;
    },
  };
}
