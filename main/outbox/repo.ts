/**
 * The desk's own outbox count, read synchronously by the settings (a change of environment, or a move to a team,
 * waits while the desk's own file still has operations to send) whichever ledger runs now. The outbox itself —
 * queuing, claims, outcomes — is the ledger's outbox store (main/ledger/stores/outbox.ts).
 */
import type { Db } from '../db/open.js';

export function createOutboxRepo(db: Db) {
  const pendingCount = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM outbox WHERE state = 'pending'`);
  return {
    pendingCount: () => pendingCount.get()?.n ?? 0,
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
