/**
 * SQL of imported batches (batch, batch_row of migration 0150). The state of a submitted row is read from
 * the invoice it became (by lsh, through issuance's invoice reads), so it can never disagree with the history.
 */
import type { Db } from '../../db/open.js';
import { IPC_ERROR_CODES } from '../../../shared/ipc/index.js';
import type { BatchInvoice, BatchIssue, BatchProgress, BatchRowState, BatchSummary, Environment, InvoiceDraft, InvoiceStatus } from '../../../shared/ipc/index.js';
import type { InvoiceReads, InvoiceState } from '../issuance/repo.js';
import type { ParsedInvoice } from './parse.js';

interface BatchRecord {
  id: number;
  file_name: string;
  created_at: string;
  submitted_at: string | null;
  invoices: number;
  valid: number;
}

interface RowRecord {
  id: number;
  seq: number;
  first_row: number;
  last_row: number;
  invoice_key: string | null;
  ghdwmc: string | null;
  jshj: string | null;
  line_count: number;
  errors_json: string;
  valid: 0 | 1;
  lsh: string | null;
  submit_error: string | null;
}

/** A row with what it shows of its invoice (absent before it is submitted). */
interface ShownRow extends RowRecord {
  status: InvoiceStatus | null;
  fpdm: string | null;
  fphm: string | null;
  error_message: string | null;
}

export interface PendingRow {
  id: number;
  seq: number;
  draft: InvoiceDraft;
}

function rowState(row: ShownRow): BatchRowState {
  if (!row.valid) return 'invalid';
  if (row.status) return row.status;
  return row.submit_error ? 'failed' : 'ready';
}

type SubmitError = NonNullable<BatchInvoice['submitError']>;

/**
 * submit_error holds the IpcFailure as JSON ({ code, key, params }); a version before messages by code
 * stored a Chinese sentence there, which is shown as stored.
 */
function submitErrorOf(stored: string | null): { submitError: SubmitError | null; text: string | null } {
  if (stored === null) return { submitError: null, text: null };
  if (stored.startsWith('{')) {
    try {
      const parsed = JSON.parse(stored) as Partial<SubmitError>;
      if ((IPC_ERROR_CODES as readonly unknown[]).includes(parsed.code) && typeof parsed.key === 'string') {
        return { submitError: { code: parsed.code as SubmitError['code'], key: parsed.key, params: parsed.params ?? {} }, text: null };
      }
    } catch {
      // Not JSON after all: an old sentence that happens to start with a brace.
    }
  }
  return { submitError: null, text: stored };
}

function toInvoice(row: ShownRow): BatchInvoice {
  const { submitError, text } = submitErrorOf(row.submit_error);
  return {
    seq: row.seq,
    firstRow: row.first_row,
    lastRow: row.last_row,
    invoiceKey: row.invoice_key,
    buyerName: row.ghdwmc,
    total: row.jshj,
    lineCount: row.line_count,
    issues: JSON.parse(row.errors_json) as BatchIssue[],
    state: rowState(row),
    lsh: row.lsh,
    invoiceCode: row.fpdm,
    invoiceNumber: row.fphm,
    error: text ?? row.error_message,
    submitError,
  };
}

const BATCH_SELECT = `SELECT b.id, b.file_name, b.created_at, b.submitted_at,
    (SELECT count(*) FROM batch_row r WHERE r.batch_id = b.id) AS invoices,
    (SELECT count(*) FROM batch_row r WHERE r.batch_id = b.id AND r.valid = 1) AS valid
  FROM batch b`;

