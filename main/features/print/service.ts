/**
 * Printing paper invoices (004, 007): for each job, the print data from the service (fpdy, dylx 0 for the
 * face and 1 for the goods list), its status (fpzt 00/01 print, 02/03/04 — voided — are refused before
 * anything reaches a printer), the page description (shared/print), the printer's calibration, the PDF,
 * and the printer. Every job is a print_job row first, so a failure is recorded, shown with its cause and
 * can be retried (on another printer); nothing is lost. Several invoices print in invoice-number order.
 *
 * The print log and the calibration live in the ledger (store.ts, `deps.ledger.print`: the desk's SQLite
 * file or a team's PostgreSQL); which printer this PC uses stays on the desk (preference-repo.ts). A job's
 * steps are each their own write — recorded (`requested`), handed to the printer (`printing`, written before
 * the PDF leaves), ended (`printed` or `failed`) — and the printer is never called inside a ledger
 * transaction. So a job a crash interrupts stays `requested` or `printing`, told apart from one that printed
 * or failed; only a `failed` job can be retried, and only once (a retry locks the job and records its own in
 * one transaction), so a retry never prints what may already be on paper, nor twice from two desks.
 */
import fs from 'node:fs';
import Decimal from 'decimal.js';
import type { ServiceClient } from '../../api/client.js';
import type { DialogPort, PrinterPort } from '../../ports.js';
import { IpcFailure, type Environment, type InvoiceSummary } from '../../../shared/ipc/index.js';
import type { Calibration, PrintDocument, PrintJobErrorCode, PrintJobView, PrintMode } from '../../../shared/ipc/schemas/print.js';
import { calibrationPage } from '../../../shared/print/calibration.js';
import { hasList, type PaperInvoiceType } from '../../../shared/print/compose.js';
import { FORM_HEIGHT_MM, FORM_WIDTH_MM, type FormEdition } from '../../../shared/print/layouts/invoice-form.js';
import { byInvoiceNumber } from '../../../shared/print/order.js';
import type { PrintResult } from '../../../shared/spec/print.js';
import { createJobRunner, failureOf, pagesOf, VOIDED, type JobTarget, type Prepared } from './jobs.js';
import { pdfPaper, renderPdf } from './pdf.js';
import { previewPages, type PreviewProblem } from './preview.js';
import type { PrinterPreferenceRepo } from './preference-repo.js';
import type { JobStatusFields } from './store.js';
import { DOCUMENT_OF_DYLX, toArchiveJobView, toFailedJobView, toJobView } from './views.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';
import type { Ledger } from '../../ledger/port.js';

export const PAPER_TYPES = new Set(['004', '007']);
export const ELECTRONIC_TYPES = new Set(['026', '028', '81', '82']);

export interface PrintServiceDeps {
  /** The print log and calibration (shared). */
  ledger: Pick<Ledger, 'print' | 'audit' | 'transaction'>;
  /** Which printer this PC uses per document (the desk's own). */
  preferences: PrinterPreferenceRepo;
  /** Called after a write took effect (the change feed): a job created or moved on, a calibration or choice saved. */
  announce: { job(action: 'created' | 'updated', id: number): void; settings(): void };
  environment: Environment;
  client: () => ServiceClient;
  sellerTaxNumber: () => string;
  now: () => Date;
  printer: PrinterPort | undefined;
  dialog: DialogPort | undefined;
  findInvoice: (id: number) => Promise<InvoiceSummary | null>;
  /** The seller (tax number) of an invoice: the enterprise whose print log its jobs belong to. */
  invoiceEnterprise: (id: number) => Promise<string | null>;
  /** The active enterprise's scope: whose print log is shown. */
  scope: () => EnterpriseScope;
  /** The electronic invoice's layout file (PDF) on disk. */
  invoicePdf: (id: number) => Promise<{ path: string }>;
  progress: (progress: { total: number; done: number; job: PrintJobView }) => void;
  /** The service's print status says the invoice is voided (fpzt 02: zflx 0, 03/04: zflx 1): issuance records it. */
  noteVoided?: (invoiceId: number, zflx: '0' | '1') => Promise<void> | void;
}

