/** Certification batches and their items (stores/certification.ts). */
import type { Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { BatchStatus } from '../../../features/certification/store.js';

/**
 * One batch sent for certification (applyLegalize): SQLite 0100, 0500 (signed); PostgreSQL 0471 and 0500 (and 0650's
 * insert_xact, which its trigger fills: no store writes it). pch is unique on both.
 */
export interface CertificationBatchTable {
  id: Generated<number>;
  environment: Environment;
  pch: string;
  gmfsbh: string;
  sqskssq: string;
  fhhs: number;
  status: BatchStatus;
  ztdm: string | null;
  ztxx: string | null;
  request_json: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

/** One invoice of a batch, keyed (batch_id, fpdm, fphm): SQLite 0100; PostgreSQL 0471 and 0510. */
export interface CertificationItemTable {
  batch_id: number;
  fpdm: string;
  fphm: string;
  fplxdm: string;
  sqrzlx: string;
  /**
   * The valid tax asked for, as decimal text: TEXT NOT NULL on SQLite ('' when not given), NUMERIC(18,2) on
   * PostgreSQL (NULL when not given, since pg 8), answered as text. The store reads it as '' when absent.
   */
  yxse: string | null;
  rzzt: string | null;
  rzrq: string | null;
  rzclzt: string | null;
  sbyy: string | null;
  pczt: string | null;
  glzt: string | null;
}

export interface CertificationTables {
  certification_batch: CertificationBatchTable;
  certification_item: CertificationItemTable;
}
