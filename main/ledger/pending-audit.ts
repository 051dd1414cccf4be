/**
 * Audit events of actions that replace the ledger under the features (issue 34 point 5): a restore or a fresh
 * start (the ledger guard), a switch between the desk's and the team's ledger (settings, which restarts the
 * core). The ledger open when the clerk acts is the one being put away, so such an event is kept in the data
 * folder's ledger.json (health.ts's marker, beside history.db, outside any ledger) until the ledger that opens
 * next records it: the audit feature's start appends each with the time it happened and removes it — so the
 * trail a clerk reads after the restore, on the restored ledger, says it was restored, when and by whom
 * (`detail.by`: the clerk acting; the event's own actor is whoever is signed in when it is appended, nobody
 * at a start, 本机).
 */
import { AUDIT_ACTIONS, type AuditAction } from '../../shared/ipc/schemas/audit.js';
import { readMarker, writeMarker } from './health.js';

export interface PendingAuditEvent {
  action: AuditAction;
  aggregate: string;
  /** When it happened (ISO 8601). */
  at: string;
  detail: Record<string, unknown> | null;
}

const ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/** What ledger.json holds under `pendingAudit`, each entry checked (one it cannot read is dropped, not a crash). */
export function readPendingAudit(dataDir: string): PendingAuditEvent[] {
  const raw = readMarker(dataDir).pendingAudit ?? [];
  return raw.flatMap((entry: unknown) => {
    const { action, aggregate, at, detail } = (entry ?? {}) as Record<string, unknown>;
    if (typeof action !== 'string' || !ACTIONS.has(action) || typeof aggregate !== 'string' || typeof at !== 'string') return [];
    const plain = typeof detail === 'object' && detail !== null && !Array.isArray(detail) ? (detail as Record<string, unknown>) : null;
    return [{ action: action as AuditAction, aggregate, at, detail: plain }];
  });
}

function writePending(dataDir: string, pending: readonly PendingAuditEvent[]): void {
  const { pendingAudit: _kept, ...marker } = readMarker(dataDir);
  writeMarker(dataDir, pending.length > 0 ? { ...marker, pendingAudit: [...pending] } : marker);
}

/** A restore's event: which backup (its kind and time), the problem it ended if any, and the clerk who restored it. */
export function restoredEvent(backup: { name: string; kind: string; createdAt: string }, problem: string | null, by: string | null, at: Date): PendingAuditEvent {
  const detail = { backup: backup.name, kind: backup.kind, createdAt: backup.createdAt, ...(problem ? { problem } : {}), ...(by ? { by } : {}) };
  return { action: 'ledger.restored', aggregate: 'ledger', at: at.toISOString(), detail };
}

/** Keeps an event for the ledger that opens next. */
export function addPendingAudit(dataDir: string, event: PendingAuditEvent): void {
  writePending(dataDir, [...readPendingAudit(dataDir), event]);
}

/**
 * Appends the kept events to the ledger now open, oldest first, each removed once it is in; answers how many.
 * One that cannot be appended (the team ledger out of reach) stays with those after it for the next try.
 */
export async function recordPendingAudit(dataDir: string, append: (event: PendingAuditEvent) => Promise<unknown>): Promise<number> {
  let recorded = 0;
  for (let pending = readPendingAudit(dataDir); pending.length > 0; pending = readPendingAudit(dataDir)) {
    await append(pending[0]!);
    writePending(dataDir, pending.slice(1));
    recorded += 1;
  }
  return recorded;
}
