/**
 * The received-invoice store of the ledger port (main/ledger/port.ts; docs/team-ledger.md §2): what intake
 * reads and writes of a team's received-invoice ledger (报销台账, `received_invoice`) and its verifications
 * (`verification`), whichever database holds them — the desk's SQLite or a team's PostgreSQL, through the one implementation
 * main/ledger/stores/received.ts. Types, the row helpers intake reads rows with, the duplicate refusal and the
 * rule of originalKey. Every method names the
 * environment (sandbox or live service): the ledger is opened before the desk knows which one it runs, and
 * their rows are kept apart. Money stays decimal strings.
 *
 * Duplicates: a file (its SHA-256) is stored once per environment, and an invoice (its key: kind, code,
 * number) has one original — every other row with its key links to it (`duplicate_of`). Both are unique
 * constraints of the database, so two desks taking the same invoice at once cannot both store it as the
 * original: the second write is refused with DuplicateReceivedError on either database.
 */
import type { Environment } from '../../../shared/ipc/index.js';
import type { IntakeField, IntakeFields } from '../../../shared/rules/intake-fields.js';
import { UNVERIFIED, type StateOf, type VerificationState } from '../../../shared/rules/verification-state.js';

export interface ReceivedRow {
  id: number;
  environment: Environment;
  file_hash: string;
  file_name: string | null;
  file_type: 'png' | 'jpg' | 'pdf' | 'ofd' | 'xml';
  source: string;
  fplxdm: string | null;
  fpdm: string | null;
  fphm: string | null;
  kprq: string | null;
  jym: string | null;
  hjje: string | null;
  hjse: string | null;
  jshj: string | null;
  xhfmc: string | null;
  xhfsbh: string | null;
  gmfmc: string | null;
  gmfsbh: string | null;
  data_json: string;
  status: 'recognised' | 'reviewed' | 'verified' | 'verify-failed';
  created_at: string;
  updated_at: string;
  fpzl: string | null;
  sources_json: string;
  invoice_key: string | null;
  duplicate_of: number | null;
  /** The invoice key while this row is the key's original (unique per environment); null for a duplicate. */
  original_key: string | null;
  stored_path: string | null;
  origin: string | null;
  last_code: string | null;
  zfbz: string | null;
  enterprise: string | null;
  verify_state: Exclude<VerificationState, 'unverified'> | null;
  verify_reason: string | null;
  /** Comma-separated field ids (inconsistent). */
  verify_fields: string | null;
  buyer_reason: string | null;
  /** The clerk who took it in and who changed it last (null: no clerk signed in). */
  created_by: string | null;
  updated_by: string | null;
}

export interface NewReceived {
  fileHash: string;
  fileName: string;
  fileType: ReceivedRow['file_type'];
  source: string;
  fields: IntakeFields;
  sources: Record<string, string>;
  names: { xhfmc?: string; gmfmc?: string };
  data: unknown;
  invoiceKey: string | null;
  duplicateOf: number | null;
  storedPath: string;
  origin: string;
  fplxdm: string | null;
  /** Tax number of the enterprise current when the file came in. */
  enterprise: string;
  /** A state known before any call (a family the service cannot verify); unverified otherwise. */
  state?: StateOf;
}

export interface LedgerQuery {
  from?: string;
  to?: string;
  seller?: string;
  fpzl?: string;
  state?: VerificationState;
  duplicatesOnly?: boolean;
}

export interface VerificationRecord {
  receivedId: number;
  fpzl: string;
  fpdm: string;
  fphm: string;
  kprq: string;
  fpje: string | null;
  jym: string | null;
  code: string;
  message: string | null;
  cyjg: string | null;
  cycs: string | null;
  zfbz: string | null;
  resultJson: string | null;
  verifiedAt: string;
}

/**
 * The totals of the ledger (报销台账: accepted invoices only). `count` invoices, each once however many
 * duplicates; `rows` listed. 金额 / 税额 / 价税合计 are sums over the same invoices — those whose three
 * amounts are known (one missing is worked out from the other two); `incomplete` invoices are counted but
 * not summed, as an amount of theirs is unknown.
 */
export interface LedgerTotals {
  count: number;
  rows: number;
  incomplete: number;
  fpje: string;
  fpse: string;
  jshj: string;
}

/** What a consistent verification fills in that the file did not carry (amounts as 2-decimal text). */
export interface AuthorityFill {
  xhfmc: string | null;
  gmfmc: string | null;
  xhfsbh: string | null;
  gmfsbh: string | null;
  fpje: string | null;
  fpse: string | null;
  jshj: string | null;
}

