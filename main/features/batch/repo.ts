/**
 * SQL of imported batches (batch, batch_row of migration 0150): the desk's synchronous side of the batch
 * store (store.ts; the team ledger's is main/ledger/pg/stores/batches.ts). A row's state is not kept here:
 * the feature reads it from the invoice the row became (view.ts), so it can never disagree with the history.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { BatchRecord, BatchStore, NewBatchRow, RowRecord } from './store.js';

const BATCH_SELECT = `SELECT b.id, b.file_name, b.created_at, b.submitted_at,
    (SELECT count(*) FROM batch_row r WHERE r.batch_id = b.id) AS invoices,
    (SELECT count(*) FROM batch_row r WHERE r.batch_id = b.id AND r.valid = 1) AS valid
  FROM batch b`;

export function createBatchRepo(db: Db) {
  const insertBatch = db.prepare<[Environment, string, string]>(`INSERT INTO batch (environment, file_name, created_at) VALUES (?, ?, ?)`);
  const insertRow = db.prepare(
    `INSERT INTO batch_row (batch_id, seq, first_row, last_row, invoice_key, ghdwmc, jshj, draft_json, errors_json, valid)
     VALUES (@batchId, @seq, @firstRow, @lastRow, @invoiceKey, @buyerName, @total, @draftJson, @errorsJson, @valid)`,
  );
  const batchById = db.prepare<[number, Environment], BatchRecord>(`${BATCH_SELECT} WHERE b.id = ? AND b.environment = ?`);
  const batches = db.prepare<[Environment, number, number], BatchRecord>(`${BATCH_SELECT} WHERE b.environment = ? ORDER BY b.id DESC LIMIT ? OFFSET ?`);
  // json_array_length: the line count lives in the draft; an invalid row without a draft counts its sheet rows.
  const rows = db.prepare<[number], RowRecord>(
    `SELECT r.id, r.seq, r.first_row, r.last_row, r.invoice_key, r.ghdwmc, r.jshj, r.errors_json, r.valid, r.lsh, r.submit_error,
            coalesce(json_array_length(r.draft_json, '$.lines'), r.last_row - r.first_row + 1) AS line_count
       FROM batch_row r WHERE r.batch_id = ? ORDER BY r.seq`,
  );
  const pending = db.prepare<[number], { id: number; seq: number; draft_json: string }>(
    `SELECT id, seq, draft_json FROM batch_row WHERE batch_id = ? AND valid = 1 AND lsh IS NULL AND submit_error IS NULL ORDER BY seq`,
  );
  const markSubmitted = db.prepare<[string, number]>(`UPDATE batch SET submitted_at = ? WHERE id = ? AND submitted_at IS NULL`);
  const setLsh = db.prepare<[string, number]>(`UPDATE batch_row SET lsh = ? WHERE id = ? AND lsh IS NULL`);
  const setSubmitError = db.prepare<[string, number]>(`UPDATE batch_row SET submit_error = ? WHERE id = ?`);
  const batchOfLsh = db.prepare<[string], { batch_id: number }>(`SELECT batch_id FROM batch_row WHERE lsh = ?`);
  const validRows = db.prepare<[number], { lsh: string | null; submit_error: string | null }>(
    `SELECT lsh, submit_error FROM batch_row WHERE batch_id = ? AND valid = 1 ORDER BY seq`,
  );
  const unfinished = db.prepare<[Environment], { id: number }>(
    `SELECT DISTINCT b.id FROM batch b JOIN batch_row r ON r.batch_id = b.id
      WHERE b.environment = ? AND b.submitted_at IS NOT NULL AND r.valid = 1 AND r.lsh IS NULL AND r.submit_error IS NULL ORDER BY b.id`,
  );

  const repo = {
    insert: (environment: Environment, fileName: string, at: string): number => Number(insertBatch.run(environment, fileName, at).lastInsertRowid),
    insertRows(batchId: number, rows: readonly NewBatchRow[]): void {
      for (const row of rows) insertRow.run({ batchId, ...row, valid: row.valid ? 1 : 0 });
    },
    byId: (batchId: number, environment: Environment): BatchRecord | undefined => batchById.get(batchId, environment),
    list: (environment: Environment, limit: number, offset: number): BatchRecord[] => batches.all(environment, limit, offset),
    rows: (batchId: number): RowRecord[] => rows.all(batchId),
    pendingRows: (batchId: number) => pending.all(batchId),
    validRows: (batchId: number) => validRows.all(batchId),
    markSubmitted: (batchId: number, at: string): void => void markSubmitted.run(at, batchId),
    setLsh: (rowId: number, lsh: string): boolean => setLsh.run(lsh, rowId).changes === 1,
    setSubmitError: (rowId: number, error: string): void => void setSubmitError.run(error, rowId),
    batchOfLsh: (lsh: string): number | undefined => batchOfLsh.get(lsh)?.batch_id,
    unfinished: (environment: Environment): number[] => unfinished.all(environment).map((row) => row.id),
  };
  // The repo is the SQLite side of the batch store (main/ledger/sqlite/batches.ts): the same methods, synchronous.
  return repo satisfies { [K in keyof BatchStore]: (...args: Parameters<BatchStore[K]>) => Awaited<ReturnType<BatchStore[K]>> };
}

export type BatchRepo = ReturnType<typeof createBatchRepo>;
