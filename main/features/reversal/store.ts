/**
 * The reversal feature's store on the ledger port (main/ledger/port.ts, docs/team-ledger.md §2): the
 * red-letter form applications (red_letter_form). Types only — one implementation serves both databases
 * (main/ledger/stores/red-forms.ts).
 * The links of red invoices to blue ones (red_reversal) are issuance's, written with the red invoice.
 * Money crosses as decimal strings; times as ISO strings of the desk's clock (what SQLite keeps as text), on
 * both databases the same strings and the same order.
 */
import type { Environment, RedLetterFormStatus, RedLetterReason, RedLetterSubReason, RedReason } from '../../../shared/ipc/index.js';

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

/** A form as stored (the summary's fields plus what issuing its red invoice needs). */
export interface StoredFormRow {
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
  error_message: string | null;
  created_at: string;
  updated_at: string;
  /** The clerk who applied for it (SQLite 0500, pg 7). */
  created_by: string | null;
}

/** The numbers and the whole form of an approved application. */
export interface ApprovedNumbers {
  xxbbh: string | null;
  xxbid: string | null;
  formJson: string;
}

/** Red-letter form applications. Every `mark…` moves only a form still on its way (queued, applying). */
export interface RedLetterFormStore {
  /** Stores a new application ('queued'); call in the transaction that also enqueues it. Signed by the acting clerk. */
  insert(form: NewRedLetterForm, now: string): Promise<number>;
  byLsh(lsh: string): Promise<StoredFormRow | undefined>;
  byId(id: number): Promise<StoredFormRow | undefined>;
  /** The forms of a blue invoice, oldest first. */
  ofBlue(blueInvoiceId: number): Promise<StoredFormRow[]>;
  /** The 红字信息表 list: the enterprise's forms (seller or buyer) of the environment, newest first, found by serial, number or buyer. */
  list(environment: string, enterprise: string, query: string, limit: number): Promise<StoredFormRow[]>;
  /** The form a red invoice was issued with. */
  formOfRed(redInvoiceId: number): Promise<StoredFormRow | undefined>;
  /** Forms of a blue invoice still alive (queued, applying, approved): what they may reserve of it. */
  reserving(blueInvoiceId: number): Promise<Array<{ jshj: string | null; red_invoice_id: number | null }>>;
  markApplying(lsh: string, sqdh: string | null, now: string): Promise<boolean>;
  /** Keeps why the last attempt did not end (shown while the row waits for its next attempt). */
  note(lsh: string, message: string, now: string): Promise<boolean>;
  markApproved(lsh: string, numbers: ApprovedNumbers, now: string): Promise<boolean>;
  markRefused(lsh: string, code: string, message: string, now: string): Promise<boolean>;
  /** A message about the form's red invoice (e.g. why it could not be queued); the status stays. */
  setError(formId: number, message: string, now: string): Promise<boolean>;
  linkRedInvoice(formId: number, redInvoiceId: number, now: string): Promise<boolean>;
  /**
   * Makes the other reversals of this blue invoice wait until the calling transaction ends, so that what is
   * left of it is read and taken by one desk at a time (call first in the transaction that checks and
   * takes it). PostgreSQL: a transaction-scoped advisory lock keyed by the invoice; SQLite: nothing to do,
   * the transaction already holds the whole file.
   */
  holdBlue(blueInvoiceId: number): Promise<void>;
}
