/**
 * The print log and the printers' calibration (the print store of the ledger port, main/features/print/store.ts),
 * the one implementation for both databases: the owner of print_job (paper invoices and their goods lists),
 * archive_print_job (electronic invoices printed for the paper archive) and printer_calibration, which belongs to
 * a printer that desks share through the print server. A job records the enterprise of the invoice it printed,
 * and an invoice's print log shows only the active enterprise's jobs (main/db/enterprise-scope.ts): a failure
 * never lands in another enterprise's log. Every write is one statement; the feature never calls a printer
 * inside a transaction. Rows come back as the desk's SQLite gives them: ids as numbers, offsets as the decimal
 * text entered, times as the desk's ISO strings. Only a retry's lock differs by database (dialects/print.ts).
 * Not a hot path: a clerk's print writes a few rows, an invoice's log reads a few.
 */
import type { Environment } from '../../../shared/ipc/index.js';
import { DEFAULT_EDITION } from '../../../shared/print/layouts/invoice-form.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';
import type { ArchiveJobRow, FailedJobRow, PrintJobRow, PrintStore } from '../../features/print/store.js';
import { printDialects } from './dialects/print.js';
import { inScope } from './scope.js';
import type { StoreSql } from './sql.js';

/** print_job's columns as PrintJobRow (features/print/store.ts). */
const JOB_COLUMNS = [
  'id',
  'environment',
  'issued_invoice_id',
  'fplxdm',
  'fpdm',
  'fphm',
  'dylx',
  'printer',
  'status',
  'error_code',
  'error_message',
  'copies',
  'mode',
  'fpzt',
  'printer_job_id',
  'down_mm',
  'right_mm',
  'retry_of',
  'created_at',
  'updated_at',
] as const;
/** archive_print_job's columns as ArchiveJobRow. */
const ARCHIVE_COLUMNS = ['id', 'issued_invoice_id', 'fplxdm', 'fphm', 'printer', 'copies', 'status', 'printer_job_id', 'error_code', 'error_message', 'created_at'] as const;

