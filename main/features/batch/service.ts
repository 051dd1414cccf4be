/**
 * Batch issuance from Excel: the template, the import (parsed, validated with the form's own rules, and
 * kept in SQLite so a restart loses nothing), the submission of every valid invoice through the issuance
 * service, progress computed from the invoices' own states, and the results sheet.
 *
 * Exactly once: each row's invoice is enqueued and its lsh recorded on the row in ONE ledger transaction
 * (issuance.submit's own transaction runs inside it as a savepoint), so a row either has its invoice or is
 * still pending —
 * a crash between the two cannot leave an invoice the batch does not know about, and a second submit
 * (or the resume at start) only sends rows without an lsh.
 */
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  IpcFailure,
  type BatchDetail,
  type BatchFileResult,
  type BatchImportResult,
  type BatchInvoice,
  type BatchProgress,
  type BatchSummary,
  type Environment,
  type InvoiceDraft,
  type InvoiceSummary,
} from '../../../shared/ipc/index.js';
import { BATCH_RESULT_TEXTS, batchIssueParts } from '../../../shared/i18n/batch-texts.js';
import { problemText } from '../../../shared/i18n/problem-text.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import type { Seller } from '../../../shared/rules/issuance-form/index.js';
import { fillTemplate } from '../../../shared/rules/rule-messages.js';
import { exportFilter, exportRows, type ExportColumn } from '../../export/index.js';
import type { DialogPort } from '../../ports.js';
import { importSheet } from '../libraries/sheet-import.js';
import { BATCH_HEADERS, BATCH_LABELS, REQUIRED_FIELDS } from './columns.js';
import { groupRows, parseInvoice, type ParsedInvoice } from './parse.js';

import { lostWriteOf, type Ledger } from '../../ledger/port.js';
import type { NewBatchRow } from './store.js';
import { TEMPLATE_SHEET, writeTemplate } from './template.js';
import { createBatchView, type StatesByLsh, type SubmitError } from './view.js';

/** Sheet rows per import: a batch is submitted in one go, and the clerk reviews its report on screen. */
export const BATCH_MAX_ROWS = 5_000;
/** Rows enqueued between two yields to the event loop, so the window and the outbox stay responsive. */
const SUBMIT_CHUNK = 20;

const rowsText = (invoice: BatchInvoice) => (invoice.firstRow === invoice.lastRow ? String(invoice.firstRow) : `${invoice.firstRow}-${invoice.lastRow}`);

/** The results workbook in the UI's language (shared/i18n/batch-texts.ts): headers, states and each row's problems. */
export function resultColumns(language: UiLanguage): ReadonlyArray<ExportColumn<BatchInvoice>> {
  const say = (key: keyof typeof BATCH_RESULT_TEXTS, params: Record<string, string | number> = {}) => fillTemplate(BATCH_RESULT_TEXTS[key][language], params);
  const errorText = (r: BatchInvoice): string | null => {
    if (r.error !== null) return r.error;
    if (r.submitError !== null) {
      // A failure of another feature (errors.<key> lives in the renderer's locales) is named by its code and key.
      const worded = problemText(r.submitError, language);
      return worded !== r.submitError.key ? worded : problemText({ key: 'batch.problems.submitFailed', params: { reason: `${r.submitError.code} ${r.submitError.key}` } }, language);
    }
    const lines = r.issues
      .filter((issue) => issue.severity === 'error')
      .map((issue) => say('issueLine', { row: issue.row, ...batchIssueParts(issue, language, (problem) => problemText(problem, language)) }));
    return lines.join(say('separator')) || null;
  };
  return [
    { header: say('rows'), value: rowsText, kind: 'text', width: 10 },
    { header: say('invoiceKey'), value: (r) => r.invoiceKey, kind: 'text', width: 10 },
    { header: say('buyerName'), value: (r) => r.buyerName, kind: 'text', width: 30 },
    { header: say('total'), value: (r) => r.total, kind: 'money', width: 14 },
    { header: say('state'), value: (r) => say(r.state), kind: 'text', width: 10 },
    { header: say('invoiceCode'), value: (r) => r.invoiceCode, kind: 'text', width: 14 },
    { header: say('invoiceNumber'), value: (r) => r.invoiceNumber, kind: 'text', width: 22 },
    { header: say('lsh'), value: (r) => r.lsh, kind: 'text', width: 28 },
    { header: say('error'), value: errorText, kind: 'text', width: 60 },
  ];
}

