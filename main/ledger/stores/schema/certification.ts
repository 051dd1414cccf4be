/** Certification batches and their items (stores/certification.ts). */
import type { Generated } from 'kysely';
import type { CertificationBatchRow, CertificationItemRow } from '../../../features/certification/store.js';

/**
 * One batch sent for certification (applyLegalize): SQLite 0100, 0500 (signed); PostgreSQL 0471 and 0500 (and 0650's
 * insert_xact, which its trigger fills: no store writes it). pch is unique on both. A reader gets the feature's
 * CertificationBatchRow (features/certification/store.ts); the rest are the row's own.
 */
export interface CertificationBatchTable extends Omit<CertificationBatchRow, 'id'> {
  id: Generated<number>;
  request_json: string;
  created_by: string | null;
  updated_by: string | null;
}

/** One invoice of a batch, keyed (batch_id, fpdm, fphm): SQLite 0100; PostgreSQL 0471 and 0510. */
export interface CertificationItemTable extends Omit<CertificationItemRow, 'yxse'> {
  batch_id: number;
  /**
   * The valid tax asked for, as decimal text: TEXT NOT NULL on SQLite ('' when not given), NUMERIC(18,2) on
   * PostgreSQL (NULL when not given, since pg 8), answered as text. The store reads it as '' when absent.
   */
  yxse: string | null;
}

export interface CertificationTables {
  certification_batch: CertificationBatchTable;
  certification_item: CertificationItemTable;
}
