/**
 * What is reversed and what is left of a blue invoice — computed here, once. The invoices and the
 * red-reversal links are read through issuance's invoice reads (the issued-invoice store, which owns those
 * tables and defines what red invoices took); the red-letter forms that still reserve an amount come from
 * this feature's form store. No SQL here: both are stores of the ledger port, and inside a transaction the
 * caller hands the transaction's own.
 */
import Decimal from 'decimal.js';
import type { ReversalState } from '../../../shared/ipc/index.js';
import type { InvoiceReadStore } from '../issuance/store.js';
import type { RedLetterFormStore } from './store.js';

export type { InvoiceLineRow, InvoiceRow } from '../issuance/store.js';

export interface Reversal {
  state: ReversalState;
  /** Taken by issued red invoices. */
  reversed: Decimal;
  /** Held by red invoices on their way and by forms not (successfully) used yet. */
  inFlight: Decimal;
  remaining: Decimal;
}

/** The stores a reversal is read from: the ledger's own, or a transaction's. */
export interface ReversalReads {
  invoices: Pick<InvoiceReadStore, 'reversalSums' | 'refOf'>;
  forms: Pick<RedLetterFormStore, 'reserving'>;
}

/** What is reversed, on its way and left of blue invoice `blueId`. */
export async function reversalOf(reads: ReversalReads, blueId: number): Promise<Reversal> {
  const sums = await reads.invoices.reversalSums(blueId);
  // A form holds its amount from the moment it is stored until a red invoice issued with it takes over
  // (a refused form holds nothing). A red invoice of the form that failed hands the amount back to the
  // form, which can be used again.
  let inFlight = sums.inFlight;
  for (const form of await reads.forms.reserving(blueId)) {
    const red = form.red_invoice_id === null ? undefined : await reads.invoices.refOf(form.red_invoice_id);
    if (form.red_invoice_id === null || red?.status === 'failed') inFlight = inFlight.plus(new Decimal(form.jshj ?? 0).abs());
  }
  const remaining = Decimal.max(sums.total.minus(sums.reversed).minus(inFlight), 0);
  return { state: sums.state, reversed: sums.reversed, inFlight, remaining };
}