/** A parsed invoice as its batch row; valid when it has a draft and no error. */
function newRow(invoice: ParsedInvoice): NewBatchRow {
  return {
    seq: invoice.seq,
    firstRow: invoice.firstRow,
    lastRow: invoice.lastRow,
    invoiceKey: invoice.invoiceKey,
    buyerName: invoice.buyerName,
    total: invoice.total,
    draftJson: invoice.draft === null ? null : JSON.stringify(invoice.draft),
    errorsJson: JSON.stringify(invoice.issues),
    valid: invoice.draft !== null && !invoice.issues.some((issue) => issue.severity === 'error'),
  };
}

export interface BatchServiceDeps {
  /** The ledger port: the batch store (batch, batch_row) and the transaction a row and its invoice share. */
  ledger: Pick<Ledger, 'batches' | 'transaction'>;
  /** States of the invoices with these lsh (issuance's invoice reads). */
  statesByLsh: StatesByLsh;
  environment: Environment;
  dialog: DialogPort | undefined;
  seller: () => Seller;
  defaultIssuer: () => string;
  /** The issuance service's submit: stores the invoice and its outbox entry (docs/architecture.md §5). */
  submitInvoice: (draft: InvoiceDraft) => Promise<InvoiceSummary>;
  /** Wakes the outbox worker once a row's transaction committed (a team ledger's worker sees the row only then). */
  kick: () => void;
  progress: (progress: BatchProgress) => void;
  /** The UI's language, for what main writes itself (the results workbook, default file names, dialog filters). */
  uiLanguage: () => UiLanguage;
  now?: () => Date;
}

