/**
 * What the print feature keeps in the ledger (docs/team-ledger.md §1, §2): the print log — print_job (paper
 * invoices and their goods lists) and archive_print_job (electronic invoices printed for the paper archive)
 * — and printer_calibration, which belongs to a printer that desks share through the print server. Types
 * only: one implementation serves both databases (main/ledger/stores/print.ts). Offsets are decimal strings
 * in mm, as entered; times are ISO strings of the desk's clock. Which printer this PC uses is not here:
 * printer_preference stays on the desk (preference-repo.ts).
 */
import type { Environment } from '../../../shared/ipc/index.js';
import type { FormEdition } from '../../../shared/print/layouts/invoice-form.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';

export type JobStatus = 'requested' | 'printing' | 'printed' | 'failed';

export interface PrintJobRow {
  id: number;
  environment: Environment;
  issued_invoice_id: number | null;
  fplxdm: string;
  fpdm: string;
  fphm: string;
  dylx: '0' | '1';
  printer: string;
  status: JobStatus;
  error_code: string | null;
  error_message: string | null;
  copies: number;
  mode: 'overlay' | 'full';
  fpzt: string | null;
  printer_job_id: string | null;
  down_mm: string;
  right_mm: string;
  retry_of: number | null;
  created_at: string;
  updated_at: string;
}

export interface ArchiveJobRow {
  id: number;
  issued_invoice_id: number | null;
  fplxdm: string;
  fphm: string;
  printer: string;
  copies: number;
  status: 'printing' | 'printed' | 'failed';
  printer_job_id: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
}

/** A paper print whose latest attempt for its invoice and document failed (the dashboard's 打印失败). */
export interface FailedJobRow {
  id: number;
  issued_invoice_id: number;
  fpdm: string;
  fphm: string;
  dylx: string;
  error_code: string | null;
  updated_at: string;
}

export interface NewPrintJob {
  environment: Environment;
  /** Tax number of the seller of the invoice printed. */
  enterprise: string | null;
  invoiceId: number;
  fplxdm: string;
  fpdm: string;
  fphm: string;
  dylx: '0' | '1';
  printer: string;
  copies: number;
  mode: 'overlay' | 'full';
  downMm: string;
  rightMm: string;
  retryOf: number | null;
}

export interface NewArchiveJob {
  environment: Environment;
  enterprise: string | null;
  invoiceId: number;
  fplxdm: string;
  fphm: string;
  printer: string;
  copies: number;
}

export interface JobStatusFields {
  status: JobStatus;
  fpzt?: string;
  printerJobId?: string;
  errorCode?: string | null;
  errorMessage?: string | null;
}

export interface ArchiveStatusFields {
  status: 'printed' | 'failed';
  printerJobId?: string;
  errorCode?: string;
  errorMessage?: string;
}

export interface PrinterCalibration {
  downMm: string;
  rightMm: string;
  edition: FormEdition;
}

/**
 * The print log and the printers' calibration. Every write is one statement, so the feature records a job,
 * sends it and records the outcome as separate short steps (never a printer inside a transaction).
 */
export interface PrintStore {
  /** A new paper job, status `requested`, signed by the acting clerk; its id. */
  insertJob(job: NewPrintJob, now: string): Promise<number>;
  job(id: number, environment: Environment): Promise<PrintJobRow | null>;
  /**
   * The job a retry is about to repeat, held until the transaction ends so that two desks retrying it at once
   * take turns (PostgreSQL: FOR UPDATE; SQLite's transaction holds the whole file already).
   */
  jobForRetry(id: number, environment: Environment): Promise<PrintJobRow | null>;
  /** The job that already repeats `id`, if any: a failed job is retried once. */
  retriedBy(id: number): Promise<number | null>;
  /** The jobs of an invoice that belong to the scope (the active enterprise), oldest first. */
  jobsOfInvoice(invoiceId: number, environment: Environment, scope: EnterpriseScope): Promise<PrintJobRow[]>;
  /** Moves a job on; `fpzt` and `printerJobId` are kept when not given, the error is replaced. */
  setStatus(id: number, fields: JobStatusFields, now: string): Promise<void>;
  /** Print jobs whose latest attempt for their invoice and document failed, newest first, at most `limit`. */
  failedJobs(environment: Environment, limit: number): Promise<FailedJobRow[]>;
  /** A new archive job, status `printing`; its id. */
  insertArchiveJob(job: NewArchiveJob, now: string): Promise<number>;
  setArchiveStatus(id: number, fields: ArchiveStatusFields, now: string): Promise<void>;
  archiveJobsOfInvoice(invoiceId: number, environment: Environment, scope: EnterpriseScope): Promise<ArchiveJobRow[]>;
  /** A printer's offsets and form edition; zero offsets and the common edition when never calibrated. */
  calibration(printer: string): Promise<PrinterCalibration>;
  saveCalibration(printer: string, value: PrinterCalibration, now: string): Promise<void>;
}
