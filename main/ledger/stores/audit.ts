/**
 * The audit trail (the audit store of the ledger port, main/features/audit/store.ts), the one implementation for
 * both databases: the owner of `audit_event`, append-only. It only ever inserts and reads; what keeps the trail
 * from being forged or rewritten is the databases' own, not this store's: on the desk's SQLite triggers refuse
 * UPDATE and DELETE (migration 0590); on a team's PostgreSQL a desk's login may only read and insert, and a
 * trigger stamps each event with the server's clock, the session's clerk and desk and the login (pg migration 0650,
 * rights/grants.ts and rights/guards.ts) — the actor, desk and time this store writes stand only for the team's
 * owner (moving a desk in).
 *
 * Events are checked before they are written (checkAuditEntry: the same refusals on both) and signed by the
 * acting clerk, or DESK_ACTOR when none is signed in, at this desk. Times are the normalised ISO text on both, so
 * newest-first keyset pages over (at, id) walk the same rows in the same order; a page is at most a few dozen
 * events (操作日志), so compiling its statement per call costs nothing that matters.
 */
import type { SelectQueryBuilder } from 'kysely';
import { DESK_ACTOR, type AuditEvent, type AuditFilter } from '../../../shared/ipc/schemas/audit.js';
import { auditTime, checkAuditEntry, type AuditQuery, type AuditStore } from '../../features/audit/store.js';
import { auditColumns } from './dialects/audit.js';
import type { LedgerSchema } from './schema/index.js';
import type { StoreSql } from './sql.js';

export interface AuditSigner {
  /** The signed-in clerk, read at each event; null when none is (the event is DESK_ACTOR's). */
  actor: () => string | null;
  /** This desk's name, read at each event. */
  desk: () => string;
}

const COLUMNS = ['id', 'at', 'actor', 'desk', 'action', 'aggregate', 'record_ids', 'enterprise', 'detail'] as const;

type Events = SelectQueryBuilder<LedgerSchema, 'audit_event', object>;

/** The events a filter keeps, and of those only the ones older than `before` (by time, then id). */
function matching(events: Events, filter: AuditFilter, before?: AuditQuery['before']): Events {
  let query = events;
  if (filter.actor !== undefined) query = query.where('actor', '=', filter.actor);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.enterprise !== undefined) query = query.where('enterprise', '=', filter.enterprise);
  if (filter.from !== undefined) query = query.where('at', '>=', auditTime('from', filter.from));
  if (filter.to !== undefined) query = query.where('at', '<', auditTime('to', filter.to));
  if (before !== undefined) {
    const at = auditTime('before', before.at);
    query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(at, before.id)));
  }
  return query;
}

export function createAuditStore(q: StoreSql, who: AuditSigner): AuditStore {
  const stored = auditColumns[q.kind];
  const events = () => q.db.selectFrom('audit_event');
  return {
    async append(entry) {
      const e = checkAuditEntry(entry, who.actor() ?? DESK_ACTOR, who.desk());
      const row = await q.first(
        q.db
          .insertInto('audit_event')
          .values({
            at: e.at,
            actor: e.actor,
            desk: e.desk,
            action: e.action,
            aggregate: e.aggregate,
            record_ids: stored.writeIds(e.recordIds),
            enterprise: e.enterprise,
            detail: e.detail,
          })
          .returning('id'),
      );
      return row!.id;
    },
    async list(query) {
      const rows = await q.all(matching(events(), query, query.before).select(COLUMNS).orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit));
      return rows.map(
        (row): AuditEvent => ({
          id: row.id,
          at: row.at,
          actor: row.actor,
          desk: row.desk,
          action: row.action,
          aggregate: row.aggregate,
          recordIds: stored.readIds(row.record_ids),
          enterprise: row.enterprise,
          detail: stored.readDetail(row.detail),
        }),
      );
    },
    async count(filter) {
      const row = await q.first(matching(events(), filter).select((eb) => eb.fn.countAll<number>().as('n')));
      return row!.n;
    },
  };
}
