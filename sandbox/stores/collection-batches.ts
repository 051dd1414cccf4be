/**
 * SQL of collection batches: one row per PCH (one logical request) with the snapshot of invoice rows it
 * pages through, the start rows already answered, and the per-buyer flags that say a buyer's initial
 * collection of a kind has happened.
 */
import type { Db } from '../database.js';
import type { CollectionRow } from './tax-authority.js';

export type CollectionEndpoint = 'invoice' | 'mainInvoice';

export interface CollectionBatch {
  pch: string;
  appKey: string;
  endpoint: CollectionEndpoint;
  gmfsbh: string;
  /** The FPLXDM of endpoint 3, or 'main' for endpoint 6. */
  kind: string;
  cjksrq: string;
  cjjsrq: string;
  initial: boolean;
  totalRows: number;
  /** Start row of the next page not yet handed out. */
  nextKshs: number;
  /** Start row of the request that ended the batch (ZTBZ 0), or null while it is open. */
  endedKshs: number | null;
  createdAt: number;
}

export interface SnapshotRow extends CollectionRow {
  rowNo: number;
}

export interface CollectionBatchStore {
  find(pch: string): CollectionBatch | undefined;
  /** Every batch of one buyer, oldest first (the control API's view for exactly-once checks). */
  listFor(gmfsbh: string): CollectionBatch[];
  initialDone(gmfsbh: string, kind: string): boolean;
  /** Stores the batch and its rows, and for an initial batch the buyer's flag, in one transaction. */
  create(batch: Omit<CollectionBatch, 'totalRows' | 'nextKshs' | 'endedKshs'>, rows: readonly CollectionRow[]): CollectionBatch;
  /** Up to `limit` snapshot rows from `fromRow` on. */
  rows(pch: string, fromRow: number, limit: number): SnapshotRow[];
  isAnsweredStart(pch: string, kshs: number): boolean;
  /** Records an answered page: its start row, the next start row, and whether it ended the batch. */
  recordPage(pch: string, kshs: number, nextKshs: number, ends: boolean): void;
}

interface BatchRow {
  pch: string;
  app_key: string;
  endpoint: CollectionEndpoint;
  gmfsbh: string;
  kind: string;
  cjksrq: string;
  cjjsrq: string;
  initial: number;
  total_rows: number;
  next_kshs: number;
  ended_kshs: number | null;
  created_at: number;
}

const toBatch = (row: BatchRow): CollectionBatch => ({
  pch: row.pch,
  appKey: row.app_key,
  endpoint: row.endpoint,
  gmfsbh: row.gmfsbh,
  kind: row.kind,
  cjksrq: row.cjksrq,
  cjjsrq: row.cjjsrq,
  initial: row.initial === 1,
  totalRows: row.total_rows,
  nextKshs: row.next_kshs,
  endedKshs: row.ended_kshs,
  createdAt: row.created_at,
});

export function createCollectionBatchStore(db: Db): CollectionBatchStore {
  const selectBatch = db.prepare<[string], BatchRow>('SELECT * FROM collection_batches WHERE pch = ?');
  const selectBuyer = db.prepare<[string], BatchRow>('SELECT * FROM collection_batches WHERE gmfsbh = ? ORDER BY created_at, rowid');
  const selectInitial = db.prepare<[string, string], { pch: string }>('SELECT pch FROM collection_initial_done WHERE gmfsbh = ? AND kind = ?');
  const insertBatch = db.prepare(
    `INSERT INTO collection_batches (pch, app_key, endpoint, gmfsbh, kind, cjksrq, cjjsrq, initial, total_rows, next_kshs, created_at)
     VALUES (@pch, @appKey, @endpoint, @gmfsbh, @kind, @cjksrq, @cjjsrq, @initial, @totalRows, 1, @createdAt)`,
  );
  const insertRow = db.prepare('INSERT INTO collection_batch_rows (pch, row_no, invoice_id, weight) VALUES (?, ?, ?, ?)');
  const insertInitial = db.prepare('INSERT INTO collection_initial_done (gmfsbh, kind, pch) VALUES (?, ?, ?)');
  const selectRows = db.prepare<[string, number, number], SnapshotRow>(
    `SELECT row_no AS rowNo, invoice_id AS invoiceId, weight FROM collection_batch_rows
     WHERE pch = ? AND row_no >= ? ORDER BY row_no LIMIT ?`,
  );
  const selectStart = db.prepare<[string, number], { kshs: number }>('SELECT kshs FROM collection_page_starts WHERE pch = ? AND kshs = ?');
  const insertStart = db.prepare('INSERT OR IGNORE INTO collection_page_starts (pch, kshs) VALUES (?, ?)');
  const updateBatch = db.prepare(
    `UPDATE collection_batches SET next_kshs = max(next_kshs, @nextKshs), ended_kshs = coalesce(ended_kshs, @endedKshs) WHERE pch = @pch`,
  );

  const create = db.transaction((batch: Omit<CollectionBatch, 'totalRows' | 'nextKshs' | 'endedKshs'>, rows: readonly CollectionRow[]) => {
    insertBatch.run({ ...batch, initial: batch.initial ? 1 : 0, totalRows: rows.length });
    rows.forEach((row, index) => insertRow.run(batch.pch, index + 1, row.invoiceId, row.weight));
    if (batch.initial) insertInitial.run(batch.gmfsbh, batch.kind, batch.pch);
  });
  const recordPage = db.transaction((pch: string, kshs: number, nextKshs: number, ends: boolean) => {
    insertStart.run(pch, kshs);
    updateBatch.run({ pch, nextKshs, endedKshs: ends ? kshs : null });
  });

  return {
    find(pch) {
      const row = selectBatch.get(pch);
      return row && toBatch(row);
    },
    listFor: (gmfsbh) => selectBuyer.all(gmfsbh).map(toBatch),
    initialDone: (gmfsbh, kind) => selectInitial.get(gmfsbh, kind) !== undefined,
    create(batch, rows) {
      create(batch, rows);
      const stored = selectBatch.get(batch.pch);
      if (!stored) throw new Error(`collection batch ${batch.pch} was not stored`);
      return toBatch(stored);
    },
    rows: (pch, fromRow, limit) => selectRows.all(pch, fromRow, limit),
    isAnsweredStart: (pch, kshs) => selectStart.get(pch, kshs) !== undefined,
    recordPage: (pch, kshs, nextKshs, ends) => recordPage(pch, kshs, nextKshs, ends),
  };
}
