/** Drafts of the issuance form and their 复核 (stores/issuance-drafts.ts). */
import type { Generated } from 'kysely';
import type { DraftReviewState, Environment, InvoiceType } from '../../../../shared/ipc/index.js';

/**
 * SQLite 0140, 0340 (enterprise), 0600 (review); PostgreSQL 0471, 0520 (the total as text) and 0600 (review). Times are
 * the desk's ISO text on SQLite and timestamptz answered as that text on PostgreSQL.
 */
export interface IssuanceDraftTable {
  id: Generated<number>;
  environment: Environment;
  /** The enterprise it was written for; NULL for drafts from before enterprises (shown for every one). */
  enterprise: string | null;
  fplxdm: InvoiceType;
  ghdwmc: string;
  /** The total as the form showed it: any text, never an amount the ledger checks. */
  jshj: string;
  /** The form's values as JSON text. */
  content: string;
  created_at: string;
  updated_at: string;
  review_state: Generated<DraftReviewState>;
  requested_by: string | null;
  requested_at: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_note: string | null;
}

export interface IssuanceDraftTables {
  issuance_draft: IssuanceDraftTable;
}