export function createBatchService(deps: BatchServiceDeps) {
  const store = deps.ledger.batches;
  const view = createBatchView(store, deps.statesByLsh);
  const now = () => (deps.now ?? (() => new Date()))();
  const language = deps.uiLanguage;
  const submitting = new Map<number, Promise<BatchSummary>>();
  let stopped = false;

  function dialog(): DialogPort {
    if (!deps.dialog) throw new IpcFailure('VALIDATION_FAILED', 'app.noFileDialog');
    return deps.dialog;
  }

  async function summary(batchId: number): Promise<BatchSummary> {
    const found = await view.summary(batchId, deps.environment);
    if (!found) throw new IpcFailure('NOT_FOUND', 'batch.notFound', { id: batchId });
    return found;
  }

  const detail = async (batchId: number): Promise<BatchDetail> => ({ ...(await summary(batchId)), rows: await view.invoices(batchId) });

  /**
   * A row and its invoice in one transaction: the invoice's enqueue is a savepoint of it. On a team ledger whose
   * answer to the commit was lost, the invoice's serial says whether the row got it.
   */
  async function submitRow(row: { id: number; draft: InvoiceDraft }): Promise<void> {
    await deps.ledger.transaction(
      async (tx) => {
        const invoice = await deps.submitInvoice(row.draft);
        if (!(await tx.batches.setLsh(row.id, invoice.lsh))) throw new Error(`batch row ${row.id} already has an invoice`);
        return invoice;
      },
      { committed: async (stores, invoice) => (await stores.issuedInvoices.findByLsh(invoice.lsh)) !== null },
    );
    deps.kick();
  }

  const submitErrorOf = (error: unknown): SubmitError =>
    error instanceof IpcFailure
      ? { code: error.code, key: error.key, params: { ...error.params } }
      : { code: 'INTERNAL', key: 'batch.problems.submitFailed', params: { reason: error instanceof Error ? error.message : String(error) } };

  async function savePath(name: string): Promise<string | null> {
    return dialog().chooseSavePath(name, [exportFilter('xlsx', language())]);
  }

  const writeFailure = (error: unknown) =>
    new IpcFailure('VALIDATION_FAILED', 'app.cannotSaveFile', { reason: error instanceof Error && 'code' in error ? String(error.code) : 'EIO' });

  /**
   * The team ledger's connection broke: no row's refusal, and the rows after it would meet the same. The batch
   * stops and every row without an invoice stays to be sent — a row and its invoice are one transaction, so
   * sending the batch again never sends a row twice (docs/team-ledger.md §7). Other failures pass as they came.
   */
  const stoppedBy = (error: unknown, batchId: number, submitted: number): unknown =>
    lostWriteOf(error) === null
      ? error
      : new IpcFailure('TEAM_LEDGER_UNREACHABLE', 'batch.interrupted', { submitted }, { message: `batch ${batchId} stopped: ${(error as Error).message}` });

  /**
   * Reads that may meet a team ledger's dropped connection go through a transaction, whose failure then says
   * so (the port's LedgerNotCommittedError) instead of arriving as some driver error.
   */
  const progressOf = async (batchId: number) => deps.progress(await deps.ledger.transaction(() => view.progress(batchId)));

  async function runSubmission(batchId: number): Promise<BatchSummary> {
    let submitted = 0;
    try {
      const rows = await deps.ledger.transaction(async () => {
        await store.markSubmitted(batchId, now().toISOString());
        return view.pendingRows(batchId);
      });
      for (let start = 0; start < rows.length; start += SUBMIT_CHUNK) {
        // Closing the app stops between rows; the rest is resumed at the next start.
        if (stopped) break;
        for (const row of rows.slice(start, start + SUBMIT_CHUNK)) {
          try {
            await submitRow(row);
            submitted += 1;
          } catch (error) {
            if (lostWriteOf(error) !== null) throw error;
            // A refusal is recorded on its row and the batch goes on; the row is never retried blindly.
            await store.setSubmitError(row.id, JSON.stringify(submitErrorOf(error)));
          }
        }
        await progressOf(batchId);
        await yieldToEventLoop();
      }
      await progressOf(batchId);
      return await deps.ledger.transaction(() => summary(batchId));
    } catch (error) {
      throw stoppedBy(error, batchId, submitted);
    }
  }

  /** Sends every valid invoice not sent yet; a second call while one runs joins it. */
  async function submit(batchId: number): Promise<BatchSummary> {
    const current = await deps.ledger.transaction(() => summary(batchId)).catch((error: unknown) => {
      throw stoppedBy(error, batchId, 0);
    });
    if (current.valid === 0) throw new IpcFailure('VALIDATION_FAILED', 'batch.nothingValid');
    const running = submitting.get(batchId);
    if (running) return running;
    const run = runSubmission(batchId).finally(() => submitting.delete(batchId));
    submitting.set(batchId, run);
    return run;
  }

  return {
    async template(): Promise<BatchFileResult> {
      const filePath = await savePath(BATCH_RESULT_TEXTS.templateFile[language()]);
      if (filePath === null) return { cancelled: true, path: null };
      try {
        await writeTemplate(filePath);
      } catch (error) {
        throw writeFailure(error);
      }
      return { cancelled: false, path: filePath };
    },

    async import(): Promise<BatchImportResult> {
      const filePath = await dialog().chooseOpenPath([exportFilter('xlsx', language())]);
      if (filePath === null) return { cancelled: true, batch: null };
      // Off the main thread, with the unpacked size and the rows bounded while reading (libraries/sheet-import.ts).
      const { records } = (
        await importSheet(filePath, { sheetName: TEMPLATE_SHEET, headers: BATCH_HEADERS, maxRows: BATCH_MAX_ROWS, required: REQUIRED_FIELDS, labels: BATCH_LABELS })
      ).table;
      if (records.length === 0) throw new IpcFailure('VALIDATION_FAILED', 'batch.noLines');
      const context = { seller: deps.seller(), defaultIssuer: deps.defaultIssuer() };
      const invoices = groupRows(records).map((group, index) => parseInvoice(group, index + 1, context));
      // The batch and all its invoices in one transaction: an import is kept whole or not at all.
      const batchId = await deps.ledger.transaction(async (tx) => {
        const id = await tx.batches.insert(deps.environment, path.basename(filePath), now().toISOString());
        await tx.batches.insertRows(id, invoices.map(newRow));
        return id;
      });
      return { cancelled: false, batch: await detail(batchId) };
    },

    list: (limit: number, offset: number): Promise<BatchSummary[]> => view.list(deps.environment, limit, offset),
    get: detail,

    submit,

    async exportResults(batchId: number): Promise<BatchFileResult> {
      const batch = await detail(batchId);
      const stem = path.basename(batch.fileName, path.extname(batch.fileName));
      const filePath = await savePath(fillTemplate(BATCH_RESULT_TEXTS.resultsFile[language()], { stem }));
      if (filePath === null) return { cancelled: true, path: null };
      try {
        await exportRows(batch.rows, resultColumns(language()), 'xlsx', filePath);
      } catch (error) {
        throw writeFailure(error);
      }
      return { cancelled: false, path: filePath };
    },

    /** An invoice changed state: if it belongs to a batch, push that batch's new progress. */
    async invoiceUpdated(invoice: InvoiceSummary): Promise<void> {
      const batchId = await store.batchOfLsh(invoice.lsh);
      if (batchId !== undefined) deps.progress(await view.progress(batchId));
    },

    /** Stops sending further rows and waits for the submission in progress to reach a row boundary. */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.allSettled(submitting.values());
    },

    /** Finishes submissions a previous run started but did not complete (the app was closed or killed). */
    async resume(): Promise<void> {
      for (const batchId of await store.unfinished(deps.environment)) await submit(batchId);
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
