/**
 * SQL of red-letter information form applications (red_letter_form, migrations 0050 and 0160). The
 * application is stored with its whole request before it is sent (docs/architecture.md §5); the outbox handler
 * moves it queued → applying → approved (or rejected) and writes the form number in the transaction that
 * finishes the outbox row.
 */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import { decodeFormNote } from './form-notes.js';
import type { InvoiceReads } from '../issuance/repo.js';
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
  /** The clerk who applied for it (0500). */
  created_by: string | null;
}

/** A stored form row; its red invoice's lsh and status are added from the invoice reads. */
type StoredFormRow = Omit<RedLetterFormRow, 'red_invoice_lsh' | 'red_invoice_status'>;

const SELECT = `SELECT f.* FROM red_letter_form f`;

export function toFormSummary(row: RedLetterFormRow): RedLetterFormSummary {
  const note = decodeFormNote(row.error_message);
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
    // A note by key (form-notes.ts) is worded by the renderer; other text is the service's or old data.
    error: note ? null : row.error_message,
    note,
    autoIssue: row.auto_issue === 1,
    redInvoiceId: row.red_invoice_id,
    redInvoiceLsh: row.red_invoice_lsh,
    redInvoiceStatus: row.red_invoice_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createRedLetterRepo(db: Db, invoices: Pick<InvoiceReads, 'refOf'>) {
  const withRed = (row: StoredFormRow | undefined): RedLetterFormRow | undefined => {
    if (!row) return undefined;
    const red = row.red_invoice_id === null ? undefined : invoices.refOf(row.red_invoice_id);
    return { ...row, red_invoice_lsh: red?.lsh ?? null, red_invoice_status: red?.status ?? null };
  };
  const insert = db.prepare(
    `INSERT INTO red_letter_form (lsh, environment, blue_invoice_id, fplxdm, fpdm, fphm, sqly, sqly_detail, chyydm, kpzdbs, xhdwsbh, xhdwmc,
       ghdwsbh, ghdwmc, hjje, hjse, jshj, status, request_json, red_lines_json, auto_issue, created_at, updated_at, created_by, updated_by)
     VALUES (@lsh, @environment, @blueInvoiceId, @fplxdm, @fpdm, @fphm, @sqly, @sqlyDetail, @chyydm, @kpzdbs, @xhdwsbh, @xhdwmc,
       @ghdwsbh, @ghdwmc, @hjje, @hjse, @jshj, 'queued', @requestJson, @redLinesJson, @autoIssue, @now, @now, @by, @by)`,
  );
  const byLsh = db.prepare<[string], StoredFormRow>(`${SELECT} WHERE f.lsh = ?`);
  const byId = db.prepare<[number], StoredFormRow>(`${SELECT} WHERE f.id = ?`);
  const ofBlue = db.prepare<[number], StoredFormRow>(`${SELECT} WHERE f.blue_invoice_id = ? ORDER BY f.created_at, f.id`);
  // The 红字信息表 list: the active enterprise's forms of the environment (it is the seller or the buyer of
  // the form), newest first, found by serial, number or buyer.
  const list = db.prepare<{ environment: string; enterprise: string; q: string; like: string; limit: number }, StoredFormRow>(
    `${SELECT} WHERE f.environment = @environment AND (f.xhdwsbh = @enterprise OR f.ghdwsbh = @enterprise)
        AND (@q = '' OR f.lsh LIKE @like ESCAPE '\\' OR f.xxbbh LIKE @like ESCAPE '\\' OR f.xxbid LIKE @like ESCAPE '\\' OR f.ghdwmc LIKE @like ESCAPE '\\')
      ORDER BY f.created_at DESC, f.id DESC LIMIT @limit`,
  );
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
  const formOfRed = db.prepare<[number], StoredFormRow>(`${SELECT} WHERE f.red_invoice_id = ?`);
  const reserving = db.prepare<[number], { jshj: string | null; red_invoice_id: number | null }>(
    `SELECT jshj, red_invoice_id FROM red_letter_form WHERE blue_invoice_id = ? AND status IN ('queued', 'applying', 'approved')`,
  );

  return {
    /** Call inside the transaction that also enqueues the application. */
    insert(form: NewRedLetterForm, now: string): number {
      return Number(insert.run({ ...form, autoIssue: form.autoIssue ? 1 : 0, now, by: actorOf(db) }).lastInsertRowid);
    },
    byLsh: (lsh: string): RedLetterFormRow | undefined => withRed(byLsh.get(lsh)),
    byId: (id: number): RedLetterFormRow | undefined => withRed(byId.get(id)),
    ofBlue: (blueInvoiceId: number): RedLetterFormRow[] => ofBlue.all(blueInvoiceId).map((row) => withRed(row) as RedLetterFormRow),
    list: (environment: string, enterprise: string, query: string, limit: number): RedLetterFormRow[] =>
      list
        .all({ environment, enterprise, q: query, like: `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`, limit })
        .map((row) => withRed(row) as RedLetterFormRow),
    formOfRed: (redInvoiceId: number): RedLetterFormRow | undefined => withRed(formOfRed.get(redInvoiceId)),
    /** Forms of a blue invoice still alive (queued, applying, approved): what they may reserve of it. */
    reserving: (blueInvoiceId: number) => reserving.all(blueInvoiceId),
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
