/**
 * The batch feature's store on the ledger port (main/ledger/port.ts, docs/team-ledger.md §2): imported
 * batches (batch) and their invoices (batch_row). Types only — one store for both databases builds it,
 * main/ledger/stores/batches.ts.
 * A row's state is not here: it is the state of the invoice it became, read from issuance by its lsh.
 */
import type { Environment } from '../../../shared/ipc/index.js';
import type { ParsedInvoice } from './parse.js';

export interface BatchRecord {
  id: number;
  file_name: string;
  created_at: string;
  submitted_at: string | null;
  /** Invoices (rows) of the batch, and how many of them are valid. */
  invoices: number;
  valid: number;
}

/** A parsed row as stored: where it stood in the sheet and its key fields, as parse.ts read them. */
export interface NewBatchRow extends Pick<ParsedInvoice, 'seq' | 'firstRow' | 'lastRow' | 'invoiceKey' | 'buyerName' | 'total'> {
  /** The draft as JSON; null for a row that could not be shaped into one (then it is invalid). */
  draftJson: string | null;
  errorsJson: string;
  valid: boolean;
}

export interface RowRecord {
  id: number;
  seq: number;
  first_row: number;
  last_row: number;
  invoice_key: string | null;
  ghdwmc: string | null;
  jshj: string | null;
  /** Lines of the draft; an invalid row without a draft counts its sheet rows. */
  line_count: number;
  errors_json: string;
  valid: 0 | 1;
  lsh: string | null;
  submit_error: string | null;
}

export interface BatchStore {
  /** A new batch; its rows follow with `insertRows` in the same transaction (an import is kept whole). */
  insert(environment: Environment, fileName: string, at: string): Promise<number>;
  insertRows(batchId: number, rows: readonly NewBatchRow[]): Promise<void>;
  byId(batchId: number, environment: Environment): Promise<BatchRecord | undefined>;
  /** Newest first. */
  list(environment: Environment, limit: number, offset: number): Promise<BatchRecord[]>;
  /** Every row of a batch in sheet order. */
  rows(batchId: number): Promise<RowRecord[]>;
  /** Valid rows neither submitted nor refused yet, in sheet order. */
  pendingRows(batchId: number): Promise<Array<{ id: number; seq: number; draft_json: string }>>;
  /** The valid rows' invoice serials and refusals (what progress is counted from). */
  validRows(batchId: number): Promise<Array<{ lsh: string | null; submit_error: string | null }>>;
  /** The first submission's time; later ones keep it. */
  markSubmitted(batchId: number, at: string): Promise<void>;
  /** The row's invoice; written in the transaction that enqueues it. False when the row already has one. */
  setLsh(rowId: number, lsh: string): Promise<boolean>;
  /** Why a row could not be submitted (the IpcFailure as JSON). */
  setSubmitError(rowId: number, error: string): Promise<void>;
  batchOfLsh(lsh: string): Promise<number | undefined>;
  /** Batches of the environment submitted but with rows still to send (a quit or crash cut them short). */
  unfinished(environment: Environment): Promise<number[]>;
}
