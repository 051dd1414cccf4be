/** The print log and the printers' calibration (stores/print.ts). */
import type { Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { FormEdition } from '../../../../shared/print/layouts/invoice-form.js';
import type { ArchiveJobRow, PrintJobRow } from '../../../features/print/store.js';

/**
 * Paper prints: SQLite 0060, 0200 (detail), 0460 (enterprise), 0500 (signed); PostgreSQL 0470 and 0500. Offsets are
 * the mm entered, as decimal text (NUMERIC on PostgreSQL, answered as the same text). The columns a reader gets
 * are the feature's PrintJobRow (features/print/store.ts); the rest are the row's own.
 */
export interface PrintJobTable extends Omit<PrintJobRow, 'id'> {
  id: Generated<number>;
  /** Tax number of the seller of the invoice printed (main/db/enterprise-scope.ts). */
  enterprise: string | null;
  created_by: string | null;
  updated_by: string | null;
}

/** Electronic invoices printed for the paper archive: SQLite 0200, 0460; PostgreSQL 0470. Not signed. ArchiveJobRow and the row's own. */
export interface ArchivePrintJobTable extends Omit<ArchiveJobRow, 'id'> {
  id: Generated<number>;
  environment: Environment;
  enterprise: string | null;
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
