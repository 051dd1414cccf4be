/**
 * SQL of red reversals: the blue invoice a red one reverses (issued_invoice, read only here), the link
 * table red_reversal (migration 0160), and what the forms still reserve. What is left of a blue invoice
 * is summed here in decimals from the rows themselves, never kept as a copy that could drift.
 */
import Decimal from 'decimal.js';
import type { Db } from '../../db/open.js';
import type { Environment, InvoiceStatus, InvoiceType, RedInvoiceRef, RedReason, ReversalState } from '../../../shared/ipc/index.js';

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
}

export interface InvoiceLineRow {
  line_no: number;
  spmc: string;
  spbm: string;
  spsl: string;
  dj: string;
  je: string;
  sl: string;
  se: string;
}

export interface Reversal {
  state: ReversalState;
  /** Taken by issued red invoices. */
  reversed: Decimal;
  /** Held by red invoices on their way and by forms not (successfully) used yet. */
  inFlight: Decimal;
  remaining: Decimal;
}

interface RedRefRow {
  id: number;
  lsh: string;
  fplxdm: InvoiceType;
  status: InvoiceStatus;
  amount: string;
  chyydm: RedReason;
  fpdm: string | null;
  fphm: string | null;
  created_at: string;
}

export function createRedRepo(db: Db) {
  const invoice = db.prepare<[number, Environment], InvoiceRow>(
    `SELECT id, lsh, environment, fplxdm, kplx, status, jshj, hjse, fpdm, fphm, kprq, request_json, pdf_url, ofd_url, xml_url,
            ghdwmc, ghdwsbh, xhdwmc, xhdwsbh, error_message, created_at
       FROM issued_invoice WHERE id = ? AND environment = ?`,
  );
  const lines = db.prepare<[number], InvoiceLineRow>(
    `SELECT line_no, spmc, spbm, spsl, dj, je, sl, se FROM issued_invoice_line WHERE invoice_id = ? ORDER BY line_no`,
  );
  const reds = db.prepare<[number], RedRefRow>(
    `SELECT i.id, i.lsh, i.fplxdm, i.status, r.amount, r.chyydm, i.fpdm, i.fphm, i.created_at
       FROM red_reversal r JOIN issued_invoice i ON i.id = r.red_invoice_id WHERE r.blue_invoice_id = ? ORDER BY i.created_at, i.id`,
  );
  // A form holds its amount from the moment it is stored until a red invoice issued with it takes over
  // (or for good, if it was refused it holds nothing). A red invoice of the form that failed hands the
  // amount back to the form, which can be used again.
  const reservations = db.prepare<[number], { jshj: string | null }>(
    `SELECT f.jshj FROM red_letter_form f LEFT JOIN issued_invoice r ON r.id = f.red_invoice_id
      WHERE f.blue_invoice_id = ? AND f.status IN ('queued', 'applying', 'approved') AND (f.red_invoice_id IS NULL OR r.status = 'failed')`,
  );
  const insertReversal = db.prepare(
    `INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, form_id, created_at)
     VALUES (@redInvoiceId, @blueInvoiceId, @amount, @chyydm, @formId, @now)`,
  );
  const originalOf = db.prepare<[number], { blue_invoice_id: number; chyydm: RedReason; form_id: number | null; fpdm: string | null; fphm: string | null }>(
    `SELECT r.blue_invoice_id, r.chyydm, r.form_id, b.fpdm, b.fphm FROM red_reversal r JOIN issued_invoice b ON b.id = r.blue_invoice_id WHERE r.red_invoice_id = ?`,
  );
  const blueOfRed = db.prepare<[number], { blue_invoice_id: number }>(`SELECT blue_invoice_id FROM red_reversal WHERE red_invoice_id = ?`);

  function reversalOf(blue: Pick<InvoiceRow, 'id' | 'jshj'>): Reversal {
    let reversed = new Decimal(0);
    let inFlight = new Decimal(0);
    for (const red of reds.all(blue.id)) {
      if (red.status === 'issued') reversed = reversed.plus(red.amount);
      else if (red.status !== 'failed') inFlight = inFlight.plus(red.amount);
    }
    for (const form of reservations.all(blue.id)) inFlight = inFlight.plus(new Decimal(form.jshj ?? 0).abs());
    const total = new Decimal(blue.jshj);
    const state: ReversalState = reversed.isZero() ? 'none' : reversed.greaterThanOrEqualTo(total) ? 'full' : 'partial';
    return { state, reversed, inFlight, remaining: Decimal.max(total.minus(reversed).minus(inFlight), 0) };
  }

  return {
    invoice: (id: number, environment: Environment): InvoiceRow | undefined => invoice.get(id, environment),
    lines: (invoiceId: number): InvoiceLineRow[] => lines.all(invoiceId),
    reversalOf,
    reds(blueInvoiceId: number): RedInvoiceRef[] {
      return reds.all(blueInvoiceId).map((row) => ({
        id: row.id,
        lsh: row.lsh,
        invoiceType: row.fplxdm,
        status: row.status,
        amount: row.amount,
        reason: row.chyydm,
        invoiceCode: row.fpdm,
        invoiceNumber: row.fphm,
        createdAt: row.created_at,
      }));
    },
    /** Call inside the transaction that stores the red invoice (issuance `enqueue`'s `alongside`). */
    recordReversal(link: { redInvoiceId: number; blueInvoiceId: number; amount: string; chyydm: RedReason; formId: number | null }, now: string): void {
      insertReversal.run({ ...link, now });
    },
    originalOf: (redInvoiceId: number) => originalOf.get(redInvoiceId),
    blueOfRed: (redInvoiceId: number): number | undefined => blueOfRed.get(redInvoiceId)?.blue_invoice_id,
  };
}

export type RedRepo = ReturnType<typeof createRedRepo>;
