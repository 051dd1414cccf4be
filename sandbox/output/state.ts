/**
 * The output side's stores, opened once per sandbox database (prepared statements are per connection,
 * and handlers get only the context).
 */
import type { Db } from '../database.js';
import { openOutputInvoiceStore, type OutputInvoiceStore } from '../stores/output-invoices.js';
import { openRedLetterStore, type RedLetterStore } from '../stores/red-letter-forms.js';

export interface OutputState {
  invoices: OutputInvoiceStore;
  forms: RedLetterStore;
}

const opened = new WeakMap<Db, OutputState>();

export function outputState(db: Db): OutputState {
  let state = opened.get(db);
  if (!state) {
    state = { invoices: openOutputInvoiceStore(db), forms: openRedLetterStore(db) };
    opened.set(db, state);
  }
  return state;
}
