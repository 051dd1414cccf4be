/**
 * Rows of issued invoices as both ledger adapters read them, turned into what the feature hands
 * out: one mapping, so that SQLite (repo.ts) and PostgreSQL (main/ledger/pg/stores/issued*.ts) answer alike.
 */
import type { Environment, InvoiceStatus, InvoiceSummary, InvoiceType, RedInvoiceRef, RedReason } from '../../../shared/ipc/index.js';

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

export interface RedRefRow {
  id: number;
  lsh: string;
  fplxdm: InvoiceType;
  status: InvoiceStatus;
  amount: string;
  chyydm: RedReason;
  fpdm: string | null;
  fphm: string | null;
  created_at: string;
  error_code: string | null;
  error_message: string | null;
}

/** The service's own words of a refusal, stored as "code words" (issuance/service.ts): the code is said apart. */
const serviceWords = (code: string, message: string | null): string => (message?.startsWith(code) ? message.slice(code.length).trim() : (message ?? ''));

export function toRedRef(row: RedRefRow): RedInvoiceRef {
  return {
    id: row.id,
    lsh: row.lsh,
    invoiceType: row.fplxdm,
    status: row.status,
    amount: row.amount,
    reason: row.chyydm,
    invoiceCode: row.fpdm,
    invoiceNumber: row.fphm,
    createdAt: row.created_at,
    failure: row.status === 'failed' && row.error_code !== null ? { code: row.error_code, message: serviceWords(row.error_code, row.error_message) } : null,
  };
}
