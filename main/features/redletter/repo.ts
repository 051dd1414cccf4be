/**
 * SQL of red-letter information form applications (red_letter_form, migrations 0050 and 0160). The
 * application is stored with its whole request before it is sent (docs/architecture.md §5); the outbox handler
 * moves it queued → applying → approved (or rejected) and writes the form number in the transaction that
 * finishes the outbox row.
 */
import type { Db } from '../../db/open.js';
import type {
  Environment,
  InvoiceStatus,
  RedLetterFormStatus,
  RedLetterFormSummary,
  RedLetterReason,
  RedLetterSubReason,
  RedReason,
} from '../../../shared/ipc/index.js';

export interface NewRedLetterForm {
  lsh: string;
  environment: Environment;
  blueInvoiceId: number;
  fplxdm: string;
  fpdm: string | null;
  fphm: string;
  sqly: RedLetterReason;
  sqlyDetail: RedLetterSubReason | null;
  chyydm: RedReason;
  kpzdbs: string | null;
  xhdwsbh: string;
  xhdwmc: string;
  ghdwsbh: string | null;
  ghdwmc: string;
  /** Negative totals of the red lines, as the form will carry them. */
  hjje: string;
  hjse: string;
  jshj: string;
  requestJson: string;
  /** Issuance detail lines of the red invoice to issue with this form. */
  redLinesJson: string;
  autoIssue: boolean;
}

/** A form row as the services need it (summary fields plus what issuing the red invoice needs). */
export interface RedLetterFormRow {
  id: number;
  lsh: string;
  environment: Environment;
  blue_invoice_id: number | null;
  fplxdm: string | null;
  status: RedLetterFormStatus;
  sqly: RedLetterReason;
  sqly_detail: RedLetterSubReason | null;
  chyydm: RedReason | null;
  kpzdbs: string | null;
  xhdwsbh: string;
  jshj: string | null;
  sqdh: string | null;
  xxbbh: string | null;
  xxbid: string | null;
  request_json: string;
  red_lines_json: string | null;
  auto_issue: 0 | 1;
  red_invoice_id: number | null;
  red_invoice_lsh: string | null;
  red_invoice_status: InvoiceStatus | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT f.*, r.lsh AS red_invoice_lsh, r.status AS red_invoice_status
  FROM red_letter_form f LEFT JOIN issued_invoice r ON r.id = f.red_invoice_id`;

export function toFormSummary(row: RedLetterFormRow): RedLetterFormSummary {
  return {
    id: row.id,
    lsh: row.lsh,
    blueInvoiceId: row.blue_invoice_id,
    invoiceType: row.fplxdm,
    status: row.status,
    letterReason: row.sqly,
    letterSubReason: row.sqly_detail,
    reason: row.chyydm,
    amount: (row.jshj ?? '0.00').replace(/^-/, ''),
    xxbbh: row.xxbbh,
    xxbid: row.xxbid,
    sqdh: row.sqdh,
    error: row.error_message,
    autoIssue: row.auto_issue === 1,
    redInvoiceId: row.red_invoice_id,
    redInvoiceLsh: row.red_invoice_lsh,
    redInvoiceStatus: row.red_invoice_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createRedLetterRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO red_letter_form (lsh, environment, blue_invoice_id, fplxdm, fpdm, fphm, sqly, sqly_detail, chyydm, kpzdbs, xhdwsbh, xhdwmc,
       ghdwsbh, ghdwmc, hjje, hjse, jshj, status, request_json, red_lines_json, auto_issue, created_at, updated_at)
     VALUES (@lsh, @environment, @blueInvoiceId, @fplxdm, @fpdm, @fphm, @sqly, @sqlyDetail, @chyydm, @kpzdbs, @xhdwsbh, @xhdwmc,
       @ghdwsbh, @ghdwmc, @hjje, @hjse, @jshj, 'queued', @requestJson, @redLinesJson, @autoIssue, @now, @now)`,
  );
  const byLsh = db.prepare<[string], RedLetterFormRow>(`${SELECT} WHERE f.lsh = ?`);
  const byId = db.prepare<[number], RedLetterFormRow>(`${SELECT} WHERE f.id = ?`);
  const ofBlue = db.prepare<[number], RedLetterFormRow>(`${SELECT} WHERE f.blue_invoice_id = ? ORDER BY f.created_at, f.id`);
  const markApplying = db.prepare<[string | null, string, string]>(
    `UPDATE red_letter_form SET status = 'applying', sqdh = coalesce(?, sqdh), updated_at = ? WHERE lsh = ? AND status IN ('queued', 'applying')`,
  );
  const touch = db.prepare<[string, string, string]>(`UPDATE red_letter_form SET error_message = ?, updated_at = ? WHERE lsh = ? AND status IN ('queued', 'applying')`);
  const markApproved = db.prepare(
    `UPDATE red_letter_form SET status = 'approved', xxbbh = @xxbbh, xxbid = @xxbid, form_json = @formJson, error_code = NULL, error_message = NULL,
       updated_at = @now WHERE lsh = @lsh AND status IN ('queued', 'applying')`,
  );
  const markRefused = db.prepare<[string, string, string, string]>(
    `UPDATE red_letter_form SET status = 'rejected', error_code = ?, error_message = ?, updated_at = ? WHERE lsh = ? AND status IN ('queued', 'applying')`,
  );
  const linkRed = db.prepare<[number, string, number]>(
    `UPDATE red_letter_form SET red_invoice_id = ?, error_message = NULL, updated_at = ? WHERE id = ?`,
  );
  const setError = db.prepare<[string, string, number]>(`UPDATE red_letter_form SET error_message = ?, updated_at = ? WHERE id = ?`);
  const formOfRed = db.prepare<[number], RedLetterFormRow>(`${SELECT} WHERE f.red_invoice_id = ?`);

  return {
    /** Call inside the transaction that also enqueues the application. */
    insert(form: NewRedLetterForm, now: string): number {
      return Number(insert.run({ ...form, autoIssue: form.autoIssue ? 1 : 0, now }).lastInsertRowid);
    },
    byLsh: (lsh: string): RedLetterFormRow | undefined => byLsh.get(lsh),
    byId: (id: number): RedLetterFormRow | undefined => byId.get(id),
    ofBlue: (blueInvoiceId: number): RedLetterFormRow[] => ofBlue.all(blueInvoiceId),
    formOfRed: (redInvoiceId: number): RedLetterFormRow | undefined => formOfRed.get(redInvoiceId),
    markApplying: (lsh: string, sqdh: string | null, now: string) => markApplying.run(sqdh, now, lsh).changes > 0,
    /** Keeps why the last attempt did not end (shown while the row waits for its next attempt). */
    note: (lsh: string, message: string, now: string) => touch.run(message, now, lsh).changes > 0,
    markApproved: (lsh: string, numbers: { xxbbh: string | null; xxbid: string | null; formJson: string }, now: string) =>
      markApproved.run({ lsh, ...numbers, now }).changes > 0,
    markRefused: (lsh: string, code: string, message: string, now: string) => markRefused.run(code, message, now, lsh).changes > 0,
    /** A message about the form's red invoice (e.g. why it could not be queued); the status stays. */
    setError: (formId: number, message: string, now: string) => setError.run(message, now, formId).changes > 0,
    linkRedInvoice: (formId: number, redInvoiceId: number, now: string) => linkRed.run(redInvoiceId, now, formId).changes > 0,
  };
}

export type RedLetterRepo = ReturnType<typeof createRedLetterRepo>;
