/**
 * The print feature's shared tables on the desk's SQLite ledger (the SQL of store.ts's PrintStore; the
 * SQLite adapter wraps it, main/ledger/sqlite/print.ts): print_job (paper invoices and their goods lists),
 * archive_print_job (electronic invoices printed for the paper archive) and printer_calibration. Offsets are
 * TEXT decimals in mm, as entered; a printer's form edition sits beside them. A job records the enterprise
 * of the invoice it printed (migration 0460), and an invoice's print log shows only the active enterprise's
 * jobs (main/db/enterprise-scope.ts): a failure never lands in another enterprise's log. Synchronous and
 * prepared once: the speed of the desk's own ledger.
 */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import { IN_SCOPE, scopeParams, type EnterpriseScope, type ScopeParams } from '../../db/enterprise-scope.js';
import type { Environment } from '../../../shared/ipc/index.js';
import { DEFAULT_EDITION, type FormEdition } from '../../../shared/print/layouts/invoice-form.js';
import type { ArchiveJobRow, ArchiveStatusFields, FailedJobRow, JobStatusFields, NewArchiveJob, NewPrintJob, PrintJobRow, PrinterCalibration } from './store.js';

/** print_job's columns as PrintJobRow, the same on both ledgers. */
const JOB_COLUMNS = `id, environment, issued_invoice_id, fplxdm, fpdm, fphm, dylx, printer, status, error_code, error_message, copies, mode, fpzt,
  printer_job_id, down_mm, right_mm, retry_of, created_at, updated_at`;

export function createPrintRepo(db: Db) {
  const insertJob = db.prepare(
    `INSERT INTO print_job (environment, enterprise, issued_invoice_id, fplxdm, fpdm, fphm, dylx, printer, status, copies, mode, down_mm, right_mm, retry_of, created_at, updated_at, created_by, updated_by)
     VALUES (@environment, @enterprise, @invoiceId, @fplxdm, @fpdm, @fphm, @dylx, @printer, 'requested', @copies, @mode, @downMm, @rightMm, @retryOf, @now, @now, @by, @by)`,
  );
  const jobById = db.prepare<[number, Environment], PrintJobRow>(`SELECT ${JOB_COLUMNS} FROM print_job WHERE id = ? AND environment = ?`);
  const retriedBy = db.prepare<[number], { id: number }>(`SELECT id FROM print_job WHERE retry_of = ? ORDER BY id LIMIT 1`);
  const jobsOfInvoice = db.prepare<[ScopeParams & { id: number; environment: Environment }], PrintJobRow>(
    `SELECT ${JOB_COLUMNS} FROM print_job WHERE issued_invoice_id = @id AND environment = @environment AND ${IN_SCOPE} ORDER BY id`,
  );
  const setStatus = db.prepare(
    `UPDATE print_job SET status = @status, fpzt = COALESCE(@fpzt, fpzt), printer_job_id = COALESCE(@printerJobId, printer_job_id),
       error_code = @errorCode, error_message = @errorMessage, updated_at = @now WHERE id = @id`,
  );
  const calibrationOf = db.prepare<[string], { down_mm: string; right_mm: string; form_edition: FormEdition }>(
    `SELECT down_mm, right_mm, form_edition FROM printer_calibration WHERE printer = ?`,
  );
  const saveCalibration = db.prepare(
    `INSERT INTO printer_calibration (printer, down_mm, right_mm, form_edition, updated_at) VALUES (@printer, @downMm, @rightMm, @edition, @now)
     ON CONFLICT (printer) DO UPDATE SET down_mm = excluded.down_mm, right_mm = excluded.right_mm, form_edition = excluded.form_edition, updated_at = excluded.updated_at`,
  );
  const insertArchive = db.prepare(
    `INSERT INTO archive_print_job (environment, enterprise, issued_invoice_id, fplxdm, fphm, printer, copies, status, created_at, updated_at)
     VALUES (@environment, @enterprise, @invoiceId, @fplxdm, @fphm, @printer, @copies, 'printing', @now, @now)`,
  );
  const setArchiveStatus = db.prepare(
    `UPDATE archive_print_job SET status = @status, printer_job_id = @printerJobId, error_code = @errorCode, error_message = @errorMessage, updated_at = @now WHERE id = @id`,
  );
  const archiveOfInvoice = db.prepare<[ScopeParams & { id: number; environment: Environment }], ArchiveJobRow>(
    `SELECT id, issued_invoice_id, fplxdm, fphm, printer, copies, status, printer_job_id, error_code, error_message, created_at
     FROM archive_print_job WHERE issued_invoice_id = @id AND environment = @environment AND ${IN_SCOPE} ORDER BY id`,
  );

  // A paper print whose latest attempt failed (a later retry that printed clears it), newest first.
  const failed = db.prepare<[Environment, number], FailedJobRow>(
    `SELECT p.id, p.issued_invoice_id, p.fpdm, p.fphm, p.dylx, p.error_code, p.updated_at FROM print_job p
      WHERE p.environment = ? AND p.status = 'failed' AND p.issued_invoice_id IS NOT NULL
        AND p.id = (SELECT max(q.id) FROM print_job q WHERE q.issued_invoice_id = p.issued_invoice_id AND q.dylx = p.dylx)
      ORDER BY p.id DESC LIMIT ?`,
  );

  const job = (id: number, environment: Environment) => jobById.get(id, environment) ?? null;
  return {
    failedJobs: (environment: Environment, limit: number) => failed.all(environment, limit),
    insertJob: (job: NewPrintJob, now: string) => Number(insertJob.run({ ...job, now, by: actorOf(db) }).lastInsertRowid),
    job,
    // One desk's transaction (BEGIN IMMEDIATE) already holds the whole file: nothing to lock beyond it.
    jobForRetry: job,
    retriedBy: (id: number) => retriedBy.get(id)?.id ?? null,
    jobsOfInvoice: (invoiceId: number, environment: Environment, scope: EnterpriseScope) => jobsOfInvoice.all({ ...scopeParams(scope), id: invoiceId, environment }),
    setStatus(id: number, fields: JobStatusFields, now: string): void {
      setStatus.run({
        id,
        status: fields.status,
        fpzt: fields.fpzt ?? null,
        printerJobId: fields.printerJobId ?? null,
        errorCode: fields.errorCode ?? null,
        errorMessage: fields.errorMessage ?? null,
        now,
      });
    },
    calibration(printer: string): PrinterCalibration {
      const row = calibrationOf.get(printer);
      return { downMm: row?.down_mm ?? '0', rightMm: row?.right_mm ?? '0', edition: row?.form_edition ?? DEFAULT_EDITION };
    },
    saveCalibration: (printer: string, value: PrinterCalibration, now: string) => void saveCalibration.run({ printer, ...value, now }),
    insertArchiveJob: (job: NewArchiveJob, now: string) => Number(insertArchive.run({ ...job, now }).lastInsertRowid),
    setArchiveStatus: (id: number, fields: ArchiveStatusFields, now: string) =>
      void setArchiveStatus.run({
        id,
        status: fields.status,
        printerJobId: fields.printerJobId ?? null,
        errorCode: fields.errorCode ?? null,
        errorMessage: fields.errorMessage ?? null,
        now,
      }),
    archiveJobsOfInvoice: (invoiceId: number, environment: Environment, scope: EnterpriseScope) =>
      archiveOfInvoice.all({ ...scopeParams(scope), id: invoiceId, environment }),
  };
}

export type PrintRepo = ReturnType<typeof createPrintRepo>;
