/** The print log's rows (store.ts) as the renderer and the dashboard see them (shared/ipc/schemas/print.ts). */
import type { PrintJobErrorCode, PrintJobView } from '../../../shared/ipc/schemas/print.js';
import type { ArchiveJobRow, FailedJobRow, PrintJobRow } from './store.js';

export const DOCUMENT_OF_DYLX = { '0': 'invoice', '1': 'list' } as const;

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

export const toFailedJobView = (job: FailedJobRow) => ({
  jobId: job.id,
  invoiceId: job.issued_invoice_id,
  invoiceCode: job.fpdm,
  invoiceNumber: job.fphm,
  document: DOCUMENT_OF_DYLX[job.dylx as '0' | '1'],
  errorCode: job.error_code,
  at: job.updated_at,
});

export const toArchiveJobView = (row: ArchiveJobRow) => ({
  id: row.id,
  printer: row.printer,
  copies: row.copies,
  status: row.status,
  errorCode: row.error_code,
  errorDetail: row.error_message,
  printerJobId: row.printer_job_id,
  createdAt: row.created_at,
});
