/**
 * A red-letter form as the reversal feature works with it: the stored row (store.ts) plus the serial and
 * state of the red invoice issued with it, read through issuance's invoice reads (issuance owns invoices);
 * and its summary as the renderer shows it.
 */
import type { InvoiceStatus, RedLetterFormSummary } from '../../../shared/ipc/index.js';
import { decodeFormNote } from './form-notes.js';
import type { StoredFormRow } from './store.js';

export type { StoredFormRow } from './store.js';

export interface RedLetterFormRow extends StoredFormRow {
  red_invoice_lsh: string | null;
  red_invoice_status: InvoiceStatus | null;
}

/** lsh and status of an invoice by id (issuance's invoice reads). */
export type InvoiceRefOf = (id: number) => Promise<{ lsh: string; status: InvoiceStatus } | undefined>;

/** The form with its red invoice's serial and state. */
export async function withRed(refOf: InvoiceRefOf, row: StoredFormRow): Promise<RedLetterFormRow>;
export async function withRed(refOf: InvoiceRefOf, row: StoredFormRow | undefined): Promise<RedLetterFormRow | undefined>;
export async function withRed(refOf: InvoiceRefOf, row: StoredFormRow | undefined): Promise<RedLetterFormRow | undefined> {
  if (!row) return undefined;
  const red = row.red_invoice_id === null ? undefined : await refOf(row.red_invoice_id);
  return { ...row, red_invoice_lsh: red?.lsh ?? null, red_invoice_status: red?.status ?? null };
}

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
