/**
 * One output invoice as the history's detail drawer shows it: the stored invoice and its lines (each with
 * its levy and a 差额征税 line's deduction, as the line keeps them since migration 0610), which
 * files the service offered, and its red reversals — for a blue invoice what was reversed, what is on
 * its way and what is left (the reversal feature computes it), with its red invoices and red-letter
 * forms; for a red invoice the blue one it reverses.
 */
import { IpcFailure, type Environment, type OutputInvoiceDetail } from '../../../shared/ipc/index.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';
import type { IssuanceApi } from '../issuance/index.js';
import { toSummary, type InvoiceRow } from '../issuance/repo.js';
import type { ReversalApi } from '../reversal/index.js';
import { levyOf } from '../../../shared/i18n/levy-texts.js';

export interface DetailDeps {
  invoices: Pick<IssuanceApi['invoices'], 'invoice' | 'lines'>;
  reversal: ReversalApi;
  environment: Environment;
}

function storedRequest(row: InvoiceRow): Partial<IssuanceRequest> {
  try {
    return JSON.parse(row.request_json) as Partial<IssuanceRequest>;
  } catch {
    // A damaged request only costs the detail its buyer particulars; the invoice itself still shows.
    return {};
  }
}

/**
 * Awaits every read: the issuance and reversal features' reads move onto the ledger port (asynchronous)
 * on their own schedule, and an await of a value that is already there costs nothing.
 */
export async function outputInvoiceDetail(deps: DetailDeps, id: number): Promise<OutputInvoiceDetail> {
  const row = await deps.invoices.invoice(id, deps.environment);
  if (!row) throw new IpcFailure('NOT_FOUND', 'app.invoiceNotFound', { id });
  const request = storedRequest(row);
  const blue = row.kplx === '0';
  return {
    summary: toSummary(row),
    kplx: row.kplx,
    tax: row.hjse,
    sellerName: row.xhdwmc,
    sellerTaxNumber: row.xhdwsbh,
    buyerTaxNumber: row.ghdwsbh,
    buyerAddress: request.ghdwdz ?? null,
    buyerPhone: request.ghdwdh ?? null,
    buyerBank: request.ghdwyh ?? null,
    buyerAccount: request.ghdwzh ?? null,
    terminal: request.kpzdbs ?? null,
    issuer: request.kpr ?? null,
    clerk: row.created_by,
    remark: request.bz ?? null,
    lines: (await deps.invoices.lines(row.id)).map((line) => ({
      xh: line.line_no,
      name: line.spmc,
      taxCode: line.spbm,
      quantity: line.spsl,
      unitPrice: line.dj,
      amount: line.je,
      rate: line.sl,
      tax: line.se,
      levy: levyOf(line.lslbs),
      deduction: line.kce ?? null,
    })),
    files: { pdf: row.pdf_url !== null, ofd: row.ofd_url !== null, xml: row.xml_url !== null },
    reversal: blue ? await deps.reversal.reversalOf(row.id) : null,
    original: blue ? null : ((await deps.reversal.originalOf(row.id)) ?? null),
  };
}
