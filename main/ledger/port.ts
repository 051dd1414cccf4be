/**
 * The ledger port (docs/team-ledger.md §2): what features and the outbox worker see of the ledger, whichever
 * database runs it — the desk's own SQLite file (main/ledger/sqlite/) or a team's PostgreSQL
 * (main/ledger/pg/ledger.ts). Every store method is asynchronous because PostgreSQL is; on SQLite each one
 * resolves at once. Stores are added one at a time as features move onto the port; each feature's store interfaces
 * live in its `store.ts`.
 *
 * `ledger.transaction(async (tx) => …)` runs its body in one database transaction and hands it the stores
 * bound to it; it commits when the body resolves and rolls back when it throws. Inside the body, the
 * ledger's own stores (`ledger.outbox`) also act in that transaction (both adapters follow the async
 * context), so a repo called from a body never escapes it. A `ledger.transaction` called inside a body is
 * a savepoint of the enclosing one: its throw rolls back only its own writes (one nested transaction at a
 * time per level). A transaction's stores refuse to work once it ended.
 *
 * `ledger.afterCommit(effect)` runs what must follow a write only once it is committed — above all the change
 * event that makes this desk's views and the other desks re-read: an issuance nested in a batch's transaction
 * would otherwise announce an invoice that another desk cannot yet see (and never will, if the batch rolls back).
 *
 * On the team ledger the connection can drop in the middle (docs/team-ledger.md §7). A transaction that lost it
 * before its COMMIT was sent rejects with `LedgerNotCommittedError`: nothing of it was written, for certain. One
 * that lost it after — the server may have committed, the answer never came — is settled when the caller says
 * how to recognise its writes (`committed`): the desk waits until the server is done with the old connection
 * and looks; found, the transaction resolves as if the answer had come (its after-commit effects run), not
 * found, it rejects with `LedgerNotCommittedError`; when that cannot be found out in time, or without
 * `committed`, it rejects with `LedgerCommitUnknownError`. The desk's own SQLite file has no such middle.
 */

import type { PrintStore } from '../features/print/store.js';
import type { BatchStore } from '../features/batch/store.js';
import type { HistoryStore } from '../features/history/store.js';
import type { ClerkStore } from '../features/clerks/store.js';
import type { EnterpriseStore } from '../features/enterprises/store.js';
import type { LibraryStore } from '../features/libraries/store.js';
import type { StatisticsStore } from '../features/statistics/store.js';
import type { TemplateStore } from '../features/templates/store.js';
import type { CertificationStore } from '../features/certification/store.js';
import type { CollectionStore } from '../features/collection/store.js';
import type { IssuanceDraftStore, IssuedInvoiceStore } from '../features/issuance/store.js';
import type { ReceivedInvoiceStore } from '../features/intake/store.js';
import type { AuditStore } from '../features/audit/store.js';
import type { RedLetterFormStore } from '../features/reversal/store.js';

export type LedgerKind = 'sqlite' | 'postgres';

/** An outbox row as the worker and its handlers see it (docs/architecture.md §5). */
export interface OutboxRecord {
  id: number;
  kind: string;
  serial: string;
  request_json: string;
  state: 'pending' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
}

/**
 * A row this desk claimed: it is this desk's to send until its lease lapses. `lease` says which claim it
 * is (SQLite: the lease's end written in next_attempt_at; PostgreSQL: the desk's name in lease_owner), so
 * an outcome is written only by the claim that still holds the row.
 */
export interface OutboxClaim extends OutboxRecord {
  readonly lease: string;
}

export interface OutboxEntry {
  kind: string;
  serial: string;
  requestJson: string;
  /** The enterprise the row acts for; kept where the table has the column (the team ledger). */
  enterprise: string | null;
}

/**
 * How long an outbox claim holds unless a store is told otherwise, on both databases: longer than any request
 * timeout of the service client, so a live send never loses its row (the worker renews it every third).
 */
export const DEFAULT_OUTBOX_LEASE_MS = 120_000;

/** The durable queue of asynchronous operations; every time is the store's own clock. */
export interface OutboxStore {
  /** How long a claim holds; the worker renews a claim during a send well before that. */
  readonly leaseMs: number;
  /** Writes a row before the first byte is sent; refuses a (kind, serial) already queued with DuplicateSerialError. */
  enqueue(entry: OutboxEntry): Promise<number>;
  /** Claims up to `limit` due rows that no live lease holds, oldest due first. */
  claim(limit: number): Promise<OutboxClaim[]>;
  /** Extends a claim during a long send; null when it no longer holds the row (then its outcome counts for nothing). */
  renew(claim: OutboxClaim): Promise<OutboxClaim | null>;
  /** The final outcome, only by the claim that holds the row; false when it does not (apply nothing then). */
  finish(claim: OutboxClaim, state: 'done' | 'failed', error: string | null): Promise<boolean>;
  /** No final outcome yet: due again after `delayMs`, counted as an attempt; only by the holder. */
  reschedule(claim: OutboxClaim, delayMs: number, error: string | null): Promise<boolean>;
  /** Gives a held row back, due now (its outcome could not be stored); only by the holder. */
  release(claim: OutboxClaim): Promise<boolean>;
  /** At start: every pending row that no other desk's live lease holds becomes due now. */
  resume(): Promise<void>;
  pendingCount(): Promise<number>;
  /** Milliseconds until the next pending row may be claimed (0 when one is due now); null when none is pending. */
  nextDueIn(): Promise<number | null>;
}