export interface ReceivedInvoiceStore {
  get(environment: Environment, id: number): Promise<ReceivedRow | undefined>;
  byHash(environment: Environment, hash: string): Promise<ReceivedRow | undefined>;
  /** The first invoice saved with this key (the one a duplicate links to), `exceptId` left out. */
  firstByKey(environment: Environment, key: string, exceptId?: number): Promise<ReceivedRow | undefined>;
  /** Stores a received invoice as 'recognised'; DuplicateReceivedError for a file stored before, or a second original of a key. */
  insert(environment: Environment, row: NewReceived): Promise<number>;
  /** The reviewed fields, key and link; DuplicateReceivedError when it would make a second original of the key. */
  updateFields(environment: Environment, id: number, fields: IntakeFields, sources: Record<string, string>, key: string | null, duplicateOf: number | null): Promise<void>;
  /** Originals of `key` saved after `firstId` become its duplicates (a review gave an earlier row their key); their ids. */
  linkLaterOriginals(environment: Environment, key: string, firstId: number): Promise<number[]>;
  /** The answer of a verification call: its code, void flag and what it means. */
  setVerified(environment: Environment, id: number, code: string, zfbz: string | null, state: StateOf): Promise<void>;
  /** A refusal decided before a call: stored unless the authority already answered (then false). */
  setLocalState(environment: Environment, id: number, state: StateOf): Promise<boolean>;
  /** Fills only what is missing (names, tax IDs, amounts), from a consistent verification (the tax authority's record). */
  fillFromAuthority(environment: Environment, id: number, filled: AuthorityFill, sources: Record<string, string>): Promise<void>;
  /** Why the clerk accepted an invoice made out to another buyer. */
  setBuyerReason(environment: Environment, id: number, reason: string | null): Promise<void>;
  /** Rows without an enterprise (held from before 0430) become `enterprise`'s; how many. */
  claimUnassigned(environment: Environment, enterprise: string): Promise<number>;
  recordVerification(environment: Environment, record: VerificationRecord): Promise<void>;
  /** Verification calls spent on one invoice between two instants (a China calendar day). */
  countVerifications(environment: Environment, fpdm: string, fphm: string, fromIso: string, toIso: string): Promise<number>;
  /** One keyset page of an enterprise's ledger (the invoices accepted: never a 'recognised' row), newest first, after the row `afterId` (null: the first page). */
  ledgerPage(environment: Environment, enterprise: string, query: LedgerQuery, afterId: number | null, limit: number): Promise<{ rows: ReceivedRow[]; hasMore: boolean }>;
  /** Every row of the filtered ledger, newest first (the export). */
  ledgerAll(environment: Environment, enterprise: string, query: LedgerQuery): Promise<ReceivedRow[]>;
  /** Count and sums of the filtered ledger (accepted invoices), duplicates not counted twice, amounts of the same invoices. */
  ledgerTotals(environment: Environment, enterprise: string, query: LedgerQuery): Promise<LedgerTotals>;
}

/** received_invoice columns of the extracted fields. */
export const FIELD_COLUMNS: Record<IntakeField, keyof ReceivedRow> = {
  fpzl: 'fpzl', fpdm: 'fpdm', fphm: 'fphm', kprq: 'kprq', fpje: 'hjje', fpse: 'hjse', jshj: 'jshj', xhfsbh: 'xhfsbh', gmfsbh: 'gmfsbh', jym: 'jym',
};

/** The stored state of a received invoice. */
export function stateOf(row: ReceivedRow): StateOf {
  if (row.verify_state === null) return UNVERIFIED;
  return { state: row.verify_state, reason: row.verify_reason, fields: row.verify_fields ? row.verify_fields.split(',') : [] };
}

/** The extracted fields a row holds (an empty column is no field). */
export function fieldsOf(row: ReceivedRow): IntakeFields {
  const fields: IntakeFields = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [IntakeField, keyof ReceivedRow][]) {
    const value = row[column];
    if (typeof value === 'string' && value !== '') fields[field] = value;
  }
  return fields;
}

/** The key a row holds as its key's original (`original_key`, unique per environment); none for a duplicate. Both adapters write it. */
export const originalKey = (key: string | null, duplicateOf: number | null): string | null => (duplicateOf === null ? key : null);

/**
 * A received invoice the ledger already holds: the same file (`file`), or a second original of an invoice
 * key (`invoice`) — on a team, another desk stored it first. The same refusal on both databases.
 */
export class DuplicateReceivedError extends Error {
  constructor(
    readonly reason: 'file' | 'invoice',
    options?: { cause?: unknown },
  ) {
    super(`received ledger already holds this ${reason === 'file' ? 'file' : 'invoice'}`, options);
    this.name = 'DuplicateReceivedError';
  }
}
