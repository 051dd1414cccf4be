/**
 * What the collection feature needs of the ledger port (main/ledger/port.ts; docs/team-ledger.md §2): the
 * input ledger — collected invoices, their lines and change history — and collection runs, the same on the
 * desk's SQLite file and a team's PostgreSQL, written once for both (main/ledger/stores/collection.ts). The
 * types of what it stores and answers, and the status fields whose changes it keeps. Money stays the decimal
 * strings the service sent.
 *
 * An invoice is keyed by environment + code + number on both databases: stored again — by this desk or
 * by a colleague's collecting the same period — it is updated, never doubled, and each tracked status
 * field that changed is kept in its change history.
 */
import type { LedgerFilter, LedgerRow, LedgerTotals } from '../../../shared/ipc/schemas/collection.js';
import type { Environment } from '../../../shared/ipc/index.js';

export interface CollectedLine {
  XH: number;
  SPMC?: string | null;
  SPBM?: string | null;
  GGXH?: string | null;
  DW?: string | null;
  SPSL?: string | null;
  DJ?: string | null;
  JE?: string | null;
  SL?: string | null;
  SE?: string | null;
}

export interface CollectedInvoice {
  FPLXDM: string;
  FPDM?: string | null;
  FPHM: string;
  KPRQ?: string | null;
  DQSKSSQ?: string | null;
  GXJZR?: string | null;
  GXRQQ?: string | null;
  GXRQZ?: string | null;
  GMFMC?: string | null;
  GMFSBH?: string | null;
  XHFMC?: string | null;
  XHFSBH?: string | null;
  HJJE?: string | null;
  SE?: string | null;
  JSHJ?: string | null;
  BZ?: string | null;
  FPZT?: string | null;
  RZZT?: string | null;
  RZRQ?: string | null;
  RZSQ?: string | null;
  RZLX?: string | null;
  GLZT?: string | null;
  YXSE?: string | null;
  /** null: the record carries no lines (main information) and the lines held are kept. */
  lines: CollectedLine[] | null;
  recordJson: string;
}

/** Status fields whose changes are kept in collected_invoice_change. */
export const TRACKED_FIELDS = ['FPZT', 'RZZT', 'RZRQ', 'RZSQ', 'RZLX', 'GLZT', 'YXSE'] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

export type RunStatus = 'running' | 'closing' | 'done' | 'failed';
export type CollectionKind = '01' | '03' | '08' | '14' | '31' | 'main';

export interface RunRow {
  id: number;
  environment: Environment;
  enterprise: string;
  kind: CollectionKind;
  pch: string;
  cjksrq: string;
  cjjsrq: string;
  next_kshs: number;
  total_rows: number | null;
  rows_received: number;
  status: RunStatus;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface StoredPage {
  runId: number;
  PCH: string;
  enterprise: string;
  records: readonly CollectedInvoice[];
  totalRows: number;
  nextKshs: number;
  /** Every row has come: the run moves on to its closing request (ZTBZ 0). */
  complete: boolean;
  at: string;
}

/** A collected invoice as certification checks it (the selection's candidates). */
export interface CertificationCandidate {
  id: number;
  fplxdm: string;
  /** '' for invoices without a code (digital ones), so the key (environment, fpdm, fphm) holds. */
  fpdm: string;
  fphm: string;
  kprq: string | null;
  se: string | null;
  hjje: string | null;
  fpzt: string | null;
  rzzt: string | null;
  rzlx: string | null;
  glzt: string | null;
  dqskssq: string | null;
  gxjzr: string | null;
  gxrqq: string | null;
  gxrqz: string | null;
}

/** A tax period as the input sums take it: its months (yyyyMM) and its first and last days (yyyy-MM-dd, China calendar). */
export interface InputPeriod {
  months: readonly string[];
  from: string;
  to: string;
}

/**
 * The input side of the period statistics (统计, issues 25 and 33), per invoice kind, as two figures each exactly
 * the period's: the invoices collected that were issued in it (KPRQ within its days — not the selection pool of
 * DQSKSSQ, which holds every uncertified invoice of years past), and those certified for it (RZZT 1, RZSQ one of
 * its months) with their valid tax (YXSE). Sums in integer fen.
 */
export interface InputKindSums {
  kind: string;
  /** Collected invoices issued in the period (KPRQ within its days). */
  count: number;
  amountFen: number;
  taxFen: number;
  /** Invoices certified for the period (RZSQ in it). */
  certified: number;
  certifiedAmountFen: number;
  certifiedTaxFen: number;
  certifiedValidTaxFen: number;
}

/** New values of an invoice's tracked status fields (certification outcomes); absent fields stay. */
export type StatusUpdate = { FPDM: string; FPHM: string } & Partial<Record<TrackedField, string | null>>;

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

  createRun(environment: Environment, run: Pick<RunRow, 'enterprise' | 'kind' | 'pch' | 'cjksrq' | 'cjjsrq'>, at: string): Promise<number>;
  run(environment: Environment, id: number): Promise<RunRow | null>;
  /** Runs still running or closing, oldest first (every enterprise: a cut run is resumed whoever is active). */
  unfinishedRuns(environment: Environment): Promise<RunRow[]>;
  /** The end (cjjsrq) of the enterprise's latest successful run of a kind. */
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