/** The stores of the port; a transaction hands its body the same shape, bound to it. */
export interface LedgerStores {
  readonly outbox: OutboxStore;
  readonly print: PrintStore;
  /** The history views' reads: pages, searches of every kind, counts (features/history/store.ts). */
  readonly history: HistoryStore;
  /** Customers and products per enterprise (main/features/libraries/store.ts). */
  readonly libraries: LibraryStore;
  /** 常用发票 per enterprise (main/features/templates/store.ts). */
  readonly templates: TemplateStore;
  /** The input ledger: collected invoices, their lines and changes, collection runs. */
  readonly collection: CollectionStore;
  readonly certification: CertificationStore;
  /** The clerks who sign in and sign their work (main/features/clerks/store.ts). */
  readonly clerks: ClerkStore;
  /** The output side's totals by month, kind and rate (main/features/statistics/store.ts). */
  readonly statistics: StatisticsStore;
  /** Issued invoices, their lines and red-reversal links (main/features/issuance/store.ts). */
  readonly issuedInvoices: IssuedInvoiceStore;
  /** The issuance form's drafts, shared on a team (a 复核 reviews them). */
  readonly issuanceDrafts: IssuanceDraftStore;
  /** The enterprises served (main/features/enterprises/store.ts); which one a desk acts for stays on the desk. */
  readonly enterprises: EnterpriseStore;
  /** Received invoices (报销台账) and their verifications: main/features/intake/store.ts. */
  readonly received: ReceivedInvoiceStore;
  /** Batches imported from Excel and their rows (main/features/batch/store.ts). */
  readonly batches: BatchStore;
  /** The audit trail, append-only: who did what, where and when (main/features/audit/store.ts). */
  readonly audit: AuditStore;
  /** Red-letter form applications (main/features/reversal/store.ts); red invoices' links are issuedInvoices'. */
  readonly redForms: RedLetterFormStore;
}

/** How a transaction's caller finds out what became of it when the answer to its COMMIT was lost (see above). */
export interface TransactionOptions<T> {
  /**
   * Whether the transaction's writes are in the ledger, asked on a new connection once the server has finished
   * with the old one; `result` is what the body returned. Recognise them by something the body wrote that is
   * unique (a serial), never by counting. Only the outermost transaction's counts: a savepoint ignores it.
   */
  committed?: (stores: LedgerStores, result: T) => Promise<boolean>;
}

export interface Ledger extends LedgerStores {
  readonly kind: LedgerKind;
  transaction<T>(body: (tx: LedgerStores) => Promise<T>, options?: TransactionOptions<T>): Promise<T>;
  /**
   * Runs `effect` when the outermost transaction the calling code is in commits, or at once outside one;
   * an effect of a transaction or savepoint that rolls back never runs. Effects must not throw (one that does is logged).
   */
  afterCommit(effect: () => void): void;
}

/** A (kind, serial) already in the outbox: the serial is the service's idempotency key and is never queued twice. */
export class DuplicateSerialError extends Error {
  constructor(
    readonly kind: string,
    readonly serial: string,
    options?: { cause?: unknown },
  ) {
    super(`outbox already holds ${kind} ${serial}`, options);
    this.name = 'DuplicateSerialError';
  }
}

/**
 * The connection to the team ledger was lost and the transaction did not commit: nothing of it was written.
 * Either the connection broke before the COMMIT was sent, or the desk found out afterwards that it had not.
 */
export class LedgerNotCommittedError extends Error {
  constructor(options: { cause: unknown; afterCommitSent?: boolean }) {
    const cause = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`the team ledger connection was lost${options.afterCommitSent ? ' after COMMIT was sent; the transaction is not in the ledger' : ' before COMMIT'}: ${cause}`, {
      cause: options.cause,
    });
    this.name = 'LedgerNotCommittedError';
  }
}

/** The answer to the transaction's COMMIT was lost and the desk could not find out in time whether it committed. */
export class LedgerCommitUnknownError extends Error {
  constructor(options: { cause: unknown }) {
    super(`the answer to COMMIT was lost and whether it committed is not known yet: ${options.cause instanceof Error ? options.cause.message : String(options.cause)}`, {
      cause: options.cause,
    });
    this.name = 'LedgerCommitUnknownError';
  }
}

/** What a failed write tells about itself: certainly not written, written or not (not known), or neither (another failure). */
export function lostWriteOf(error: unknown): 'notSaved' | 'unknown' | null {
  if (error instanceof LedgerNotCommittedError) return 'notSaved';
  if (error instanceof LedgerCommitUnknownError) return 'unknown';
  return null;
}

/** A transaction used the wrong way: a programming error, named so it is found at once. */
export class LedgerTransactionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerTransactionError';
  }
}
