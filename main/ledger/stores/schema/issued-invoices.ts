/** Issued invoices, their lines and red-reversal links (stores/issued-invoices.ts). */
import type { Generated } from 'kysely';
import type { RedReason } from '../../../../shared/ipc/index.js';
import type { StoredLine } from '../../../../shared/rules/issuance-form/build.js';
import type { InvoiceRow } from '../../../features/issuance/store.js';

/**
 * SQLite 0010, 0480 (zflx), 0500 (signed); PostgreSQL 0470, 0490 (zflx), 0500 (signed) — and 4's search_pairs and 17's
 * insert_xact, which PostgreSQL's triggers fill: no store writes them. Money is decimal text on SQLite and
 * NUMERIC(18,2) on PostgreSQL, which answers it as the same text; kprq is the service's text on both. The
 * columns a reader gets are the feature's InvoiceRow (features/issuance/store.ts); the rest are the row's own.
 */
export interface IssuedInvoiceTable extends Omit<InvoiceRow, 'id'> {
  id: Generated<number>;
  jym: string | null;
  skm: string | null;
  /** The voiding type the service reported ('0' or '1'); NULL while not voided. */
  zflx: string | null;
  error_code: string | null;
  updated_at: string;
  updated_by: string | null;
}

/**
 * SQLite 0010, 0610 (levy); PostgreSQL 0470, 0610 (levy), 0615 (a discount line's quantity and price NULL). spsl and dj
 * are TEXT ('' on a discount line) on SQLite and NUMERIC on PostgreSQL; je, se and kce decimal text or NUMERIC(18,2).
 * The line as issuance stores it (StoredLine, shared/rules/issuance-form/build.ts) and its place.
 */
export interface IssuedInvoiceLineTable extends Omit<StoredLine, 'spsl' | 'dj'> {
  invoice_id: number;
  line_no: number;
  spsl: string | null;
  dj: string | null;
}

/** SQLite 0160; PostgreSQL 0470. amount: what the red invoice takes from the blue one, positive decimal text or NUMERIC(18,2). */
export interface RedReversalTable {
  red_invoice_id: number;
  blue_invoice_id: number;
  amount: string;
  chyydm: RedReason;
  form_id: number | null;
  created_at: string;
}

export interface IssuedInvoiceTables {
  issued_invoice: IssuedInvoiceTable;
  issued_invoice_line: IssuedInvoiceLineTable;
  red_reversal: RedReversalTable;
}
