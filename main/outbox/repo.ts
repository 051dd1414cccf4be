/**
 * SQL of the outbox table (docs/architecture.md §5). Callers own the transactions that span a feature's tables.
 * The worker claims through the ledger port's SQLite adapter (main/ledger/sqlite/outbox.ts): a claim is a lease written as
 * next_attempt_at, and the value written names the claim, so only the claim that still holds a row writes its
 * outcome. Each claim moves next_attempt_at forward by at least 1 ms, so no two claims of a row share a value.
 */
import type { Db } from '../db/open.js';
import type { OutboxRecord } from '../ledger/port.js';

/** A stored row: the port's record plus when it is due (or, while claimed, when its lease ends). */
export interface OutboxRow extends OutboxRecord {
  next_attempt_at: number;
}

export function createOutboxRepo(db: Db) {
  const insert = db.prepare<[string, string, string, number, string, string]>(
    `INSERT INTO outbox (kind, serial, request_json, state, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
  );
  const nextDue = db.prepare<[], { at: number | null }>(`SELECT MIN(next_attempt_at) AS at FROM outbox WHERE state = 'pending'`);
  const resumeAll = db.prepare<[number]>(`UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending'`);
  const claim = db.prepare<{ now: number; until: number; limit: number }, OutboxRow>(
    `UPDATE outbox SET next_attempt_at = MAX(@until, next_attempt_at + 1)
      WHERE id IN (SELECT id FROM outbox WHERE state = 'pending' AND next_attempt_at <= @now ORDER BY next_attempt_at, id LIMIT @limit)
      RETURNING *`,
  );
  const renewHeld = db.prepare<{ id: number; lease: number; until: number }, { next_attempt_at: number }>(
    `UPDATE outbox SET next_attempt_at = MAX(@until, next_attempt_at + 1) WHERE id = @id AND state = 'pending' AND next_attempt_at = @lease
      RETURNING next_attempt_at`,
  );
  const finishHeld = db.prepare<{ id: number; lease: number; state: 'done' | 'failed'; error: string | null; at: string }>(
    `UPDATE outbox SET state = @state, attempts = attempts + 1, last_error = @error, updated_at = @at
      WHERE id = @id AND state = 'pending' AND next_attempt_at = @lease`,
  );
  const rescheduleHeld = db.prepare<{ id: number; lease: number; next: number; error: string | null; at: string }>(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = @next, last_error = @error, updated_at = @at
      WHERE id = @id AND state = 'pending' AND next_attempt_at = @lease`,
  );
  const releaseHeld = db.prepare<{ id: number; lease: number; now: number }>(
    `UPDATE outbox SET next_attempt_at = @now WHERE id = @id AND state = 'pending' AND next_attempt_at = @lease`,
  );
  const pendingCount = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM outbox WHERE state = 'pending'`);

  return {
    enqueue(kind: string, serial: string, requestJson: string, nowMs: number): number {
      const iso = new Date(nowMs).toISOString();
      return Number(insert.run(kind, serial, requestJson, nowMs, iso, iso).lastInsertRowid);
    },
    nextDueAt: (): number | null => nextDue.get()?.at ?? null,
    resumeAll: (nowMs: number) => resumeAll.run(nowMs),
    pendingCount: () => pendingCount.get()?.n ?? 0,
    /** Leases up to `limit` due rows until `untilMs`; each returned row's next_attempt_at names its claim. */
    claim: (nowMs: number, untilMs: number, limit: number): OutboxRow[] =>
      claim.all({ now: nowMs, until: untilMs, limit }).sort((a, b) => a.id - b.id),
    /** The claim's new lease value, or null when `lease` no longer holds the row. */
    renewHeld: (id: number, lease: number, untilMs: number): number | null => renewHeld.get({ id, lease, until: untilMs })?.next_attempt_at ?? null,
    finishHeld: (id: number, lease: number, state: 'done' | 'failed', error: string | null, nowMs: number): boolean =>
      finishHeld.run({ id, lease, state, error, at: new Date(nowMs).toISOString() }).changes === 1,
    rescheduleHeld: (id: number, lease: number, nextAttemptAt: number, error: string | null, nowMs: number): boolean =>
      rescheduleHeld.run({ id, lease, next: nextAttemptAt, error, at: new Date(nowMs).toISOString() }).changes === 1,
    releaseHeld: (id: number, lease: number, nowMs: number): boolean => releaseHeld.run({ id, lease, now: nowMs }).changes === 1,
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
