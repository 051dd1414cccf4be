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
import { ServiceError, TransportError } from '../../api/errors.js';
import { PrinterError, type DialogPort, type PrinterPort } from '../../ports.js';
import { IpcFailure, type Environment, type InvoiceSummary } from '../../../shared/ipc/index.js';
import type { Calibration, PrintDocument, PrintJobErrorCode, PrintJobView, PrintMode, PreviewPage } from '../../../shared/ipc/schemas/print.js';
import { calibrationPage } from '../../../shared/print/calibration.js';
import { goodsListPages, hasList, invoicePage, type PaperInvoiceType } from '../../../shared/print/compose.js';
import { FORM_HEIGHT_MM, FORM_WIDTH_MM } from '../../../shared/print/layouts/invoice-form.js';
import type { Page } from '../../../shared/print/page.js';
import type { PrintResult } from '../../../shared/spec/print.js';
import { renderPdf, resolvePages } from './pdf.js';
import type { PrintJobRow, PrintRepo } from './repo.js';

export const PAPER_TYPES = new Set(['004', '007']);
export const ELECTRONIC_TYPES = new Set(['026', '028', '81', '82']);
const VOIDED = new Set(['02', '03', '04']);

export interface PrintServiceDeps {
  repo: PrintRepo;
  environment: Environment;
  client: () => ServiceClient;
  sellerTaxNumber: () => string;
  now: () => Date;
  printer: PrinterPort | undefined;
  dialog: DialogPort | undefined;
  findInvoice: (id: number) => InvoiceSummary | null;
  /** The electronic invoice's layout file (PDF) on disk. */
  invoicePdf: (id: number) => Promise<{ path: string }>;
  progress: (progress: { total: number; done: number; job: PrintJobView }) => void;
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

function failureOf(error: unknown): { code: PrintJobErrorCode; detail: string } {
  if (error instanceof PrinterError) {
    const code = error.reason === 'missing' ? 'PRINTER_MISSING' : error.reason === 'offline' ? 'PRINTER_OFFLINE' : 'PRINTER_REFUSED';
    return { code, detail: error.detail };
  }
  if (error instanceof ServiceError) return { code: 'SERVICE_ERROR', detail: `${error.code} ${error.serviceMessage}`.trim() };
  if (error instanceof TransportError) return { code: error.kind === 'bad-shape' || error.kind === 'not-json' ? 'BAD_RESPONSE' : 'NETWORK_ERROR', detail: error.message };
  return { code: 'INTERNAL', detail: error instanceof Error ? error.message : String(error) };
}

/** The pages of one document of the print data, and the paper they go on. */
function pagesOf(data: PrintResult, fplxdm: PaperInvoiceType, document: PrintDocument): { pages: Page[]; paper: { widthMm: number; heightMm: number } } {
  if (document === 'invoice') return { pages: [invoicePage(data, { fplxdm })], paper: { widthMm: FORM_WIDTH_MM, heightMm: FORM_HEIGHT_MM } };
  return { pages: goodsListPages(data), paper: { widthMm: 210, heightMm: 297 } };
}

/** Preview pages as plain data for the renderer: the same fitted lines the PDF draws. */
function previewPages(pages: Page[]): PreviewPage[] {
  return resolvePages(pages, { layers: ['form', 'data'] }).map(({ page, texts }) => ({
    widthMm: page.widthMm,
    heightMm: page.heightMm,
    items: [
      ...page.items.flatMap((item): PreviewPage['items'] =>
        item.kind === 'line'
          ? [{ kind: 'line' as const, layer: item.layer, x1: item.x1, y1: item.y1, x2: item.x2, y2: item.y2, widthMm: item.widthMm, form: item.color === 'form' }]
          : item.kind === 'cross'
            ? [{ kind: 'cross' as const, layer: item.layer, x: item.x, y: item.y, size: item.size }]
            : [],
      ),
      ...texts.map(({ box, fitted }): PreviewPage['items'][number] => ({
        kind: 'text' as const,
        id: box.id,
        layer: box.layer,
        form: box.color === 'form',
        mono: box.face === 'mono',
        sizePt: fitted.sizePt,
        lines: fitted.lines,
      })),
    ],
  }));
}

export function createPrintService(deps: PrintServiceDeps) {
  const { repo, environment } = deps;
  const nowIso = () => deps.now().toISOString();

  function paperInvoice(id: number): InvoiceSummary & { invoiceType: PaperInvoiceType; invoiceCode: string; invoiceNumber: string } {
    const invoice = deps.findInvoice(id);
    if (!invoice) throw new IpcFailure('NOT_FOUND', '未找到这张发票', { key: 'print.errors.notFound', params: { id } });
    if (!PAPER_TYPES.has(invoice.invoiceType)) {
      throw new IpcFailure('VALIDATION_FAILED', '只有纸质专票（004）和纸质普票（007）按票面打印', { key: 'print.errors.notPaper', params: { type: invoice.invoiceType } });
    }
    if (invoice.status !== 'issued' || !invoice.invoiceCode || !invoice.invoiceNumber) {
      throw new IpcFailure('VALIDATION_FAILED', '发票尚未开具成功，不能打印', { key: 'print.errors.notIssued', params: { id } });
    }
    return invoice as ReturnType<typeof paperInvoice>;
  }

  async function printData(invoice: ReturnType<typeof paperInvoice>, document: PrintDocument): Promise<PrintResult> {
    return deps.client().printInvoice({
      fpdm: invoice.invoiceCode,
      fphm: invoice.invoiceNumber,
      dylx: document === 'invoice' ? '0' : '1',
      fplxdm: invoice.invoiceType,
      xhdwsbh: deps.sellerTaxNumber(),
    });
  }

  function calibration(printer: string): { downMm: number; rightMm: number; text: { downMm: string; rightMm: string } } {
    const saved = repo.calibration(printer);
    return { downMm: Number(saved.downMm), rightMm: Number(saved.rightMm), text: saved };
  }

  /** Runs one recorded job to its end (printed or failed) and returns its row as a view. */
  async function runJob(id: number): Promise<{ job: PrintJobView; listed?: boolean }> {
    const row = repo.job(id, environment);
    if (!row) throw new Error(`print job ${id} vanished`);
    const fail = (code: PrintJobErrorCode, detail: string, fpzt?: string) => {
      repo.setStatus(id, { status: 'failed', errorCode: code, errorMessage: detail, ...(fpzt ? { fpzt } : {}) }, nowIso());
      return { job: toJobView(repo.job(id, environment)!) };
    };
    const printer = deps.printer;
    if (!printer) return fail('PRINTER_MISSING', 'this host has no printer access');
    const document = DOCUMENT_OF_DYLX[row.dylx];
    let data: PrintResult;
    try {
      data = await printData({ invoiceType: row.fplxdm as PaperInvoiceType, invoiceCode: row.fpdm, invoiceNumber: row.fphm } as ReturnType<typeof paperInvoice>, document);
    } catch (error) {
      const { code, detail } = failureOf(error);
      return fail(code, detail);
    }
    // A voided invoice is never printed: refused here, before any page is made or sent.
    if (VOIDED.has(data.fpzt)) return fail('INVOICE_VOIDED', `fpzt ${data.fpzt}`, data.fpzt);
    if (document === 'list' && !hasList(data)) return fail('NO_LIST', `qdbz ${data.qdbz ?? ''}`, data.fpzt);
    try {
      const { pages, paper } = pagesOf(data, row.fplxdm as PaperInvoiceType, document);
      const pdf = await renderPdf(pages, {
        layers: row.mode === 'overlay' ? ['data'] : ['form', 'data'],
        offset: { downMm: Number(row.down_mm), rightMm: Number(row.right_mm) },
        title: `${row.fplxdm}-${row.fphm}-${document}`,
      });
      repo.setStatus(id, { status: 'printing', fpzt: data.fpzt }, nowIso());
      const { jobId } = await printer.print({ printer: row.printer, pdf, title: `fapiao-${row.fphm}-${document}`, paper, copies: row.copies });
      repo.setStatus(id, { status: 'printed', printerJobId: jobId }, nowIso());
      return { job: toJobView(repo.job(id, environment)!), listed: hasList(data) };
    } catch (error) {
      const { code, detail } = failureOf(error);
      return { ...fail(code, detail, data.fpzt), listed: hasList(data) };
    }
  }

  function record(invoice: ReturnType<typeof paperInvoice>, document: PrintDocument, options: { printer: string; copies: number; mode: PrintMode; retryOf?: number }): number {
    const offset = calibration(options.printer).text;
    return repo.insertJob(
      {
        environment,
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
    async printers() {
      const printers = deps.printer ? await deps.printer.list() : [];
      return { backend: deps.printer?.backend ?? 'none', printers, preferences: repo.preferences(environment) };
    },

    /**
     * Prints each invoice's documents, invoices in invoice-number order. The goods list is printed only for
     * an invoice that has one. A printer failure stops the run (the next jobs would fail the same way);
     * a refused invoice (voided) does not stop the others.
     */
    async print(request: { invoiceIds: number[]; documents: PrintDocument[]; printer: string; copies: number; mode: PrintMode }): Promise<{ jobs: PrintJobView[] }> {
      const invoices = [...new Set(request.invoiceIds)].map(paperInvoice);
      invoices.sort((a, b) => a.invoiceCode.localeCompare(b.invoiceCode) || a.invoiceNumber.localeCompare(b.invoiceNumber));
      for (const type of new Set(invoices.map((invoice) => invoice.invoiceType))) repo.savePreference(environment, type, request.printer, nowIso());
      const plan: Array<{ invoice: ReturnType<typeof paperInvoice>; document: PrintDocument }> = [];
      for (const invoice of invoices) {
        for (const document of (['invoice', 'list'] as const).filter((d) => request.documents.includes(d))) plan.push({ invoice, document });
      }
      const jobs: PrintJobView[] = [];
      // Invoices whose face answered qdbz 0: a list asked for "with the invoice" does not exist for them.
      const withoutList = new Set<number>();
      let total = plan.length;
      let done = 0;
      for (const { invoice, document } of plan) {
        if (document === 'list' && withoutList.has(invoice.id)) {
          total -= 1;
          continue;
        }
        const id = record(invoice, document, request);
        const { job, listed } = await runJob(id);
        // No list to print: the invoice has none, or it is voided (its list is refused the same way).
        if (document === 'invoice' && (listed === false || job.errorCode === 'INVOICE_VOIDED')) withoutList.add(invoice.id);
        jobs.push(job);
        done += 1;
        deps.progress({ total, done, job });
        if (job.errorCode?.startsWith('PRINTER_')) break;
      }
      return { jobs };
    },

    async retry(request: { jobId: number; printer?: string | undefined }): Promise<PrintJobView> {
      const row = repo.job(request.jobId, environment);
      if (!row) throw new IpcFailure('NOT_FOUND', '未找到这个打印任务', { key: 'print.errors.jobNotFound', params: { id: request.jobId } });
      if (row.status !== 'failed') throw new IpcFailure('VALIDATION_FAILED', '只有失败的打印任务可以重试', { key: 'print.errors.notRetryable', params: { id: row.id } });
      if (row.issued_invoice_id === null) throw new IpcFailure('NOT_FOUND', '这张发票已不在历史中', { key: 'print.errors.notFound', params: { id: row.id } });
      const invoice = paperInvoice(row.issued_invoice_id);
      const printer = request.printer ?? row.printer;
      if (request.printer) repo.savePreference(environment, invoice.invoiceType, printer, nowIso());
      const id = record(invoice, DOCUMENT_OF_DYLX[row.dylx], { printer, copies: row.copies, mode: row.mode, retryOf: row.id });
      return (await runJob(id)).job;
    },

    async preview(request: { invoiceId: number; document: PrintDocument }) {
      const invoice = paperInvoice(request.invoiceId);
      let data: PrintResult;
      try {
        // The face's data also says whether a list exists; the list's own data is the same lines.
        data = await printData(invoice, 'invoice');
      } catch (error) {
        const { code, detail } = failureOf(error);
        throw new IpcFailure(code === 'NETWORK_ERROR' ? 'NETWORK_ERROR' : 'SERVICE_ERROR', detail, { key: `print.errors.${code}`, params: { detail } });
      }
      const listed = hasList(data);
      const { pages } = pagesOf(data, invoice.invoiceType, request.document === 'list' && listed ? 'list' : 'invoice');
      return { pages: previewPages(pages), invoiceStatus: data.fpzt, hasList: listed };
    },

    async savePdf(request: { invoiceId: number; document: PrintDocument; mode: PrintMode }): Promise<{ path: string | null }> {
      const invoice = paperInvoice(request.invoiceId);
      if (!deps.dialog) throw new IpcFailure('VALIDATION_FAILED', '当前环境无法保存文件', { key: 'print.errors.noDialog', params: {} });
      const data = await printData(invoice, request.document);
      if (VOIDED.has(data.fpzt)) throw new IpcFailure('VALIDATION_FAILED', '作废发票不能打印', { key: 'print.errors.INVOICE_VOIDED', params: { fpzt: data.fpzt } });
      const { pages } = pagesOf(data, invoice.invoiceType, request.document);
      const pdf = await renderPdf(pages, { layers: request.mode === 'overlay' ? ['data'] : ['form', 'data'], title: `${invoice.invoiceType}-${invoice.invoiceNumber}` });
      const file = await deps.dialog.chooseSavePath(`${invoice.invoiceNumber}-${request.document}.pdf`, [{ name: 'PDF', extensions: ['pdf'] }]);
      if (!file) return { path: null };
      fs.writeFileSync(file, pdf);
      return { path: file };
    },

    log(invoiceId: number) {
      const jobs = repo.jobsOfInvoice(invoiceId, environment).map(toJobView);
      const printedFaces = jobs.filter((job) => job.document === 'invoice' && job.status === 'printed').length;
      const archive = repo.archiveJobsOfInvoice(invoiceId, environment).map((row) => ({
        id: row.id,
        printer: row.printer,
        copies: row.copies,
        status: row.status,
        errorCode: row.error_code,
        errorDetail: row.error_message,
        createdAt: row.created_at,
      }));
      return { jobs, reprints: Math.max(0, printedFaces - 1), archive };
    },

    calibration(printer: string): Calibration {
      const { downMm, rightMm } = calibration(printer);
      return { printer, downMm, rightMm };
    },

    calibrate(value: Calibration): Calibration {
      repo.saveCalibration(value.printer, new Decimal(value.downMm).toFixed(1), new Decimal(value.rightMm).toFixed(1), nowIso());
      return this.calibration(value.printer);
    },

    async calibrationPage(printer: string): Promise<{ printerJobId: string }> {
      if (!deps.printer) throw new IpcFailure('VALIDATION_FAILED', '当前环境无法打印', { key: 'print.errors.PRINTER_MISSING', params: { printer } });
      const { downMm, rightMm } = calibration(printer);
      const pdf = await renderPdf([calibrationPage(FORM_WIDTH_MM, FORM_HEIGHT_MM, printer)], { layers: ['data'], offset: { downMm, rightMm }, title: 'calibration' });
      try {
        const { jobId } = await deps.printer.print({ printer, pdf, title: 'fapiao-calibration', paper: { widthMm: FORM_WIDTH_MM, heightMm: FORM_HEIGHT_MM }, copies: 1 });
        return { printerJobId: jobId };
      } catch (error) {
        const { code, detail } = failureOf(error);
        throw new IpcFailure('VALIDATION_FAILED', detail, { key: `print.errors.${code}`, params: { printer, detail } });
      }
    },

    /** An electronic invoice's layout PDF on a chosen printer, recorded in archive_print_job. */
    async archive(request: { invoiceId: number; printer: string; copies: number }) {
      const invoice = deps.findInvoice(request.invoiceId);
      if (!invoice) throw new IpcFailure('NOT_FOUND', '未找到这张发票', { key: 'print.errors.notFound', params: { id: request.invoiceId } });
      if (!ELECTRONIC_TYPES.has(invoice.invoiceType)) {
        throw new IpcFailure('VALIDATION_FAILED', '只有电子发票按版式文件打印', { key: 'print.errors.notElectronic', params: { type: invoice.invoiceType } });
      }
      if (!deps.printer) throw new IpcFailure('VALIDATION_FAILED', '当前环境无法打印', { key: 'print.errors.PRINTER_MISSING', params: { printer: request.printer } });
      repo.savePreference(environment, invoice.invoiceType, request.printer, nowIso());
      const id = repo.insertArchiveJob(
        { environment, invoiceId: invoice.id, fplxdm: invoice.invoiceType, fphm: invoice.invoiceNumber ?? '', printer: request.printer, copies: request.copies },
        nowIso(),
      );
      try {
        const file = await deps.invoicePdf(invoice.id);
        const pdf = fs.readFileSync(file.path);
        const { jobId } = await deps.printer.print({ printer: request.printer, pdf, title: `fapiao-${invoice.invoiceNumber ?? invoice.id}`, paper: { widthMm: 210, heightMm: 297 }, copies: request.copies });
        repo.setArchiveStatus(id, { status: 'printed', printerJobId: jobId }, nowIso());
        return { id, status: 'printed' as const, errorCode: null, errorDetail: null };
      } catch (error) {
        const { code, detail } = error instanceof IpcFailure ? { code: 'SERVICE_ERROR' as const, detail: error.message } : failureOf(error);
        repo.setArchiveStatus(id, { status: 'failed', errorCode: code, errorMessage: detail }, nowIso());
        return { id, status: 'failed' as const, errorCode: code, errorDetail: detail };
      }
    },
  };
}

export type PrintService = ReturnType<typeof createPrintService>;
