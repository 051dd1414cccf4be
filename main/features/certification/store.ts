/**
 * What the certification feature needs of the ledger port (main/ledger/port.ts; docs/team-ledger.md §2):
 * certification batches and their items, one implementation for the desk's SQLite file and a team's
 * PostgreSQL (main/ledger/stores/certification.ts). Types only. The batch number PCH is unique across the
 * ledger (the service's idempotency key), so a batch is one row whichever desk reads it.
 */
import type { Environment } from '../../../shared/ipc/index.js';
import type { CertificationItem, CertificationResultElement } from '../../../shared/spec/certification.js';

export type BatchStatus = 'queued' | 'submitted' | 'processing' | 'done' | 'rejected' | 'failed';

export interface CertificationBatchRow {
  id: number;
  environment: Environment;
  pch: string;
  gmfsbh: string;
  sqskssq: string;
  fhhs: number;
  status: BatchStatus;
  ztdm: string | null;
  ztxx: string | null;
  created_at: string;
  updated_at: string;
}

/** An item of a batch; yxse is the valid tax asked for as decimal text, '' when it was not given. */
export interface CertificationItemRow {
  fpdm: string;
  fphm: string;
  fplxdm: string;
  sqrzlx: string;
  yxse: string;
  rzzt: string | null;
  rzrq: string | null;
  rzclzt: string | null;
  sbyy: string | null;
  pczt: string | null;
  glzt: string | null;
}

export interface NewCertificationBatch {
  environment: Environment;
  PCH: string;
  GMFSBH: string;
  SQSKSSQ: string;
  items: CertificationItem[];
  requestJson: string;
}

export type ItemCounts = Partial<Record<'pending' | 'succeeded' | 'failed', number>>;

export interface CertificationStore {
  /** Stores a batch (queued, signed by the clerk acting) and its items; call in the transaction that enqueues it. */
  insert(batch: NewCertificationBatch, now: string): Promise<number>;
  findByPch(pch: string): Promise<CertificationBatchRow | null>;
  /** The buyer's latest batches, newest first. */
  list(environment: Environment, gmfsbh: string, limit: number): Promise<CertificationBatchRow[]>;
  /** Invoices (FPDM|FPHM) in batches of this buyer still being processed. */
  pendingKeys(environment: Environment, gmfsbh: string): Promise<Set<string>>;
  /** Each invoice whose latest certification item failed, with what was asked. */
  lastFailed(environment: Environment, gmfsbh: string): Promise<Array<CertificationItemRow & { batch_id: number; sqskssq: string }>>;
  /** Whether an invoice was sent again in a batch after `batchId`. */
  resentAfter(batchId: number, fpdm: string, fphm: string): Promise<boolean>;
  /** Items of this buyer's batches for a tax period, by state. */
  countsFor(environment: Environment, gmfsbh: string, period: string): Promise<ItemCounts>;
  /** A batch's items, by code and number. */
  items(batchId: number): Promise<CertificationItemRow[]>;
  /** Moves the batch on; a code or message not given keeps the one stored. */
  setStatus(pch: string, status: BatchStatus, now: string, ztdm?: string | null, ztxx?: string | null): Promise<void>;
  /** The service's outcome of each item. */
  applyResults(batchId: number, results: readonly CertificationResultElement[]): Promise<void>;
}
