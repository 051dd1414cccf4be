/**
 * IPC shapes of batch issuance from Excel: a batch is one imported sheet; each of its invoices (one or
 * several sheet rows grouped by 发票序号) carries its validation result and, once submitted, the lsh and
 * state of the invoice it became.
 */
import { z } from 'zod';
import { IPC_ERROR_CODES } from '../result.js';

export const BatchId = z.strictObject({ batchId: z.number().int().positive().describe('Local batch id') });

const Params = z.record(z.string(), z.union([z.string(), z.number()]));
const Severity = z.enum(['error', 'warning']).describe('Errors keep the invoice from being sent; warnings do not');

/**
 * A problem of a sheet row by key (messages by code): the renderer words `key` + `params` in the UI's
 * language and names `column` (a field id of the batch sheet or of the draft, `invoice` for the whole
 * invoice) in it too (shared/i18n/batch-texts.ts).
 */
export const BatchProblem = z.strictObject({
  row: z.number().int().describe('Spreadsheet row number'),
  column: z.string().describe('Field id of the column (batch sheet or draft field), or `invoice`'),
  key: z.string().describe('i18next path of the sentence: rules.<key>, batch.problems.<key> or libraries.problems.<key>'),
  params: Params,
  severity: Severity,
});

/** As rows stored by versions before messages by code hold it: a Chinese column header and sentence (shown as stored). */
export const StoredBatchIssue = z.strictObject({
  row: z.number().int(),
  column: z.string().describe('Chinese column header'),
  message: z.string().describe('Chinese sentence, as stored'),
  severity: Severity,
});

export const BatchIssue = z.union([BatchProblem, StoredBatchIssue]);
export type BatchIssue = z.infer<typeof BatchIssue>;

export const BatchRowState = z
  .enum(['invalid', 'ready', 'queued', 'issuing', 'issued', 'failed'])
  .describe('invalid: refused by validation, never sent; ready: valid, not yet submitted; then the invoice state');
export type BatchRowState = z.infer<typeof BatchRowState>;

export const BatchInvoice = z.strictObject({
  seq: z.number().int().describe('Order of the invoice in the file, from 1'),
  firstRow: z.number().int().describe('First spreadsheet row of the invoice'),
  lastRow: z.number().int().describe('Last spreadsheet row of the invoice'),
  invoiceKey: z.string().nullable().describe('发票序号 as written in the sheet'),
  buyerName: z.string().nullable(),
  total: z.string().nullable().describe('jshj computed from the rows, 2 dp; null when it cannot be computed'),
  lineCount: z.number().int(),
  issues: z.array(BatchIssue),
  state: BatchRowState,
  lsh: z.string().nullable(),
  invoiceCode: z.string().nullable().describe('fpdm'),
  invoiceNumber: z.string().nullable().describe('fphm'),
  error: z.string().nullable().describe("Why sending failed: the service's own answer, or a submit error stored as text by an older version"),
  submitError: z
    .strictObject({ code: z.enum(IPC_ERROR_CODES), key: z.string(), params: Params })
    .nullable()
    .describe('Why the row could not be handed to the outbox, by code (an IpcFailure as it was)'),
});
export type BatchInvoice = z.infer<typeof BatchInvoice>;

export const BatchProgress = z.strictObject({
  batchId: z.number().int(),
  total: z.number().int().describe('Valid invoices of the batch'),
  queued: z.number().int().describe('Not finished yet: not yet sent, waiting in the outbox, or being issued'),
  issued: z.number().int(),
  failed: z.number().int(),
});
export type BatchProgress = z.infer<typeof BatchProgress>;

export const BatchSummary = z.strictObject({
  id: z.number().int(),
  fileName: z.string(),
  createdAt: z.string().describe('ISO-8601'),
  submittedAt: z.string().nullable().describe('When the clerk first submitted it'),
  invoices: z.number().int().describe('Invoices in the file'),
  valid: z.number().int(),
  invalid: z.number().int(),
  progress: BatchProgress,
});
export type BatchSummary = z.infer<typeof BatchSummary>;

export const BatchDetail = BatchSummary.extend({ rows: z.array(BatchInvoice) });
export type BatchDetail = z.infer<typeof BatchDetail>;

export const BatchImportResult = z.strictObject({
  cancelled: z.boolean(),
  batch: BatchDetail.nullable(),
});
export type BatchImportResult = z.infer<typeof BatchImportResult>;

export const BatchFileResult = z.strictObject({
  cancelled: z.boolean(),
  path: z.string().nullable().describe('Where the file was written'),
});
export type BatchFileResult = z.infer<typeof BatchFileResult>;

export const BatchListRequest = z.strictObject({
  limit: z.number().int().min(1).max(200).optional(),
  offset: z.number().int().min(0).optional(),
});
export type BatchProblem = z.infer<typeof BatchProblem>;
export type StoredBatchIssue = z.infer<typeof StoredBatchIssue>;
