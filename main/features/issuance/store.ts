/**
 * The issuance feature's stores on the ledger port (main/ledger/port.ts; docs/team-ledger.md §2): issued
 * invoices with their lines and red-reversal links (issued_invoice, issued_invoice_line, red_reversal), and
 * the form's drafts (issuance_draft, shared on a team so that a 复核 can review them). Types only: each has one
 * store for both databases (main/ledger/stores/issued-invoices.ts, main/ledger/stores/issuance-drafts.ts). Money
 * stays decimal strings, times are ISO-8601 strings of the desk's clock on both.
 */
import type Decimal from 'decimal.js';
import type { StoredLine } from '../../../shared/rules/issuance-form/index.js';
import type {
  DraftReviewState,
  DraftSummary,
  Environment,
  InvoiceFileFormat,
  InvoiceStatus,
  InvoiceSummary,
  InvoiceType,
  RedInvoiceRef,
  RedReason,
  ReversalState,
} from '../../../shared/ipc/index.js';

/** The outbox kind of an issuance, and the `kind` of the DuplicateSerialError for an lsh stored twice. */
export const ISSUANCE_OUTBOX_KIND = 'issuance';

export interface NewInvoice {
  lsh: string;
  environment: Environment;
  fplxdm: InvoiceType;
  /** 0 blue, 1 red */
  kplx: '0' | '1';
  xhdwsbh: string;
  xhdwmc: string;
  ghdwmc: string;
  ghdwsbh: string | null;
  jshj: string;
  hjse: string;
  requestJson: string;
  lines: StoredLine[];
}

export interface IssuedFields {
  fpdm: string | null;
  fphm: string;
  kprq: string;
  jym: string | null;
  skm: string | null;
  pdf: string | null;
  ofd: string | null;
  xml: string | null;
  zflx: string | null; // voiding type the service reported (null: not voided); migration 0480
}

/** One stored output invoice, every column a reader needs (detail view, red reversal). */
export interface InvoiceRow {
  id: number;
  lsh: string;
  environment: Environment;
  fplxdm: InvoiceType;
  kplx: '0' | '1';
  status: InvoiceStatus;
  jshj: string;
  hjse: string;
  fpdm: string | null;
  fphm: string | null;
  kprq: string | null;
  request_json: string;
  pdf_url: string | null;
  ofd_url: string | null;
  xml_url: string | null;
  ghdwmc: string;
  ghdwsbh: string | null;
  xhdwmc: string;
  xhdwsbh: string;
  error_message: string | null;
  created_at: string;
  /** The clerk who submitted it (0500); null before clerks or at a desk without them. */
  created_by: string | null;
}

/** A stored line with its place on the invoice. */
export interface InvoiceLineRow extends StoredLine {
  line_no: number;
}

/** What a batch row shows of the invoice it became. */
export interface InvoiceState {
  status: InvoiceStatus;
  fpdm: string | null;
  fphm: string | null;
  error_message: string | null;
}

/** Where the service said an issued invoice's files are, and what the local copy is named after. */
export interface InvoiceFileSource {
  lsh: string;
  status: InvoiceStatus;
  url: string | null;
}

/** The link of a red invoice to the blue one it reverses, written with the red invoice. */
export interface ReversalLink {
  redInvoiceId: number;
  blueInvoiceId: number;
  amount: string;
  chyydm: RedReason;
  formId: number | null;
}

export interface ReversalSums {
  total: Decimal;
  reversed: Decimal;
  inFlight: Decimal;
  state: ReversalState;
}

/** The blue invoice a red one reverses, and on what grounds. */
export interface OriginalOfRed {
  blue_invoice_id: number;
  chyydm: RedReason;
  form_id: number | null;
  fpdm: string | null;
  fphm: string | null;
}

/** Reads of stored invoices and the red-reversal links, for the features built on issuance (its api's `invoices`). */
export interface InvoiceReadStore {
  invoice(id: number, environment: Environment): Promise<InvoiceRow | undefined>;
  lines(invoiceId: number): Promise<InvoiceLineRow[]>;
  /** lsh and status of an invoice by id (a red-letter form shows its red invoice's). */
  refOf(id: number): Promise<{ lsh: string; status: InvoiceStatus } | undefined>;
  /** States of the invoices with these lsh (batch rows follow the invoices they became). */
  statesByLsh(lshs: readonly string[]): Promise<Map<string, InvoiceState>>;
  /** The red invoices of a blue one, oldest first. */
  reds(blueInvoiceId: number): Promise<RedInvoiceRef[]>;
  /** What the red invoices of a blue one took (issued) and hold (on their way), with its reversal state. */
  reversalSums(blueInvoiceId: number): Promise<ReversalSums>;
  /** Call inside the transaction that stores the red invoice (issuance `enqueue`'s `alongside`). */
  recordReversal(link: ReversalLink, now: string): Promise<void>;
  originalOf(redInvoiceId: number): Promise<OriginalOfRed | undefined>;
  blueOfRed(redInvoiceId: number): Promise<number | undefined>;
}