export function createBatchRepo(db: Db, invoices: Pick<InvoiceReads, 'statesByLsh'>) {
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
    `SELECT lsh, submit_error FROM batch_row WHERE batch_id = ? AND valid = 1`,
  );
  const statesOf = (lshs: ReadonlyArray<string | null>): Map<string, InvoiceState> =>
    invoices.statesByLsh(lshs.filter((lsh): lsh is string => lsh !== null));
  const unfinished = db.prepare<[Environment], { id: number }>(
    `SELECT DISTINCT b.id FROM batch b JOIN batch_row r ON r.batch_id = b.id
      WHERE b.environment = ? AND b.submitted_at IS NOT NULL AND r.valid = 1 AND r.lsh IS NULL AND r.submit_error IS NULL`,
  );

  function progressOf(batchId: number): BatchProgress {
    const valid = validRows.all(batchId);
    const states = statesOf(valid.map((row) => row.lsh));
    let issued = 0;
    let failed = 0;
    for (const row of valid) {
      const status = row.lsh === null ? undefined : states.get(row.lsh)?.status;
      if (status === 'issued') issued += 1;
      else if (status === 'failed' || (row.lsh === null && row.submit_error !== null)) failed += 1;
    }
    return { batchId, total: valid.length, issued, failed, queued: valid.length - issued - failed };
  }

  const toSummary = (b: BatchRecord): BatchSummary => ({
    id: b.id,
    fileName: b.file_name,
    createdAt: b.created_at,
    submittedAt: b.submitted_at,
    invoices: b.invoices,
    valid: b.valid,
    invalid: b.invoices - b.valid,
    progress: progressOf(b.id),
  });

  return {
    /** The batch and all its invoices in one transaction: an import is kept whole or not at all. */
    insertBatch(environment: Environment, fileName: string, at: string, invoices: readonly ParsedInvoice[]): number {
      return db.transaction(() => {
        const batchId = Number(insertBatch.run(environment, fileName, at).lastInsertRowid);
        for (const invoice of invoices) {
          const valid = invoice.draft !== null && !invoice.issues.some((issue) => issue.severity === 'error');
          insertRow.run({
            batchId,
            seq: invoice.seq,
            firstRow: invoice.firstRow,
            lastRow: invoice.lastRow,
            invoiceKey: invoice.invoiceKey,
            buyerName: invoice.buyerName,
            total: invoice.total,
            draftJson: invoice.draft === null ? null : JSON.stringify(invoice.draft),
            errorsJson: JSON.stringify(invoice.issues),
            valid: valid ? 1 : 0,
          });
        }
        return batchId;
      })();
    },
    summary: (batchId: number, environment: Environment): BatchSummary | undefined => {
      const b = batchById.get(batchId, environment);
      return b && toSummary(b);
    },
    list: (environment: Environment, limit: number, offset: number): BatchSummary[] => batches.all(environment, limit, offset).map(toSummary),
    invoices(batchId: number): BatchInvoice[] {
      const all = rows.all(batchId);
      const states = statesOf(all.map((row) => row.lsh));
      return all.map((row) => {
        const state = row.lsh === null ? undefined : states.get(row.lsh);
        return toInvoice({ ...row, status: state?.status ?? null, fpdm: state?.fpdm ?? null, fphm: state?.fphm ?? null, error_message: state?.error_message ?? null });
      });
    },
    pendingRows: (batchId: number): PendingRow[] =>
      pending.all(batchId).map((row) => ({ id: row.id, seq: row.seq, draft: JSON.parse(row.draft_json) as InvoiceDraft })),
    markSubmitted: (batchId: number, at: string): void => void markSubmitted.run(at, batchId),
    setLsh: (rowId: number, lsh: string): void => {
      if (setLsh.run(lsh, rowId).changes !== 1) throw new Error(`batch row ${rowId} already has an invoice`);
    },
    /** Records why a row could not be submitted, by code (shown in the UI's language). */
    setSubmitError: (rowId: number, error: SubmitError): void => void setSubmitError.run(JSON.stringify(error), rowId),
    batchOfLsh: (lsh: string): number | undefined => batchOfLsh.get(lsh)?.batch_id,
    progress: progressOf,
    unfinishedBatches: (environment: Environment): number[] => unfinished.all(environment).map((row) => row.id),
    transaction: <T>(work: () => T): T => db.transaction(work)(),
  };
}

export type BatchRepo = ReturnType<typeof createBatchRepo>;
