/**
 * The audit store of the SQLite ledger (main/features/audit/store.ts): the desk's audit repo, each call
 * settled; an event checked first (the same refusals as on PostgreSQL) and signed by the desk's signed-in
 * clerk (main/db/actor.ts) at this desk.
 */
import { DESK_ACTOR } from '../../../shared/ipc/schemas/audit.js';
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import { createAuditRepo } from '../../features/audit/repo.js';
import { checkAuditEntry, type AuditStore } from '../../features/audit/store.js';
import { settledCall, settledRepo } from './settled.js';

export function sqliteAuditStore(db: Db, desk: () => string): (connection: () => unknown) => AuditStore {
  const repo = createAuditRepo(db);
  return (connection) => {
    const { list, count } = settledRepo(repo, connection);
    return {
      list,
      count,
      append: (entry) => settledCall(connection, () => repo.append(checkAuditEntry(entry, actorOf(db) ?? DESK_ACTOR, desk()))),
    };
  };
}
