/**
 * An issued invoice's row turned into the summary the feature hands out: one mapping, for the ledger's
 * issued-invoice store (main/ledger/stores/issued-invoices.ts) and the history's detail view (history/detail.ts),
 * which reads the same row.
 */
import type { Environment, InvoiceStatus, InvoiceSummary, InvoiceType } from '../../../shared/ipc/index.js';

/** The issued_invoice columns an InvoiceSummary is made of. */
export interface SummaryRow {
  id: number;
  lsh: string;
  environment: Environment;
  fplxdm: InvoiceType;
  ghdwmc: string;
  jshj: string;
  status: InvoiceStatus;
  fpdm: string | null;
  fphm: string | null;
  kprq: string | null;
  error_message: string | null;
  created_at: string;
}

export function toSummary(row: SummaryRow): InvoiceSummary {
  return {
    id: row.id,
    lsh: row.lsh,
    environment: row.environment,
    invoiceType: row.fplxdm,
    buyerName: row.ghdwmc,
    total: row.jshj,
    status: row.status,
    invoiceCode: row.fpdm,
    invoiceNumber: row.fphm,
    issuedAt: row.kprq,
    error: row.error_message,
    createdAt: row.created_at,
  };
}
