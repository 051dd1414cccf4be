/**
 * The audit trail on the ledger port (issue 24: "every row records who did what"; docs/team-ledger.md §6):
 * the `audit_event` table, whichever database keeps it — the desk's SQLite (migration 0590) or a team's
 * PostgreSQL (pg migrations 0470 and 0650) — through one store for both (main/ledger/stores/audit.ts). Append-only
 * on purpose: there is no method to change or remove an event (on PostgreSQL a desk's login may not either,
 * pg migration 0650; on SQLite triggers refuse it). Who and where are the store's to fill in — the desk's
 * signed-in clerk (main/db/actor.ts) and the desk's name — so a caller names only what it did:
 * `await tx.audit.append({ action: 'clerk.created', aggregate: 'clerk', recordIds: [String(id)] })`, inside
 * the transaction of the write it records, so that the event and the write commit together.
 *
 * The store checks an event with `checkAuditEntry` before writing it, so both databases refuse the same bad
 * events with the same AuditEntryError. Times are ISO 8601 text in UTC with milliseconds on both.
 */
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent, type AuditFilter } from '../../../shared/ipc/schemas/audit.js';

export interface AuditEntry {
  action: AuditAction;
  /** The kind of record acted on: a table's name (issued_invoice, clerk, enterprise) or a subject (settings). */
  aggregate: string;
  /** The records' ids as text (row ids, serials); none for an action on no one record (a sign-in). */
  recordIds?: readonly string[];
  /** The enterprise (tax number) the records belong to; an archive of that enterprise carries the event. */
  enterprise?: string | null;
  /** What else the action names (a role, a file name), a JSON object of at most 4,000 characters. */
  detail?: Readonly<Record<string, unknown>> | null;
  /** When; the store's clock by default (moving and tests give it). */
  at?: string;
}

export interface AuditQuery extends AuditFilter {
  /** Keyset: only events older than this one (by time, then id), newest first. */
  before?: { at: string; id: number };
  limit: number;
}

export interface AuditStore {
  /** Appends one event signed by the acting clerk at this desk; refuses a bad one with AuditEntryError. */
  append(entry: AuditEntry): Promise<number>;
  /** Events matching the filter, newest first (time, then id). */
  list(query: AuditQuery): Promise<AuditEvent[]>;
  count(filter: AuditFilter): Promise<number>;
}

/** An event the trail refuses, naming the field and why; nothing is written. */
export class AuditEntryError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`audit event refused: ${field} ${reason}`);
    this.name = 'AuditEntryError';
  }
}

/** An event as the store writes it: every field checked, the time normalised. */
export interface CheckedAuditEntry {
  at: string;
  actor: string;
  desk: string;
  action: AuditAction;
  aggregate: string;
  recordIds: string[];
  enterprise: string | null;
  detail: string | null;
}

const ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);
const MAX_DETAIL = 4000;
const MAX_IDS = 500;

function text(field: string, value: unknown, max: number, min = 1): string {
  if (typeof value !== 'string') throw new AuditEntryError(field, 'is not text');
  if (value.length < min || value.length > max) throw new AuditEntryError(field, `must be ${min}–${max} characters`);
  // PostgreSQL text cannot hold NUL: refused on both, so both answer the same.
  if (value.includes('\u0000')) throw new AuditEntryError(field, 'contains NUL');
  return value;
}

/** A time as the trail keeps it (ISO 8601, UTC, milliseconds); refuses what is not one. */
export function auditTime(field: string, value: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  const ms = parts ? Date.parse(value) : Number.NaN;
  // Date.parse rolls 30 February over into March: the day must exist in its month.
  const day = parts ? new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]))).getUTCDate() : Number.NaN;
  if (Number.isNaN(ms) || day !== Number(parts?.[3])) throw new AuditEntryError(field, 'is not an ISO 8601 time');
  return new Date(ms).toISOString();
}

export function checkAuditEntry(entry: AuditEntry, actor: string, desk: string, now: () => Date = () => new Date()): CheckedAuditEntry {
  if (!ACTIONS.has(entry.action)) throw new AuditEntryError('action', `is not a known action (${String(entry.action).slice(0, 40)})`);
  const ids = entry.recordIds ?? [];
  if (!Array.isArray(ids) || ids.length > MAX_IDS) throw new AuditEntryError('recordIds', `must be a list of at most ${MAX_IDS}`);
  const detail = entry.detail ?? null;
  if (detail !== null && (typeof detail !== 'object' || Array.isArray(detail))) throw new AuditEntryError('detail', 'is not an object');
  const detailJson = detail === null ? null : JSON.stringify(detail);
  if (detailJson !== null && (detailJson.length > MAX_DETAIL || detailJson.includes('\\u0000'))) throw new AuditEntryError('detail', `must be at most ${MAX_DETAIL} characters of JSON without NUL`);
  return {
    at: entry.at === undefined ? now().toISOString() : auditTime('at', entry.at),
    actor: text('actor', actor, 100, 0),
    desk: text('desk', desk, 200),
    action: entry.action,
    aggregate: text('aggregate', entry.aggregate, 60),
    recordIds: ids.map((id) => text('recordIds', id, 200)),
    enterprise: entry.enterprise == null ? null : text('enterprise', entry.enterprise, 40),
    detail: detailJson,
  };
}