/** Issued invoices: the one store of issued_invoice, issued_invoice_line and red_reversal. */
export interface IssuedInvoiceStore extends InvoiceReadStore {
  /**
   * Inserts the invoice (status queued, signed by the acting clerk) and its lines; call inside the
   * transaction that also enqueues it. An lsh already stored is refused with DuplicateSerialError.
   */
  insert(invoice: NewInvoice, now: string): Promise<number>;
  findByLsh(lsh: string): Promise<InvoiceSummary | null>;
  findById(id: number, environment: Environment): Promise<InvoiceSummary | null>;
  /** The latest invoices of one seller (the active enterprise), newest first. */
  list(environment: Environment, seller: string, limit: number, offset: number): Promise<InvoiceSummary[]>;
  /** queued → issuing (the service has it, no outcome yet); true when it changed. */
  markIssuing(lsh: string, now: string): Promise<boolean>;
  /** queued/issuing → issued with what the service answered; true when it changed. */
  markIssued(lsh: string, fields: IssuedFields, now: string): Promise<boolean>;
  /** queued/issuing → failed with the service's refusal; true when it changed. */
  markFailed(lsh: string, code: string, message: string, now: string): Promise<boolean>;
  /** The service reports an issued invoice voided (zflx '0' or '1'); true when it changed. */
  markVoided(id: number, environment: Environment, zflx: '0' | '1', now: string): Promise<boolean>;
  /** How many of a seller's invoices wait to be issued (queued, issuing) and how many failed. */
  waitingCounts(environment: Environment, seller: string): Promise<{ issuing: number; failed: number }>;
  /** The address of one of the invoice's files; null when no such invoice. */
  fileSource(id: number, environment: Environment, format: InvoiceFileFormat): Promise<InvoiceFileSource | null>;
}

export interface DraftValues {
  invoiceType: InvoiceType;
  buyerName: string;
  /** The total as the form showed it (any text, for the list). */
  total: string;
  /** The form's values as JSON text. */
  content: string;
}

/** Whose drafts: the environment and the active enterprise (drafts from before enterprises show for every one). */
export interface DraftScope {
  environment: Environment;
  enterprise: string;
}

/** A reviewer's decision on a draft waiting for review. */
export interface DraftDecision {
  state: 'approved' | 'returned';
  by: string;
  /** A return's reason; null for an approval. */
  note: string | null;
}

/** What became of the draft an invoice is issued from (`take`). */
export type DraftTaken = 'taken' | 'pending' | 'gone';

/**
 * Drafts of the issuance form (issuance_draft) and their 复核 (docs/team-ledger.md §6). Every change of a
 * review is one conditional statement on the state it expects, so two desks at once get one winner.
 */
export interface IssuanceDraftStore {
  /**
   * Inserts (no id) or overwrites a draft; null when the id names no draft of this scope. Overwriting it with
   * other content puts its review back to none (a changed draft needs a new review); the same content keeps it.
   */
  save(scope: DraftScope, values: DraftValues, now: string, id?: number): Promise<DraftSummary | null>;
  /** The scope's latest 200 drafts (of one review state when asked), newest first. */
  list(scope: DraftScope, reviewState?: DraftReviewState): Promise<DraftSummary[]>;
  load(scope: DraftScope, id: number): Promise<(DraftSummary & { content: string }) | null>;
  delete(scope: DraftScope, id: number): Promise<boolean>;
  /** 送复核: none or returned → pending, sent by `by`; null when the draft is gone or in neither state. */
  requestReview(scope: DraftScope, id: number, by: string | null, now: string): Promise<DraftSummary | null>;
  /** The request of `requestedAt`, still pending → approved or returned; null when the draft is gone or not waiting on that request. */
  decide(scope: DraftScope, id: number, requestedAt: string, decision: DraftDecision, now: string): Promise<DraftSummary | null>;
  /** Deletes the draft an invoice is issued from unless it waits for review; call in the transaction that stores the invoice. */
  take(scope: DraftScope, id: number): Promise<DraftTaken>;
}
