/**
 * The print store of the PostgreSQL ledger (main/features/print/store.ts): the team's print log and its
 * printers' calibration (migration 1, signed by migration 7), the same answers as the desk's SQLite repo
 * (main/features/print/repo.ts). Ids come back as numbers, offsets (numeric) as the decimal strings they were
 * written as, times as the ISO strings of the desk's clock that wrote them. `connection()` is the pool, or
 * the client of the transaction the call belongs to.
 */
import type { Environment } from '../../../../shared/ipc/index.js';
import { DEFAULT_EDITION, type FormEdition } from '../../../../shared/print/layouts/invoice-form.js';
import type { EnterpriseScope } from '../../../db/enterprise-scope.js';
import type { ArchiveJobRow, FailedJobRow, PrintJobRow, PrintStore } from '../../../features/print/store.js';
import type { Queryable } from '../outbox.js';

/** A timestamptz as JavaScript's toISOString writes it (millisecond precision, UTC). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const JOB_COLUMNS = `id::float8 AS id, environment, issued_invoice_id::float8 AS issued_invoice_id, fplxdm, fpdm, fphm, dylx, printer, status,
  error_code, error_message, copies, mode, fpzt, printer_job_id, down_mm::text AS down_mm, right_mm::text AS right_mm,
  retry_of::float8 AS retry_of, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at`;

/** The scope's rows (main/db/enterprise-scope.ts's IN_SCOPE) with the scope at $3 and $4. */
const IN_SCOPE = `(enterprise = $3 OR ($4 AND enterprise IS NULL))`;

/** `actor()` signs a new job: the desk's signed-in clerk, null when none (pg/ledger.ts). */
export function createPgPrintStore(connection: () => Queryable, actor: () => string | null): PrintStore {
  const rows = async <T>(sql: string, values: unknown[]): Promise<T[]> => (await connection().query(sql, values)).rows as T[];
  const first = async <T>(sql: string, values: unknown[]): Promise<T | null> => (await rows<T>(sql, values))[0] ?? null;
  const idOf = async (sql: string, values: unknown[]) => (await first<{ id: number }>(sql, values))!.id;
  const scoped = (invoiceId: number, environment: Environment, scope: EnterpriseScope) => [invoiceId, environment, scope.enterprise, scope.own];

  return {
    insertJob: (job, now) => {
      const by = actor();
      return idOf(
        `INSERT INTO print_job (environment, enterprise, issued_invoice_id, fplxdm, fpdm, fphm, dylx, printer, status, copies, mode, down_mm, right_mm, retry_of,
                                created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'requested', $9, $10, $11, $12, $13, $14, $14, $15, $15) RETURNING id::float8 AS id`,
        [job.environment, job.enterprise, job.invoiceId, job.fplxdm, job.fpdm, job.fphm, job.dylx, job.printer, job.copies, job.mode, job.downMm, job.rightMm, job.retryOf, now, by],
      );
    },
    job: (id, environment) => first<PrintJobRow>(`SELECT ${JOB_COLUMNS} FROM print_job WHERE id = $1 AND environment = $2`, [id, environment]),
    // Row-locked until the transaction ends: a second desk's retry of the same job waits, then sees the first's.
    jobForRetry: (id, environment) => first<PrintJobRow>(`SELECT ${JOB_COLUMNS} FROM print_job WHERE id = $1 AND environment = $2 FOR UPDATE`, [id, environment]),
    retriedBy: async (id) => (await first<{ id: number }>(`SELECT id::float8 AS id FROM print_job WHERE retry_of = $1 ORDER BY id LIMIT 1`, [id]))?.id ?? null,
    jobsOfInvoice: (invoiceId, environment, scope) =>
      rows<PrintJobRow>(`SELECT ${JOB_COLUMNS} FROM print_job WHERE issued_invoice_id = $1 AND environment = $2 AND ${IN_SCOPE} ORDER BY id`, scoped(invoiceId, environment, scope)),
    async setStatus(id, fields, now) {
      await connection().query(
        `UPDATE print_job SET status = $2, fpzt = COALESCE($3, fpzt), printer_job_id = COALESCE($4, printer_job_id), error_code = $5, error_message = $6, updated_at = $7
          WHERE id = $1`,
        [id, fields.status, fields.fpzt ?? null, fields.printerJobId ?? null, fields.errorCode ?? null, fields.errorMessage ?? null, now],
      );
    },
    // A paper print whose latest attempt failed (a later retry that printed clears it), newest first.
    failedJobs: (environment, limit) =>
      rows<FailedJobRow>(
        `SELECT p.id::float8 AS id, p.issued_invoice_id::float8 AS issued_invoice_id, p.fpdm, p.fphm, p.dylx, p.error_code, ${iso('p.updated_at')} AS updated_at
           FROM print_job p
          WHERE p.environment = $1 AND p.status = 'failed' AND p.issued_invoice_id IS NOT NULL
            AND p.id = (SELECT max(q.id) FROM print_job q WHERE q.issued_invoice_id = p.issued_invoice_id AND q.dylx = p.dylx)
          ORDER BY p.id DESC LIMIT $2`,
        [environment, limit],
      ),
    insertArchiveJob: (job, now) =>
      idOf(
        `INSERT INTO archive_print_job (environment, enterprise, issued_invoice_id, fplxdm, fphm, printer, copies, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'printing', $8, $8) RETURNING id::float8 AS id`,
        [job.environment, job.enterprise, job.invoiceId, job.fplxdm, job.fphm, job.printer, job.copies, now],
      ),
    async setArchiveStatus(id, fields, now) {
      await connection().query(`UPDATE archive_print_job SET status = $2, printer_job_id = $3, error_code = $4, error_message = $5, updated_at = $6 WHERE id = $1`, [
        id,
        fields.status,
        fields.printerJobId ?? null,
        fields.errorCode ?? null,
        fields.errorMessage ?? null,
        now,
      ]);
    },
    archiveJobsOfInvoice: (invoiceId, environment, scope) =>
      rows<ArchiveJobRow>(
        `SELECT id::float8 AS id, issued_invoice_id::float8 AS issued_invoice_id, fplxdm, fphm, printer, copies, status, printer_job_id, error_code, error_message,
                ${iso('created_at')} AS created_at
           FROM archive_print_job WHERE issued_invoice_id = $1 AND environment = $2 AND ${IN_SCOPE} ORDER BY id`,
        scoped(invoiceId, environment, scope),
      ),
    async calibration(printer) {
      const row = await first<{ down_mm: string; right_mm: string; form_edition: FormEdition }>(
        `SELECT down_mm::text AS down_mm, right_mm::text AS right_mm, form_edition FROM printer_calibration WHERE printer = $1`,
        [printer],
      );
      return { downMm: row?.down_mm ?? '0', rightMm: row?.right_mm ?? '0', edition: row?.form_edition ?? DEFAULT_EDITION };
    },
    async saveCalibration(printer, value, now) {
      await connection().query(
        `INSERT INTO printer_calibration (printer, down_mm, right_mm, form_edition, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (printer) DO UPDATE SET down_mm = excluded.down_mm, right_mm = excluded.right_mm, form_edition = excluded.form_edition, updated_at = excluded.updated_at`,
        [printer, value.downMm, value.rightMm, value.edition, now],
      );
    },
  };
}
