/**
 * What the collection feature needs of the ledger port (main/ledger/port.ts; docs/team-ledger.md §2): the
 * input ledger — collected invoices, their lines and change history — and collection runs, the same on the
 * desk's SQLite file (main/ledger/sqlite/collect.ts) and a team's PostgreSQL
 * (main/ledger/pg/stores/collect.ts). Types only. Money stays the decimal strings the service sent.
 *
 * An invoice is keyed by environment + code + number on both databases: stored again — by this desk or
 * by a colleague's collecting the same period — it is updated, never doubled, and each tracked status
 * field that changed is kept in its change history.
 */
import type { LedgerFilter, LedgerRow, LedgerTotals } from '../../../shared/ipc/schemas/collection.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { CertificationCandidate } from './ledger-repo.js';
import type { InputKindSums, InputPeriod } from './period-repo.js';
import type { CollectionKind, RunRow, RunStatus, StoredPage, TRACKED_FIELDS } from './repo.js';

/** New values of an invoice's tracked status fields (certification outcomes); absent fields stay. */
export type StatusUpdate = { FPDM: string; FPHM: string } & Partial<Record<(typeof TRACKED_FIELDS)[number], string | null>>;

export interface LedgerDetail {
  lines: Array<{ XH: number; SPMC: string | null; GGXH: string | null; DW: string | null; SPSL: string | null; DJ: string | null; JE: string | null; SL: string | null; SE: string | null }>;
  changes: Array<{ field: string; oldValue: string | null; newValue: string | null; source: string; changedAt: string }>;
}

export interface CollectionStore {
  /**
   * One answered page of a run: its invoices upserted (lines replaced when the record carries them, each
   * changed tracked field kept) and the run moved on (next KSHS, rows received, closing once complete).
   * Several statements: call it inside `ledger.transaction`, so a page is kept whole or not at all.
   */
  storePage(environment: Environment, page: StoredPage): Promise<{ fresh: number; updated: number }>;
  /** Writes status outcomes onto the enterprise's invoices held, keeping each change; answers the ids changed. */
  updateStatus(environment: Environment, enterprise: string, updates: readonly StatusUpdate[], source: string, at: string): Promise<number[]>;

  createRun(environment: Environment, run: { enterprise: string; kind: CollectionKind; PCH: string; CJKSRQ: string; CJJSRQ: string }, at: string): Promise<number>;
  run(environment: Environment, id: number): Promise<RunRow | null>;
  /** Runs still running or closing, oldest first (every enterprise: a cut run is resumed whoever is active). */
  unfinishedRuns(environment: Environment): Promise<RunRow[]>;
  /** The end (CJJSRQ) of the enterprise's latest successful run of a kind. */
  lastDoneEnd(environment: Environment, enterprise: string, kind: CollectionKind): Promise<string | null>;
  recentRuns(environment: Environment, enterprise: string, limit: number): Promise<RunRow[]>;
  finishRun(id: number, status: RunStatus, error: string | null, at: string): Promise<void>;
  /** Keeps why the last attempt of a page failed; the run stays as it is. */
  noteRunError(id: number, error: string, at: string): Promise<void>;

  /** One keyset page of the enterprise's ledger after `cursor` (none: the first); `next` null at the end. */
  page(environment: Environment, enterprise: string, filter: LedgerFilter, cursor: string | undefined, limit: number): Promise<{ rows: LedgerRow[]; next: string | null }>;
  /** Count and sums (yuan, exact) of every invoice matching. */
  totals(environment: Environment, enterprise: string, filter: LedgerFilter): Promise<LedgerTotals>;
  /** Every invoice matching, newest first, at most `limit` (the export). */
  all(environment: Environment, enterprise: string, filter: LedgerFilter, limit: number): Promise<LedgerRow[]>;
  detail(environment: Environment, enterprise: string, id: number): Promise<LedgerDetail>;
  /** The enterprise's invoices among `ids` (another enterprise's id is simply absent). */
  candidates(environment: Environment, enterprise: string, ids: readonly number[]): Promise<CertificationCandidate[]>;
  /** The latest current period (DQSKSSQ) held for the enterprise and its selection deadline. */
  currentWindow(environment: Environment, enterprise: string): Promise<{ DQSKSSQ: string; GXJZR: string | null } | null>;
  /** Per invoice kind, the invoices issued in the period (KPRQ within `from`..`to`) and those certified for it (RZSQ one of `months`). */
  periodSums(environment: Environment, enterprise: string, period: InputPeriod): Promise<InputKindSums[]>;
  /** Valid tax certified per tax period from `from` to `to` (yyyyMM, inclusive). */
  certifiedByMonth(environment: Environment, enterprise: string, from: string, to: string): Promise<Array<{ month: string; validTaxFen: number }>>;
}
