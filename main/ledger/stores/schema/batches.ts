/** Batches imported from Excel (stores/batches.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';

/** One imported sheet: SQLite 0150; PostgreSQL 0540. */
export interface BatchTable {
  id: Generated<number>;
  environment: Environment;
  file_name: string;
  created_at: string;
  submitted_at: string | null;
}

/** One invoice of a batch (one or several sheet rows): SQLite 0150; PostgreSQL 0540. */
export interface BatchRowTable {
  id: Generated<number>;
  batch_id: number;
  seq: number;
  first_row: number;
  last_row: number;
  invoice_key: string | null;
  ghdwmc: string | null;
  /** A valid row's total as decimal text (TEXT on SQLite, NUMERIC(18,2) on PostgreSQL, answered as text). */
  jshj: string | null;
  /** The draft as JSON text; null for a row that could not be shaped into one. */
  draft_json: string | null;
  errors_json: string;
  /** INTEGER 0/1 on SQLite, boolean on PostgreSQL: written as a boolean, read through the store's 0/1. */
  valid: ColumnType<number | boolean, boolean, boolean>;
  lsh: string | null;
  submit_error: string | null;
}

export interface BatchTables {
  batch: BatchTable;
  batch_row: BatchRowTable;
}
