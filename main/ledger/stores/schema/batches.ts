/** Batches imported from Excel (stores/batches.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { BatchRecord, RowRecord } from '../../../features/batch/store.js';

/** One imported sheet: SQLite 0150; PostgreSQL 0540. A reader gets the feature's BatchRecord, its counts counted. */
export interface BatchTable extends Omit<BatchRecord, 'id' | 'invoices' | 'valid'> {
  id: Generated<number>;
  environment: Environment;
}

/**
 * One invoice of a batch (one or several sheet rows): SQLite 0150; PostgreSQL 0540. A reader gets the feature's
 * RowRecord (features/batch/store.ts; its line_count is counted, not stored); jshj is a valid row's total as decimal
 * text (TEXT on SQLite, NUMERIC(18,2) on PostgreSQL, answered as text).
 */
export interface BatchRowTable extends Omit<RowRecord, 'id' | 'line_count' | 'valid'> {
  id: Generated<number>;
  batch_id: number;
  /** The draft as JSON text; null for a row that could not be shaped into one. */
  draft_json: string | null;
  /** INTEGER 0/1 on SQLite, boolean on PostgreSQL: written as a boolean, read through the store's 0/1. */
  valid: ColumnType<number | boolean, boolean, boolean>;
}

export interface BatchTables {
  batch: BatchTable;
  batch_row: BatchRowTable;
}
