/**
 * Printing paper invoices (004, 007): for each job, the print data from the service (fpdy, dylx 0 for the
 * face and 1 for the goods list), its status (fpzt 00/01 print, 02/03/04 — voided — are refused before
 * anything reaches a printer), the page description (shared/print), the printer's calibration, the PDF,
 * and the printer. Every job is a print_job row first, so a failure is recorded, shown with its cause and
 * can be retried (on another printer); nothing is lost. Several invoices print in invoice-number order.
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
import type { PrintResult } from '../../../shared/spec/print.js';
import { createJobRunner, failureOf, pagesOf, VOIDED, type JobTarget, type Prepared } from './jobs.js';
import { pdfPaper, renderPdf } from './pdf.js';
import { previewPages, type PreviewProblem } from './preview.js';
import type { PrintJobRow, PrintRepo } from './repo.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';

export const PAPER_TYPES = new Set(['004', '007']);
export const ELECTRONIC_TYPES = new Set(['026', '028', '81', '82']);

export interface PrintServiceDeps {
  repo: PrintRepo;
  environment: Environment;
  client: () => ServiceClient;
  sellerTaxNumber: () => string;
  now: () => Date;
  printer: PrinterPort | undefined;
  dialog: DialogPort | undefined;
  findInvoice: (id: number) => InvoiceSummary | null;
  /** The seller (tax number) of an invoice: the enterprise whose print log its jobs belong to. */
  invoiceEnterprise: (id: number) => string | null;
  /** The active enterprise's scope: whose print log is shown. */
  scope: () => EnterpriseScope;
  /** The electronic invoice's layout file (PDF) on disk. */
  invoicePdf: (id: number) => Promise<{ path: string }>;
  progress: (progress: { total: number; done: number; job: PrintJobView }) => void;
  /** The service's print status says the invoice is voided (fpzt 02: zflx 0, 03/04: zflx 1): issuance records it. */
  noteVoided?: (invoiceId: number, zflx: '0' | '1') => void;
}

const DOCUMENT_OF_DYLX = { '0': 'invoice', '1': 'list' } as const;

export function toJobView(row: PrintJobRow): PrintJobView {
  return {
    id: row.id,
    invoiceId: row.issued_invoice_id,
    invoiceType: row.fplxdm,
    invoiceCode: row.fpdm,
    invoiceNumber: row.fphm,
    document: DOCUMENT_OF_DYLX[row.dylx],
    printer: row.printer,
    copies: row.copies,
    mode: row.mode,
    status: row.status,
    invoiceStatus: row.fpzt,
    errorCode: (row.error_code as PrintJobErrorCode | null) ?? null,
    errorDetail: row.error_message,
    printerJobId: row.printer_job_id,
    offset: { downMm: row.down_mm, rightMm: row.right_mm },
    retryOf: row.retry_of,
    createdAt: row.created_at,
  };
}

