/**
 * SQL of the sandbox's issued-invoice ledger (migration 0020): direction, status and what is left to
 * reverse of every invoice, and the file token its PDF/OFD/XML are served under. Written in the same
 * transaction that issues the invoice (store.issueOnce), so the ledger and the issued records never differ.
 */
import Decimal from 'decimal.js';
import type { Db } from '../database.js';

export type InvoiceStatus = 'normal' | 'red-reversed';

export interface OutputInvoice {
  id: number;
  lsh: string;
  sellerTaxNumber: string;
  kpzdbs: string | null;
  fplxdm: string;
  fpdm: string | null;
  fphm: string;
  kprq: string;
  jym: string | null;
  skm: string | null;
  kplx: '0' | '1';
  zflx: '0' | '1' | null;
  status: InvoiceStatus;
  jshj: string;
  hjje: string;
  hjse: string;
  /** Blue invoices: total of the red invoices issued against it (positive). */
  reversed: string;
  originalId: number | null;
  redLetterLsh: string | null;
  fileToken: string;
}

export type NewOutputInvoice = Omit<OutputInvoice, 'id' | 'zflx' | 'status' | 'reversed'>;

interface Row {
  id: number;
  lsh: string;
  seller_tax_number: string;
  kpzdbs: string | null;
  fplxdm: string;
  fpdm: string | null;
  fphm: string;
  kprq: string;
  jym: string | null;
  skm: string | null;
  kplx: '0' | '1';
  zflx: '0' | '1' | null;
  status: InvoiceStatus;
  jshj: string;
  hjje: string;
  hjse: string;
  reversed: string;
  original_id: number | null;
  red_letter_lsh: string | null;
  file_token: string;
}

const fromRow = (row: Row): OutputInvoice => ({
  id: row.id,
  lsh: row.lsh,
  sellerTaxNumber: row.seller_tax_number,
  kpzdbs: row.kpzdbs,
  fplxdm: row.fplxdm,
  fpdm: row.fpdm,
  fphm: row.fphm,
  kprq: row.kprq,
  jym: row.jym,
  skm: row.skm,
  kplx: row.kplx,
  zflx: row.zflx,
  status: row.status,
  jshj: row.jshj,
  hjje: row.hjje,
  hjse: row.hjse,
  reversed: row.reversed,
  originalId: row.original_id,
  redLetterLsh: row.red_letter_lsh,
  fileToken: row.file_token,
});

export interface OutputInvoiceStore {
  insert(invoice: NewOutputInvoice): OutputInvoice;
  byId(id: number): OutputInvoice | undefined;
  byLsh(lsh: string): OutputInvoice | undefined;
  /** Every issued invoice, oldest first (the test-only control API). */
  list(): OutputInvoice[];
  /** Test-only (control API): marks an invoice voided — zflx '0' never issued (fpzt 02), '1' issued (03/04). */
  setVoided(id: number, zflx: '0' | '1'): OutputInvoice;
  byNumber(fplxdm: string, fpdm: string | null, fphm: string): OutputInvoice | undefined;
  byToken(token: string): OutputInvoice | undefined;
  /** The issuance request the invoice was issued from (JSON as stored by store.ts). */
  requestJson(lsh: string): string | undefined;
  /** Adds a red invoice's amount (positive) to its blue invoice; fully reversed → status red-reversed. */
  addReversal(blueId: number, amount: string): OutputInvoice;
}

/** What is left to reverse of a blue invoice. */
export function remainingOf(invoice: Pick<OutputInvoice, 'jshj' | 'reversed'>): Decimal {
  return new Decimal(invoice.jshj).minus(invoice.reversed);
}

export function openOutputInvoiceStore(db: Db): OutputInvoiceStore {
  const insert = db.prepare<[Record<string, unknown>], Row>(
    `INSERT INTO output_invoices (lsh, seller_tax_number, kpzdbs, fplxdm, fpdm, fphm, kprq, jym, skm, kplx, jshj, hjje, hjse, original_id, red_letter_lsh, file_token)
     VALUES (@lsh, @sellerTaxNumber, @kpzdbs, @fplxdm, @fpdm, @fphm, @kprq, @jym, @skm, @kplx, @jshj, @hjje, @hjse, @originalId, @redLetterLsh, @fileToken)
     RETURNING *`,
  );
  const selectById = db.prepare<[number], Row>('SELECT * FROM output_invoices WHERE id = ?');
  const selectByLsh = db.prepare<[string], Row>('SELECT * FROM output_invoices WHERE lsh = ?');
  const selectAll = db.prepare<[], Row>('SELECT * FROM output_invoices ORDER BY id');
  const updateVoided = db.prepare<[string, number], Row>('UPDATE output_invoices SET zflx = ? WHERE id = ? RETURNING *');
  const selectByNumber = db.prepare<[string, string, string], Row>(
    "SELECT * FROM output_invoices WHERE fplxdm = ? AND ifnull(fpdm, '') = ? AND fphm = ?",
  );
  const selectByToken = db.prepare<[string], Row>('SELECT * FROM output_invoices WHERE file_token = ?');
  const selectRequest = db.prepare<[string], { request_json: string }>('SELECT request_json FROM issuance_requests WHERE lsh = ?');
  const updateReversal = db.prepare<[string, string, number], Row>('UPDATE output_invoices SET reversed = ?, status = ? WHERE id = ? RETURNING *');

  const addReversal = db.transaction((blueId: number, amount: string): OutputInvoice => {
    const blue = selectById.get(blueId);
    if (!blue) throw new Error(`blue invoice ${blueId} does not exist`);
    const reversed = new Decimal(blue.reversed).plus(amount);
    const status: InvoiceStatus = reversed.greaterThanOrEqualTo(blue.jshj) ? 'red-reversed' : 'normal';
    const row = updateReversal.get(reversed.toFixed(2), status, blueId);
    if (!row) throw new Error(`blue invoice ${blueId} vanished`);
    return fromRow(row);
  });

  const found = (row: Row | undefined): OutputInvoice | undefined => (row ? fromRow(row) : undefined);

  return {
    insert(invoice) {
      const row = insert.get({ ...invoice });
      if (!row) throw new Error('output invoice was not inserted');
      return fromRow(row);
    },
    byId: (id) => found(selectById.get(id)),
    byLsh: (lsh) => found(selectByLsh.get(lsh)),
    list: () => selectAll.all().map(fromRow),
    setVoided(id, zflx) {
      const row = updateVoided.get(zflx, id);
      if (!row) throw new Error(`output invoice ${id} does not exist`);
      return fromRow(row);
    },
    byNumber: (fplxdm, fpdm, fphm) => found(selectByNumber.get(fplxdm, fpdm ?? '', fphm)),
    byToken: (token) => found(selectByToken.get(token)),
    requestJson: (lsh) => selectRequest.get(lsh)?.request_json,
    addReversal: (blueId, amount) => addReversal(blueId, amount),
  };
}
