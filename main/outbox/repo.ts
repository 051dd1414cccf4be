/** SQL of the outbox table (docs/architecture.md §5). Callers own the transactions that span a feature's tables. */
import type { Db } from '../db/open.js';

export interface OutboxRow {
  id: number;
  kind: string;
  serial: string;
  request_json: string;
  state: 'pending' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

export function createOutboxRepo(db: Db) {
  const insert = db.prepare<[string, string, string, number, string, string]>(
    `INSERT INTO outbox (kind, serial, request_json, state, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
  );
  const due = db.prepare<[number, number], OutboxRow>(
    `SELECT * FROM outbox WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const nextDue = db.prepare<[], { at: number | null }>(`SELECT MIN(next_attempt_at) AS at FROM outbox WHERE state = 'pending'`);
  const reschedule = db.prepare<[number, string | null, string, number]>(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ?`,
  );
  const finish = db.prepare<['done' | 'failed', string | null, string, number]>(
    `UPDATE outbox SET state = ?, attempts = attempts + 1, last_error = ?, updated_at = ? WHERE id = ? AND state = 'pending'`,
  );
  const lease = db.prepare<[number, number]>(`UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND state = 'pending'`);
  const resumeAll = db.prepare<[number]>(`UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending'`);
  const pendingCount = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM outbox WHERE state = 'pending'`);

  return {
    enqueue(kind: string, serial: string, requestJson: string, nowMs: number): number {
      const iso = new Date(nowMs).toISOString();
      return Number(insert.run(kind, serial, requestJson, nowMs, iso, iso).lastInsertRowid);
    },
    due: (nowMs: number, limit: number) => due.all(nowMs, limit),
    nextDueAt: (): number | null => nextDue.get()?.at ?? null,
    reschedule(id: number, nextAttemptAt: number, error: string | null, nowMs: number): void {
      reschedule.run(nextAttemptAt, error, new Date(nowMs).toISOString(), id);
    },
    /** Returns false when the row was already finished (so the outcome must not be applied twice). */
    finish(id: number, state: 'done' | 'failed', error: string | null, nowMs: number): boolean {
      return finish.run(state, error, new Date(nowMs).toISOString(), id).changes === 1;
    },
    lease: (id: number, untilMs: number) => lease.run(untilMs, id),
    resumeAll: (nowMs: number) => resumeAll.run(nowMs),
    pendingCount: () => pendingCount.get()?.n ?? 0,
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
