/**
 * One print job in two steps, so a run of several invoices can make the next job's pages while the
 * printer takes the current one: `prepare` (fpdy through the service client, the status check — voided
 * invoices are refused here, before any page is made — the page description and the PDF) and `send`
 * (the PDF to the PrinterPort, the print_job row to printed or failed). `prepare` never rejects: every
 * failure comes back as a code and the system's own words, recorded on the job by `send`.
 */
import { ServiceError, TransportError } from '../../api/errors.js';
import { PrinterError, type PrinterPort } from '../../ports.js';
import type { PrintDocument, PrintJobErrorCode, PrintMode } from '../../../shared/ipc/schemas/print.js';
import { goodsListPages, hasList, invoicePage, type PaperInvoiceType } from '../../../shared/print/compose.js';
import { FORM_HEIGHT_MM, FORM_WIDTH_MM, type FormEdition } from '../../../shared/print/layouts/invoice-form.js';
import type { Page } from '../../../shared/print/page.js';
import type { PrintResult } from '../../../shared/spec/print.js';
import { renderPdf, TextTooLongError } from './pdf.js';

export const VOIDED = new Set(['02', '03', '04']);

export interface JobTarget {
  fplxdm: PaperInvoiceType;
  fpdm: string;
  fphm: string;
  document: PrintDocument;
  mode: PrintMode;
  offset: { downMm: number; rightMm: number };
  /** The printer's form edition (with its calibration). */
  edition: FormEdition;
}

export type Paper = { widthMm: number; heightMm: number };

export type Prepared =
  | { ok: true; fpzt: string; listed: boolean; pdf: Uint8Array; paper: Paper }
  | { ok: false; code: PrintJobErrorCode; detail: string; fpzt?: string; listed?: boolean };

export function failureOf(error: unknown): { code: PrintJobErrorCode; detail: string } {
  if (error instanceof PrinterError) {
    const code = error.reason === 'missing' ? 'PRINTER_MISSING' : error.reason === 'offline' ? 'PRINTER_OFFLINE' : 'PRINTER_REFUSED';
    return { code, detail: error.detail };
  }
  if (error instanceof ServiceError) return { code: 'SERVICE_ERROR', detail: `${error.code} ${error.serviceMessage}`.trim() };
  // The field ids ('field.remark', …) are the detail; the renderer names the fields.
  if (error instanceof TextTooLongError) return { code: 'TEXT_TOO_LONG', detail: error.fields.join(', ') };
  if (error instanceof TransportError) return { code: error.kind === 'bad-shape' || error.kind === 'not-json' ? 'BAD_RESPONSE' : 'NETWORK_ERROR', detail: error.message };
  return { code: 'INTERNAL', detail: error instanceof Error ? error.message : String(error) };
}

/** The pages of one document of the print data, and the paper they go on. */
export function pagesOf(data: PrintResult, fplxdm: PaperInvoiceType, document: PrintDocument, edition?: FormEdition): { pages: Page[]; paper: Paper } {
  if (document === 'invoice') return { pages: [invoicePage(data, { fplxdm, ...(edition ? { edition } : {}) })], paper: { widthMm: FORM_WIDTH_MM, heightMm: FORM_HEIGHT_MM } };
  return { pages: goodsListPages(data, fplxdm), paper: { widthMm: 210, heightMm: 297 } };
}

export interface JobRunnerDeps {
  printer: PrinterPort | undefined;
  printData(target: Pick<JobTarget, 'fplxdm' | 'fpdm' | 'fphm' | 'document'>): Promise<PrintResult>;
}

export function createJobRunner(deps: JobRunnerDeps) {
  return {
    /** Print data, status check and PDF of one job; resolves with the PDF or the failure, never rejects. */
    async prepare(target: JobTarget): Promise<Prepared> {
      if (!deps.printer) return { ok: false, code: 'PRINTER_MISSING', detail: 'this host has no printer access' };
      let data: PrintResult;
      try {
        data = await deps.printData(target);
      } catch (error) {
        return { ok: false, ...failureOf(error) };
      }
      const listed = hasList(data);
      // A voided invoice is never printed: refused here, before any page is made or sent.
      if (VOIDED.has(data.fpzt)) return { ok: false, code: 'INVOICE_VOIDED', detail: `fpzt ${data.fpzt}`, fpzt: data.fpzt, listed };
      if (target.document === 'list' && !listed) return { ok: false, code: 'NO_LIST', detail: `qdbz ${data.qdbz ?? ''}`, fpzt: data.fpzt, listed };
      // A face without its QR code cannot be scanned or verified: refused, never printed silently without it.
      if (target.document === 'invoice' && !data.ewm?.trim()) return { ok: false, code: 'NO_QR_CODE', detail: 'ewm', fpzt: data.fpzt, listed };
      try {
        const { pages, paper } = pagesOf(data, target.fplxdm, target.document, target.edition);
        const pdf = await renderPdf(pages, {
          layers: target.mode === 'overlay' ? ['data'] : ['form', 'data'],
          offset: target.offset,
          title: `${target.fplxdm}-${target.fphm}-${target.document}`,
        });
        return { ok: true, fpzt: data.fpzt, listed, pdf, paper };
      } catch (error) {
        return { ok: false, ...failureOf(error), fpzt: data.fpzt, listed };
      }
    },

    /** Hands a prepared PDF to the printer; the queue's job id, or the failure as a code and detail. */
    async send(request: { printer: string; copies: number; title: string; prepared: Prepared & { ok: true } }): Promise<{ jobId: string } | { code: PrintJobErrorCode; detail: string }> {
      try {
        const { pdf, paper } = request.prepared;
        return await deps.printer!.print({ printer: request.printer, pdf, title: request.title, paper, copies: request.copies });
      } catch (error) {
        return failureOf(error);
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
