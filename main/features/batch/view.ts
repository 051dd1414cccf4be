/**
 * What the clerk sees of a batch, made from the batch store's rows (store.ts) and the states of the
 * invoices they became, read from issuance by their lsh — so a row's state can never disagree with the
 * history: each row's shown state and failure, the batch's progress and summary.
 */
import { IPC_ERROR_CODES } from '../../../shared/ipc/index.js';
import type { BatchInvoice, BatchIssue, BatchProgress, BatchRowState, BatchSummary, Environment, InvoiceDraft, InvoiceStatus } from '../../../shared/ipc/index.js';
import type { BatchRecord, BatchStore, RowRecord } from './store.js';

/** What a batch row shows of the invoice it became (issuance's invoice reads). */
export interface InvoiceState {
  status: InvoiceStatus;
  fpdm: string | null;
  fphm: string | null;
  error_message: string | null;
}

/** States of the invoices with these lsh. */
export type StatesByLsh = (lshs: readonly string[]) => Promise<Map<string, InvoiceState>>;

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

export type SubmitError = NonNullable<BatchInvoice['submitError']>;

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

export function createBatchView(store: Pick<BatchStore, 'byId' | 'list' | 'rows' | 'pendingRows' | 'validRows'>, statesByLsh: StatesByLsh) {
  const statesOf = (lshs: ReadonlyArray<string | null>) => statesByLsh(lshs.filter((lsh): lsh is string => lsh !== null));

  async function progress(batchId: number): Promise<BatchProgress> {
    const valid = await store.validRows(batchId);
    const states = await statesOf(valid.map((row) => row.lsh));
    let issued = 0;
    let failed = 0;
    for (const row of valid) {
      const status = row.lsh === null ? undefined : states.get(row.lsh)?.status;
      if (status === 'issued') issued += 1;
      else if (status === 'failed' || (row.lsh === null && row.submit_error !== null)) failed += 1;
    }
    return { batchId, total: valid.length, issued, failed, queued: valid.length - issued - failed };
  }

  const toSummary = async (b: BatchRecord): Promise<BatchSummary> => ({
    id: b.id,
    fileName: b.file_name,
    createdAt: b.created_at,
    submittedAt: b.submitted_at,
    invoices: b.invoices,
    valid: b.valid,
    invalid: b.invoices - b.valid,
    progress: await progress(b.id),
  });

  return {
    progress,
    async summary(batchId: number, environment: Environment): Promise<BatchSummary | undefined> {
      const b = await store.byId(batchId, environment);
      return b && toSummary(b);
    },
    async list(environment: Environment, limit: number, offset: number): Promise<BatchSummary[]> {
      const summaries: BatchSummary[] = [];
      for (const b of await store.list(environment, limit, offset)) summaries.push(await toSummary(b));
      return summaries;
    },
    async invoices(batchId: number): Promise<BatchInvoice[]> {
      const all: RowRecord[] = await store.rows(batchId);
      const states = await statesOf(all.map((row) => row.lsh));
      return all.map((row) => {
        const state = row.lsh === null ? undefined : states.get(row.lsh);
        return toInvoice({ ...row, status: state?.status ?? null, fpdm: state?.fpdm ?? null, fphm: state?.fphm ?? null, error_message: state?.error_message ?? null });
      });
    },
    pendingRows: async (batchId: number): Promise<PendingRow[]> =>
      (await store.pendingRows(batchId)).map((row) => ({ id: row.id, seq: row.seq, draft: JSON.parse(row.draft_json) as InvoiceDraft })),
  };
}

export type BatchView = ReturnType<typeof createBatchView>;
