/** The print log and the printers' calibration (stores/print.ts). */
import type { Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { FormEdition } from '../../../../shared/print/layouts/invoice-form.js';
import type { JobStatus } from '../../../features/print/store.js';

/**
 * Paper prints: SQLite 0060, 0200 (detail), 0460 (enterprise), 0500 (signed); PostgreSQL 0470 and 0500. Offsets are
 * the mm entered, as decimal text (NUMERIC on PostgreSQL, answered as the same text).
 */
export interface PrintJobTable {
  id: Generated<number>;
  environment: Environment;
  /** Tax number of the seller of the invoice printed (main/db/enterprise-scope.ts). */
  enterprise: string | null;
  issued_invoice_id: number | null;
  fplxdm: string;
  fpdm: string;
  fphm: string;
  dylx: '0' | '1';
  printer: string;
  copies: number;
  mode: 'overlay' | 'full';
  fpzt: string | null;
  printer_job_id: string | null;
  down_mm: string;
  right_mm: string;
  retry_of: number | null;
  status: JobStatus;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

/** Electronic invoices printed for the paper archive: SQLite 0200, 0460; PostgreSQL 0470. Not signed. */
export interface ArchivePrintJobTable {
  id: Generated<number>;
  environment: Environment;
  enterprise: string | null;
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
  updated_at: string;
}

/** A printer's offsets (mm, decimal text) and form edition: SQLite 0060, 0420; PostgreSQL 0470. */
export interface PrinterCalibrationTable {
  printer: string;
  down_mm: string;
  right_mm: string;
  form_edition: FormEdition;
  updated_at: string;
}

export interface PrintTables {
  print_job: PrintJobTable;
  archive_print_job: ArchivePrintJobTable;
  printer_calibration: PrinterCalibrationTable;
}
