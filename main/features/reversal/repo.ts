/**
 * What is reversed and what is left of a blue invoice — computed here, once. The invoices and the
 * red-reversal links are read through issuance's invoice reads (issuance/repo.ts owns those tables and
 * defines what red invoices took); the red-letter forms that still reserve an amount come from this
 * feature's form repo. No SQL here.
 */
import Decimal from 'decimal.js';
import type { ReversalState } from '../../../shared/ipc/index.js';
import type { InvoiceReads, InvoiceRow } from '../issuance/repo.js';
import type { RedLetterRepo } from './form-repo.js';

export type { InvoiceLineRow, InvoiceRow } from '../issuance/repo.js';

export interface Reversal {
  state: ReversalState;
  /** Taken by issued red invoices. */
  reversed: Decimal;
  /** Held by red invoices on their way and by forms not (successfully) used yet. */
  inFlight: Decimal;
  remaining: Decimal;
}

export function createRedRepo(invoices: InvoiceReads, forms: Pick<RedLetterRepo, 'reserving'>) {
  function reversalOf(blue: Pick<InvoiceRow, 'id'>): Reversal {
    const sums = invoices.reversalSums(blue.id);
    // A form holds its amount from the moment it is stored until a red invoice issued with it takes over
    // (a refused form holds nothing). A red invoice of the form that failed hands the amount back to the
    // form, which can be used again.
    let inFlight = sums.inFlight;
    for (const form of forms.reserving(blue.id)) {
      const red = form.red_invoice_id === null ? undefined : invoices.refOf(form.red_invoice_id);
      if (form.red_invoice_id === null || red?.status === 'failed') inFlight = inFlight.plus(new Decimal(form.jshj ?? 0).abs());
    }
    const remaining = Decimal.max(sums.total.minus(sums.reversed).minus(inFlight), 0);
    return { state: sums.state, reversed: sums.reversed, inFlight, remaining };
  }

  return {
    invoice: invoices.invoice,
    lines: invoices.lines,
    reds: invoices.reds,
    recordReversal: invoices.recordReversal,
    originalOf: invoices.originalOf,
    blueOfRed: invoices.blueOfRed,
    reversalOf,
  };
}

export type RedRepo = ReturnType<typeof createRedRepo>;