export function createPrintService(deps: PrintServiceDeps) {
  const { environment } = deps;
  const store = deps.ledger.print;
  const nowIso = () => deps.now().toISOString();
  // The statistics count voided invoices apart; the print status is where this desk learns of a voiding.
  const noteStatus = async (invoiceId: number | null, fpzt: string | undefined) => {
    if (invoiceId !== null && fpzt !== undefined && VOIDED.has(fpzt)) await deps.noteVoided?.(invoiceId, fpzt === '02' ? '0' : '1');
  };
  const savePreference = (document: string, printer: string) => {
    deps.preferences.savePreference(environment, document, printer, nowIso());
    deps.announce.settings();
  };
  const setStatus = async (id: number, fields: JobStatusFields) => {
    await store.setStatus(id, fields, nowIso());
    deps.announce.job('updated', id);
  };

  /**
   * An invoice of another enterprise than the active one: its print data would be asked for under the wrong
   * seller and its job would land in the wrong print log (a selection kept across an enterprise switch).
   */
  const ofOtherEnterprise = async (id: number) => {
    const enterprise = await deps.invoiceEnterprise(id);
    return enterprise !== null && enterprise !== deps.sellerTaxNumber();
  };

  type Invoice = InvoiceSummary & { invoiceType: PaperInvoiceType; invoiceCode: string; invoiceNumber: string };
  async function paperInvoice(id: number): Promise<Invoice> {
    const invoice = await deps.findInvoice(id);
    if (!invoice) throw new IpcFailure('NOT_FOUND', 'print.notFound', { id });
    if (await ofOtherEnterprise(id)) throw new IpcFailure('VALIDATION_FAILED', 'print.otherEnterprise', { count: 1, total: 1 });
    if (!PAPER_TYPES.has(invoice.invoiceType)) {
      throw new IpcFailure('VALIDATION_FAILED', 'print.notPaper', { type: invoice.invoiceType });
    }
    if (invoice.status !== 'issued' || !invoice.invoiceCode || !invoice.invoiceNumber) {
      throw new IpcFailure('VALIDATION_FAILED', 'print.notIssued', { id });
    }
    return invoice as Invoice;
  }

  async function printData(invoice: { invoiceType: PaperInvoiceType; invoiceCode: string; invoiceNumber: string }, document: PrintDocument): Promise<PrintResult> {
    return deps.client().printInvoice({
      fpdm: invoice.invoiceCode,
      fphm: invoice.invoiceNumber,
      dylx: document === 'invoice' ? '0' : '1',
      fplxdm: invoice.invoiceType,
      xhdwsbh: deps.sellerTaxNumber(),
    });
  }

  const runner = createJobRunner({
    printer: deps.printer,
    printData: (target) => printData({ invoiceType: target.fplxdm, invoiceCode: target.fpdm, invoiceNumber: target.fphm }, target.document),
  });

  async function calibration(printer: string): Promise<{ downMm: number; rightMm: number; edition: FormEdition; text: { downMm: string; rightMm: string } }> {
    const saved = await store.calibration(printer);
    return { downMm: Number(saved.downMm), rightMm: Number(saved.rightMm), edition: saved.edition, text: { downMm: saved.downMm, rightMm: saved.rightMm } };
  }

  const jobView = async (id: number) => toJobView((await store.job(id, environment))!);

  /**
   * Ends a recorded job with its prepared PDF (printed) or its failure, and returns its row as a view. The job
   * is `printing` in the ledger before the PDF leaves for the printer, and ends after the printer answered.
   */
  async function finishJob(id: number, prepared: Prepared): Promise<PrintJobView> {
    const row = await store.job(id, environment);
    if (!row) throw new Error(`print job ${id} vanished`);
    const fail = async (code: PrintJobErrorCode, detail: string, fpzt?: string) => {
      await setStatus(id, { status: 'failed', errorCode: code, errorMessage: detail, ...(fpzt ? { fpzt } : {}) });
      return jobView(id);
    };
    await noteStatus(row.issued_invoice_id, prepared.fpzt);
    if (!prepared.ok) return fail(prepared.code, prepared.detail, prepared.fpzt);
    await setStatus(id, { status: 'printing', fpzt: prepared.fpzt });
    const sent = await runner.send({ printer: row.printer, copies: row.copies, title: `fapiao-${row.fphm}-${DOCUMENT_OF_DYLX[row.dylx]}`, prepared });
    if ('code' in sent) return fail(sent.code, sent.detail);
    await setStatus(id, { status: 'printed', printerJobId: sent.jobId });
    return jobView(id);
  }

  type Calibrated = Awaited<ReturnType<typeof calibration>>;
  const targetOf = (invoice: Invoice, document: PrintDocument, mode: PrintMode, calibrated: Calibrated): JobTarget => ({
    fplxdm: invoice.invoiceType,
    fpdm: invoice.invoiceCode,
    fphm: invoice.invoiceNumber,
    document,
    mode,
    offset: { downMm: calibrated.downMm, rightMm: calibrated.rightMm },
    edition: calibrated.edition,
  });

  type JobOptions = { printer: string; copies: number; mode: PrintMode; retryOf?: number };
  /**
   * A new job's row (`requested`) in the enterprise of its invoice (the seller, read before: a transaction
   * body awaits only the ledger), and its audit event with it; `tx` is a transaction's stores.
   */
  async function record(
    tx: Pick<Ledger, 'print' | 'audit'>,
    job: { invoice: Invoice; enterprise: string | null; document: PrintDocument },
    options: JobOptions,
    offset: { downMm: string; rightMm: string },
  ): Promise<number> {
    const { invoice, enterprise, document } = job;
    const id = await tx.print.insertJob(
      {
        environment,
        enterprise,
        invoiceId: invoice.id,
        fplxdm: invoice.invoiceType,
        fpdm: invoice.invoiceCode,
        fphm: invoice.invoiceNumber,
        dylx: document === 'invoice' ? '0' : '1',
        printer: options.printer,
        copies: options.copies,
        mode: options.mode,
        downMm: offset.downMm,
        rightMm: offset.rightMm,
        retryOf: options.retryOf ?? null,
      },
      nowIso(),
    );
    await printedEvent(tx, invoice.id, enterprise, { job: id, document, printer: options.printer, copies: options.copies, ...(options.retryOf ? { retryOf: options.retryOf } : {}) });
    return id;
  }

  /** A print of an invoice, paper or archive copy: who asked for it, on which printer. */
  const printedEvent = (tx: Pick<Ledger, 'audit'>, invoiceId: number, enterprise: string | null, detail: Record<string, unknown>) =>
    tx.audit.append({ action: 'invoice.printed', aggregate: 'issued_invoice', recordIds: [String(invoiceId)], enterprise, detail });

  async function calibrationOf(printer: string): Promise<Calibration> {
    const { downMm, rightMm, edition } = await calibration(printer);
    return { printer, downMm, rightMm, edition };
  }

  return {
    /** Paper prints whose latest attempt failed (the dashboard's 打印失败), newest first. */
    failedJobs: async (limit = 500) => (await store.failedJobs(environment, limit)).map(toFailedJobView),
    async printers() {
      const printers = deps.printer ? await deps.printer.list() : [];
      return { backend: deps.printer?.backend ?? 'none', printers, preferences: deps.preferences.preferences(environment) };
    },

    /**
     * Prints each invoice's documents, invoices in invoice-number order. The goods list is printed only for
     * an invoice that has one. A printer failure stops the run (the next jobs would fail the same way);
     * a refused invoice (voided) does not. While the printer takes one job the next one's print data and
     * PDF are made (a pipeline of one): the clerk's printer, not the app, sets the pace.
     */
    async print(request: { invoiceIds: number[]; documents: PrintDocument[]; printer: string; copies: number; mode: PrintMode }): Promise<{ jobs: PrintJobView[]; progress: { done: number; total: number } }> {
      const ids = [...new Set(request.invoiceIds)];
      // Refused as a whole, with how many are not this enterprise's: nothing is sent and nothing logged.
      let others = 0;
      for (const id of ids) if (await ofOtherEnterprise(id)) others += 1;
      if (others > 0) throw new IpcFailure('VALIDATION_FAILED', 'print.otherEnterprise', { count: others, total: ids.length });
      const invoices: Invoice[] = [];
      for (const id of ids) invoices.push(await paperInvoice(id));
      invoices.sort(byInvoiceNumber);
      for (const type of new Set(invoices.map((invoice) => invoice.invoiceType))) savePreference(type, request.printer);
      const plan: Array<{ invoice: Invoice; document: PrintDocument }> = [];
      for (const invoice of invoices) {
        for (const document of (['invoice', 'list'] as const).filter((d) => request.documents.includes(d))) plan.push({ invoice, document });
      }
      // One calibration for the whole run: every job records the offsets its PDF was made with.
      const offset = await calibration(request.printer);
      const prepare = (index: number) => runner.prepare(targetOf(plan[index]!.invoice, plan[index]!.document, request.mode, offset));
      // Invoices whose face said there is no list (or that are voided): a list asked for "with the invoice"
      // does not exist for them, and is left out of the run.
      const withoutList = new Set<number>();
      const skipped = (index: number) => plan[index]!.document === 'list' && withoutList.has(plan[index]!.invoice.id);
      const jobs: PrintJobView[] = [];
      let done = 0;
      let ahead: { index: number; prepared: Promise<Prepared> } | null = null;
      for (let index = 0; index < plan.length; index++) {
        if (skipped(index)) continue;
        const { invoice, document } = plan[index]!;
        const enterprise = await deps.invoiceEnterprise(invoice.id);
        const id = await deps.ledger.transaction((tx) => record(tx, { invoice, enterprise, document }, request, offset.text));
        deps.announce.job('created', id);
        const prepared = ahead?.index === index ? await ahead.prepared : await prepare(index);
        if (document === 'invoice' && (prepared.listed === false || (!prepared.ok && prepared.code === 'INVOICE_VOIDED'))) withoutList.add(invoice.id);
        let next = index + 1;
        while (next < plan.length && skipped(next)) next += 1;
        ahead = next < plan.length ? { index: next, prepared: prepare(next) } : null;
        const job = await finishJob(id, prepared);
        jobs.push(job);
        // Progress counts invoices (what the clerk selected): one is done when its last document is.
        if (next >= plan.length || plan[next]!.invoice.id !== invoice.id) done += 1;
        deps.progress({ total: invoices.length, done, job });
        if (job.errorCode?.startsWith('PRINTER_')) break;
      }
      return { jobs, progress: { done, total: invoices.length } };
    },

    /**
     * Prints a failed job again as a new job (on another printer if asked). The job is locked and checked
     * again in the transaction that records the retry: a job that is not failed, or that a retry (this
     * desk's or another's) already repeats, is refused, so one failure is never printed twice.
     */
    async retry(request: { jobId: number; printer?: string | undefined }): Promise<PrintJobView> {
      const row = await store.job(request.jobId, environment);
      if (!row) throw new IpcFailure('NOT_FOUND', 'print.jobNotFound', { id: request.jobId });
      if (row.status !== 'failed') throw new IpcFailure('VALIDATION_FAILED', 'print.notRetryable', { id: row.id });
      if (row.issued_invoice_id === null) throw new IpcFailure('NOT_FOUND', 'print.notFound', { id: row.id });
      const invoice = await paperInvoice(row.issued_invoice_id);
      const printer = request.printer ?? row.printer;
      const offset = await calibration(printer);
      const document = DOCUMENT_OF_DYLX[row.dylx];
      const enterprise = await deps.invoiceEnterprise(invoice.id);
      const id = await deps.ledger.transaction(async (tx) => {
        const held = await tx.print.jobForRetry(row.id, environment);
        if (held?.status !== 'failed') throw new IpcFailure('VALIDATION_FAILED', 'print.notRetryable', { id: row.id });
        const retried = await tx.print.retriedBy(row.id);
        if (retried !== null) throw new IpcFailure('VALIDATION_FAILED', 'print.alreadyRetried', { id: row.id, retry: retried });
        return record(tx, { invoice, enterprise, document }, { printer, copies: row.copies, mode: row.mode, retryOf: row.id }, offset.text);
      });
      deps.announce.job('created', id);
      if (request.printer) savePreference(invoice.invoiceType, printer);
      return finishJob(id, await runner.prepare(targetOf(invoice, document, row.mode, offset)));
    },

    async preview(request: { invoiceId: number; document: PrintDocument; printer?: string | undefined }) {
      const invoice = await paperInvoice(request.invoiceId);
      let data: PrintResult;
      try {
        // The face's data also says whether a list exists; the list's own data is the same lines.
        data = await printData(invoice, 'invoice');
      } catch (error) {
        const { code, detail } = failureOf(error);
        throw new IpcFailure(code === 'NETWORK_ERROR' ? 'NETWORK_ERROR' : 'SERVICE_ERROR', `print.${code}`, { detail });
      }
      await noteStatus(invoice.id, data.fpzt);
      const listed = hasList(data);
      const document = request.document === 'list' && listed ? 'list' : 'invoice';
      const edition = request.printer ? (await store.calibration(request.printer)).edition : undefined;
      const { pages, overflowing } = previewPages(pagesOf(data, invoice.invoiceType, document, edition).pages);
      const problems: PreviewProblem[] = [];
      if (document === 'invoice' && !data.ewm?.trim()) problems.push({ code: 'NO_QR_CODE', fields: ['field.qr'] });
      if (overflowing.length > 0) problems.push({ code: 'TEXT_TOO_LONG', fields: overflowing });
      return { pages, invoiceStatus: data.fpzt, hasList: listed, problems };
    },

    async savePdf(request: { invoiceId: number; document: PrintDocument; mode: PrintMode }): Promise<{ path: string | null }> {
      const invoice = await paperInvoice(request.invoiceId);
      if (!deps.dialog) throw new IpcFailure('VALIDATION_FAILED', 'print.noDialog', {});
      const data = await printData(invoice, request.document);
      await noteStatus(invoice.id, data.fpzt);
      if (VOIDED.has(data.fpzt)) throw new IpcFailure('VALIDATION_FAILED', 'print.INVOICE_VOIDED', { fpzt: data.fpzt });
      const { pages } = pagesOf(data, invoice.invoiceType, request.document);
      const pdf = await renderPdf(pages, { layers: request.mode === 'overlay' ? ['data'] : ['form', 'data'], title: `${invoice.invoiceType}-${invoice.invoiceNumber}` });
      const file = await deps.dialog.chooseSavePath(`${invoice.invoiceNumber}-${request.document}.pdf`, [{ name: 'PDF', extensions: ['pdf'] }]);
      if (!file) return { path: null };
      fs.writeFileSync(file, pdf);
      return { path: file };
    },

    async log(invoiceId: number) {
      const scope = deps.scope();
      const jobs = (await store.jobsOfInvoice(invoiceId, environment, scope)).map(toJobView);
      const printedFaces = jobs.filter((job) => job.document === 'invoice' && job.status === 'printed').length;
      const archive = (await store.archiveJobsOfInvoice(invoiceId, environment, scope)).map(toArchiveJobView);
      return { jobs, reprints: Math.max(0, printedFaces - 1), archive };
    },

    calibration: calibrationOf,

    /** A printer's calibration, shared with every desk printing on it (the printer is the print server's). */
    async calibrate(value: Calibration): Promise<Calibration> {
      await store.saveCalibration(value.printer, { downMm: new Decimal(value.downMm).toFixed(1), rightMm: new Decimal(value.rightMm).toFixed(1), edition: value.edition }, nowIso());
      deps.announce.settings();
      return calibrationOf(value.printer);
    },

    async calibrationPage(printer: string): Promise<{ printerJobId: string }> {
      if (!deps.printer) throw new IpcFailure('VALIDATION_FAILED', 'print.PRINTER_MISSING', { printer });
      const { downMm, rightMm } = await calibration(printer);
      const pdf = await renderPdf([calibrationPage(FORM_WIDTH_MM, FORM_HEIGHT_MM, printer)], { layers: ['data'], offset: { downMm, rightMm }, title: 'calibration' });
      try {
        const { jobId } = await deps.printer.print({ printer, pdf, title: 'fapiao-calibration', paper: { widthMm: FORM_WIDTH_MM, heightMm: FORM_HEIGHT_MM }, copies: 1 });
        return { printerJobId: jobId };
      } catch (error) {
        const { code, detail } = failureOf(error);
        throw new IpcFailure('VALIDATION_FAILED', `print.${code}`, { printer, detail });
      }
    },

    /** An electronic invoice's layout PDF on a chosen printer, recorded in archive_print_job. */
    async archive(request: { invoiceId: number; printer: string; copies: number }) {
      const invoice = await deps.findInvoice(request.invoiceId);
      if (!invoice) throw new IpcFailure('NOT_FOUND', 'print.notFound', { id: request.invoiceId });
      if (!ELECTRONIC_TYPES.has(invoice.invoiceType)) {
        throw new IpcFailure('VALIDATION_FAILED', 'print.notElectronic', { type: invoice.invoiceType });
      }
      if (!deps.printer) throw new IpcFailure('VALIDATION_FAILED', 'print.PRINTER_MISSING', { printer: request.printer });
      savePreference(invoice.invoiceType, request.printer);
      const enterprise = await deps.invoiceEnterprise(invoice.id);
      const id = await deps.ledger.transaction(async (tx) => {
        const job = await tx.print.insertArchiveJob(
          { environment, enterprise, invoiceId: invoice.id, fplxdm: invoice.invoiceType, fphm: invoice.invoiceNumber ?? '', printer: request.printer, copies: request.copies },
          nowIso(),
        );
        await printedEvent(tx, invoice.id, enterprise, { archiveJob: job, printer: request.printer, copies: request.copies });
        return job;
      });
      deps.announce.job('created', id);
      let jobId: string;
      try {
        const file = await deps.invoicePdf(invoice.id);
        const pdf = fs.readFileSync(file.path);
        // The layout's own sheet, at 100 %: the archive copy is the invoice as issued, millimetre for millimetre.
        const paper = await pdfPaper(pdf);
        ({ jobId } = await deps.printer.print({ printer: request.printer, pdf, title: `fapiao-${invoice.invoiceNumber ?? invoice.id}`, paper, copies: request.copies }));
      } catch (error) {
        const { code, detail } = error instanceof IpcFailure ? { code: 'SERVICE_ERROR' as const, detail: error.message } : failureOf(error);
        await store.setArchiveStatus(id, { status: 'failed', errorCode: code, errorMessage: detail }, nowIso());
        deps.announce.job('updated', id);
        return { id, status: 'failed' as const, errorCode: code, errorDetail: detail, printerJobId: null };
      }
      // Outside the try: a ledger that cannot record the printed copy leaves the job `printing` (interrupted,
      // told apart) and the clerk sees the error — never a printed copy recorded as a failure to print again.
      await store.setArchiveStatus(id, { status: 'printed', printerJobId: jobId }, nowIso());
      deps.announce.job('updated', id);
      return { id, status: 'printed' as const, errorCode: null, errorDetail: null, printerJobId: jobId };
    },
  };
}

export type PrintService = ReturnType<typeof createPrintService>;