export function createPrintService(deps: PrintServiceDeps) {
  const { repo, environment } = deps;
  const nowIso = () => deps.now().toISOString();
  // The statistics count voided invoices apart; the print status is where this desk learns of a voiding.
  const noteStatus = (invoiceId: number | null, fpzt: string | undefined) => {
    if (invoiceId !== null && fpzt !== undefined && VOIDED.has(fpzt)) deps.noteVoided?.(invoiceId, fpzt === '02' ? '0' : '1');
  };

  /**
   * An invoice of another enterprise than the active one: its print data would be asked for under the wrong
   * seller and its job would land in the wrong print log (a selection kept across an enterprise switch).
   */
  const ofOtherEnterprise = (id: number) => {
    const enterprise = deps.invoiceEnterprise(id);
    return enterprise !== null && enterprise !== deps.sellerTaxNumber();
  };

  function paperInvoice(id: number): InvoiceSummary & { invoiceType: PaperInvoiceType; invoiceCode: string; invoiceNumber: string } {
    const invoice = deps.findInvoice(id);
    if (!invoice) throw new IpcFailure('NOT_FOUND', 'print.notFound', { id });
    if (ofOtherEnterprise(id)) throw new IpcFailure('VALIDATION_FAILED', 'print.otherEnterprise', { count: 1, total: 1 });
    if (!PAPER_TYPES.has(invoice.invoiceType)) {
      throw new IpcFailure('VALIDATION_FAILED', 'print.notPaper', { type: invoice.invoiceType });
    }
    if (invoice.status !== 'issued' || !invoice.invoiceCode || !invoice.invoiceNumber) {
      throw new IpcFailure('VALIDATION_FAILED', 'print.notIssued', { id });
    }
    return invoice as ReturnType<typeof paperInvoice>;
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

  function calibration(printer: string): { downMm: number; rightMm: number; edition: FormEdition; text: { downMm: string; rightMm: string } } {
    const saved = repo.calibration(printer);
    return { downMm: Number(saved.downMm), rightMm: Number(saved.rightMm), edition: saved.edition, text: saved };
  }

  const jobView = (id: number) => toJobView(repo.job(id, environment)!);

  /** Ends a recorded job with its prepared PDF (printed) or its failure, and returns its row as a view. */
  async function finishJob(id: number, prepared: Prepared): Promise<PrintJobView> {
    const row = repo.job(id, environment);
    if (!row) throw new Error(`print job ${id} vanished`);
    const fail = (code: PrintJobErrorCode, detail: string, fpzt?: string) => {
      repo.setStatus(id, { status: 'failed', errorCode: code, errorMessage: detail, ...(fpzt ? { fpzt } : {}) }, nowIso());
      return jobView(id);
    };
    noteStatus(row.issued_invoice_id, prepared.fpzt);
    if (!prepared.ok) return fail(prepared.code, prepared.detail, prepared.fpzt);
    repo.setStatus(id, { status: 'printing', fpzt: prepared.fpzt }, nowIso());
    const sent = await runner.send({ printer: row.printer, copies: row.copies, title: `fapiao-${row.fphm}-${DOCUMENT_OF_DYLX[row.dylx]}`, prepared });
    if ('code' in sent) return fail(sent.code, sent.detail);
    repo.setStatus(id, { status: 'printed', printerJobId: sent.jobId }, nowIso());
    return jobView(id);
  }

  type Invoice = ReturnType<typeof paperInvoice>;
  const targetOf = (invoice: Invoice, document: PrintDocument, mode: PrintMode, calibrated: ReturnType<typeof calibration>): JobTarget => ({
    fplxdm: invoice.invoiceType,
    fpdm: invoice.invoiceCode,
    fphm: invoice.invoiceNumber,
    document,
    mode,
    offset: { downMm: calibrated.downMm, rightMm: calibrated.rightMm },
    edition: calibrated.edition,
  });

  function record(invoice: Invoice, document: PrintDocument, options: { printer: string; copies: number; mode: PrintMode; retryOf?: number }, offset: { downMm: string; rightMm: string }): number {
    return repo.insertJob(
      {
        environment,
        enterprise: deps.invoiceEnterprise(invoice.id),
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
  }

  return {
    /** Paper prints whose latest attempt failed (the dashboard's 打印失败), newest first. */
    failedJobs: (limit = 500) =>
      repo.failedJobs(environment, limit).map((job) => ({
        jobId: job.id,
        invoiceId: job.issued_invoice_id,
        invoiceCode: job.fpdm,
        invoiceNumber: job.fphm,
        document: DOCUMENT_OF_DYLX[job.dylx as '0' | '1'],
        errorCode: job.error_code,
        at: job.updated_at,
      })),
    async printers() {
      const printers = deps.printer ? await deps.printer.list() : [];
      return { backend: deps.printer?.backend ?? 'none', printers, preferences: repo.preferences(environment) };
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
      const others = ids.filter(ofOtherEnterprise).length;
      if (others > 0) throw new IpcFailure('VALIDATION_FAILED', 'print.otherEnterprise', { count: others, total: ids.length });
      const invoices = ids.map(paperInvoice);
      invoices.sort((a, b) => a.invoiceCode.localeCompare(b.invoiceCode) || a.invoiceNumber.localeCompare(b.invoiceNumber));
      for (const type of new Set(invoices.map((invoice) => invoice.invoiceType))) repo.savePreference(environment, type, request.printer, nowIso());
      const plan: Array<{ invoice: Invoice; document: PrintDocument }> = [];
      for (const invoice of invoices) {
        for (const document of (['invoice', 'list'] as const).filter((d) => request.documents.includes(d))) plan.push({ invoice, document });
      }
      // One calibration for the whole run: every job records the offsets its PDF was made with.
      const offset = calibration(request.printer);
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
        const id = record(invoice, document, request, offset.text);
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

    async retry(request: { jobId: number; printer?: string | undefined }): Promise<PrintJobView> {
      const row = repo.job(request.jobId, environment);
      if (!row) throw new IpcFailure('NOT_FOUND', 'print.jobNotFound', { id: request.jobId });
      if (row.status !== 'failed') throw new IpcFailure('VALIDATION_FAILED', 'print.notRetryable', { id: row.id });
      if (row.issued_invoice_id === null) throw new IpcFailure('NOT_FOUND', 'print.notFound', { id: row.id });
      const invoice = paperInvoice(row.issued_invoice_id);
      const printer = request.printer ?? row.printer;
      if (request.printer) repo.savePreference(environment, invoice.invoiceType, printer, nowIso());
      const offset = calibration(printer);
      const document = DOCUMENT_OF_DYLX[row.dylx];
      const id = record(invoice, document, { printer, copies: row.copies, mode: row.mode, retryOf: row.id }, offset.text);
      return finishJob(id, await runner.prepare(targetOf(invoice, document, row.mode, offset)));
    },

    async preview(request: { invoiceId: number; document: PrintDocument; printer?: string | undefined }) {
      const invoice = paperInvoice(request.invoiceId);
      let data: PrintResult;
      try {
        // The face's data also says whether a list exists; the list's own data is the same lines.
        data = await printData(invoice, 'invoice');
      } catch (error) {
        const { code, detail } = failureOf(error);
        throw new IpcFailure(code === 'NETWORK_ERROR' ? 'NETWORK_ERROR' : 'SERVICE_ERROR', `print.${code}`, { detail });
      }
      noteStatus(invoice.id, data.fpzt);
      const listed = hasList(data);
      const document = request.document === 'list' && listed ? 'list' : 'invoice';
      const edition = request.printer ? repo.calibration(request.printer).edition : undefined;
      const { pages, overflowing } = previewPages(pagesOf(data, invoice.invoiceType, document, edition).pages);
      const problems: PreviewProblem[] = [];
      if (document === 'invoice' && !data.ewm?.trim()) problems.push({ code: 'NO_QR_CODE', fields: ['field.qr'] });
      if (overflowing.length > 0) problems.push({ code: 'TEXT_TOO_LONG', fields: overflowing });
      return { pages, invoiceStatus: data.fpzt, hasList: listed, problems };
    },

    async savePdf(request: { invoiceId: number; document: PrintDocument; mode: PrintMode }): Promise<{ path: string | null }> {
      const invoice = paperInvoice(request.invoiceId);
      if (!deps.dialog) throw new IpcFailure('VALIDATION_FAILED', 'print.noDialog', {});
      const data = await printData(invoice, request.document);
      noteStatus(invoice.id, data.fpzt);
      if (VOIDED.has(data.fpzt)) throw new IpcFailure('VALIDATION_FAILED', 'print.INVOICE_VOIDED', { fpzt: data.fpzt });
      const { pages } = pagesOf(data, invoice.invoiceType, request.document);
      const pdf = await renderPdf(pages, { layers: request.mode === 'overlay' ? ['data'] : ['form', 'data'], title: `${invoice.invoiceType}-${invoice.invoiceNumber}` });
      const file = await deps.dialog.chooseSavePath(`${invoice.invoiceNumber}-${request.document}.pdf`, [{ name: 'PDF', extensions: ['pdf'] }]);
      if (!file) return { path: null };
      fs.writeFileSync(file, pdf);
      return { path: file };
    },

    log(invoiceId: number) {
      const scope = deps.scope();
      const jobs = repo.jobsOfInvoice(invoiceId, environment, scope).map(toJobView);
      const printedFaces = jobs.filter((job) => job.document === 'invoice' && job.status === 'printed').length;
      const archive = repo.archiveJobsOfInvoice(invoiceId, environment, scope).map((row) => ({
        id: row.id,
        printer: row.printer,
        copies: row.copies,
        status: row.status,
        errorCode: row.error_code,
        errorDetail: row.error_message,
        printerJobId: row.printer_job_id,
        createdAt: row.created_at,
      }));
      return { jobs, reprints: Math.max(0, printedFaces - 1), archive };
    },

    calibration(printer: string): Calibration {
      const { downMm, rightMm, edition } = calibration(printer);
      return { printer, downMm, rightMm, edition };
    },

    calibrate(value: Calibration): Calibration {
      repo.saveCalibration(value.printer, { downMm: new Decimal(value.downMm).toFixed(1), rightMm: new Decimal(value.rightMm).toFixed(1), edition: value.edition }, nowIso());
      return this.calibration(value.printer);
    },

    async calibrationPage(printer: string): Promise<{ printerJobId: string }> {
      if (!deps.printer) throw new IpcFailure('VALIDATION_FAILED', 'print.PRINTER_MISSING', { printer });
      const { downMm, rightMm } = calibration(printer);
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
      const invoice = deps.findInvoice(request.invoiceId);
      if (!invoice) throw new IpcFailure('NOT_FOUND', 'print.notFound', { id: request.invoiceId });
      if (!ELECTRONIC_TYPES.has(invoice.invoiceType)) {
        throw new IpcFailure('VALIDATION_FAILED', 'print.notElectronic', { type: invoice.invoiceType });
      }
      if (!deps.printer) throw new IpcFailure('VALIDATION_FAILED', 'print.PRINTER_MISSING', { printer: request.printer });
      repo.savePreference(environment, invoice.invoiceType, request.printer, nowIso());
      const id = repo.insertArchiveJob(
        { environment, enterprise: deps.invoiceEnterprise(invoice.id), invoiceId: invoice.id, fplxdm: invoice.invoiceType, fphm: invoice.invoiceNumber ?? '', printer: request.printer, copies: request.copies },
        nowIso(),
      );
      try {
        const file = await deps.invoicePdf(invoice.id);
        const pdf = fs.readFileSync(file.path);
        // The layout's own sheet, at 100 %: the archive copy is the invoice as issued, millimetre for millimetre.
        const paper = await pdfPaper(pdf);
        const { jobId } = await deps.printer.print({ printer: request.printer, pdf, title: `fapiao-${invoice.invoiceNumber ?? invoice.id}`, paper, copies: request.copies });
        repo.setArchiveStatus(id, { status: 'printed', printerJobId: jobId }, nowIso());
        return { id, status: 'printed' as const, errorCode: null, errorDetail: null, printerJobId: jobId };
      } catch (error) {
        const { code, detail } = error instanceof IpcFailure ? { code: 'SERVICE_ERROR' as const, detail: error.message } : failureOf(error);
        repo.setArchiveStatus(id, { status: 'failed', errorCode: code, errorMessage: detail }, nowIso());
        return { id, status: 'failed' as const, errorCode: code, errorDetail: detail, printerJobId: null };
      }
    },
  };
}

export type PrintService = ReturnType<typeof createPrintService>;