/** `actor()` signs a new job: the desk's signed-in clerk, null when none. */
export function createPrintStore(q: StoreSql, actor: () => string | null): PrintStore {
  const dialect = printDialects[q.kind];
  const job = (id: number, environment: Environment) => q.db.selectFrom('print_job').select(JOB_COLUMNS).where('id', '=', id).where('environment', '=', environment);
  /** An invoice's jobs of the scope, oldest first. */
  const ofInvoice = (table: 'print_job' | 'archive_print_job', invoiceId: number, environment: Environment, scope: EnterpriseScope) =>
    q.db.selectFrom(table).where('issued_invoice_id', '=', invoiceId).where('environment', '=', environment).where(inScope(scope)).orderBy('id');

  return {
    async insertJob(values, now) {
      const by = actor();
      const inserted = await q.first(
        q.db
          .insertInto('print_job')
          .values({
            environment: values.environment,
            enterprise: values.enterprise,
            issued_invoice_id: values.invoiceId,
            fplxdm: values.fplxdm,
            fpdm: values.fpdm,
            fphm: values.fphm,
            dylx: values.dylx,
            printer: values.printer,
            status: 'requested',
            copies: values.copies,
            mode: values.mode,
            down_mm: values.downMm,
            right_mm: values.rightMm,
            retry_of: values.retryOf,
            created_at: now,
            updated_at: now,
            created_by: by,
            updated_by: by,
          })
          .returning('id'),
      );
      return inserted!.id;
    },
    job: async (id, environment) => ((await q.first(job(id, environment))) as PrintJobRow | undefined) ?? null,
    // A second desk's retry of the same job waits, then sees the first's.
    jobForRetry: async (id, environment) => ((await q.first(dialect.heldForRetry(job(id, environment)))) as PrintJobRow | undefined) ?? null,
    // A failed job is retried once: the first job repeating it.
    retriedBy: async (id) => (await q.first(q.db.selectFrom('print_job').select('id').where('retry_of', '=', id).orderBy('id').limit(1)))?.id ?? null,
    jobsOfInvoice: async (invoiceId, environment, scope) => (await q.all(ofInvoice('print_job', invoiceId, environment, scope).select(JOB_COLUMNS))) as PrintJobRow[],
    async setStatus(id, fields, now) {
      // fpzt and the printer's job id are kept when a step does not learn them; the error is replaced.
      await q.write(
        q.db
          .updateTable('print_job')
          .set((eb) => ({
            status: fields.status,
            fpzt: eb.fn.coalesce(eb.val(fields.fpzt ?? null), 'fpzt'),
            printer_job_id: eb.fn.coalesce(eb.val(fields.printerJobId ?? null), 'printer_job_id'),
            error_code: fields.errorCode ?? null,
            error_message: fields.errorMessage ?? null,
            updated_at: now,
          }))
          .where('id', '=', id),
      );
    },
    // A paper print whose latest attempt for its invoice and document failed (a later retry that printed clears it), newest first.
    failedJobs: async (environment, limit) =>
      (await q.all(
        q.db
          .selectFrom('print_job as p')
          .select(['p.id', 'p.issued_invoice_id', 'p.fpdm', 'p.fphm', 'p.dylx', 'p.error_code', 'p.updated_at'])
          .where('p.environment', '=', environment)
          .where('p.status', '=', 'failed')
          .where('p.issued_invoice_id', 'is not', null)
          .where('p.id', '=', (eb) =>
            eb
              .selectFrom('print_job as later')
              .select((inner) => inner.fn.max('later.id').as('latest'))
              .whereRef('later.issued_invoice_id', '=', 'p.issued_invoice_id')
              .whereRef('later.dylx', '=', 'p.dylx'),
          )
          .orderBy('p.id', 'desc')
          .limit(limit),
      )) as FailedJobRow[],
    async insertArchiveJob(values, now) {
      const inserted = await q.first(
        q.db
          .insertInto('archive_print_job')
          .values({
            environment: values.environment,
            enterprise: values.enterprise,
            issued_invoice_id: values.invoiceId,
            fplxdm: values.fplxdm,
            fphm: values.fphm,
            printer: values.printer,
            copies: values.copies,
            status: 'printing',
            created_at: now,
            updated_at: now,
          })
          .returning('id'),
      );
      return inserted!.id;
    },
    async setArchiveStatus(id, fields, now) {
      await q.write(
        q.db
          .updateTable('archive_print_job')
          .set({ status: fields.status, printer_job_id: fields.printerJobId ?? null, error_code: fields.errorCode ?? null, error_message: fields.errorMessage ?? null, updated_at: now })
          .where('id', '=', id),
      );
    },
    archiveJobsOfInvoice: async (invoiceId, environment, scope) =>
      (await q.all(ofInvoice('archive_print_job', invoiceId, environment, scope).select(ARCHIVE_COLUMNS))) as ArchiveJobRow[],
    async calibration(printer) {
      const row = await q.first(q.db.selectFrom('printer_calibration').select(['down_mm', 'right_mm', 'form_edition']).where('printer', '=', printer));
      return { downMm: row?.down_mm ?? '0', rightMm: row?.right_mm ?? '0', edition: row?.form_edition ?? DEFAULT_EDITION };
    },
    async saveCalibration(printer, value, now) {
      await q.write(
        q.db
          .insertInto('printer_calibration')
          .values({ printer, down_mm: value.downMm, right_mm: value.rightMm, form_edition: value.edition, updated_at: now })
          .onConflict((oc) =>
            oc.column('printer').doUpdateSet((eb) => ({
              down_mm: eb.ref('excluded.down_mm'),
              right_mm: eb.ref('excluded.right_mm'),
              form_edition: eb.ref('excluded.form_edition'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          ),
      );
    },
  };
}
