/**
 * One output invoice as the history's detail drawer shows it: the stored invoice and its lines, which
 * files the service offered, and its red reversals — for a blue invoice what was reversed, what is on
 * its way and what is left (features/red/repo.ts computes it), with its red invoices and red-letter
 * forms; for a red invoice the blue one it reverses.
 */
import { IpcFailure, type Environment, type OutputInvoiceDetail } from '../../../shared/ipc/index.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';
import { toSummary } from '../issuance/repo.js';
import { money } from '../red/lines.js';
import type { InvoiceRow } from '../red/repo.js';
import { toFormSummary } from '../redletter/repo.js';
import type { ReversalApi } from '../reversal/index.js';

function storedRequest(row: InvoiceRow): Partial<IssuanceRequest> {
  try {
    return JSON.parse(row.request_json) as Partial<IssuanceRequest>;
  } catch {
    // A damaged request only costs the detail its buyer particulars; the invoice itself still shows.
    return {};
  }
}

export function outputInvoiceDetail(deps: ReversalApi & { environment: Environment }, id: number): OutputInvoiceDetail {
  const row = deps.red.invoice(id, deps.environment);
  if (!row) throw IpcFailure.text('NOT_FOUND', `没有找到这张发票（编号 ${id}）`);
  const request = storedRequest(row);
  const blue = row.kplx === '0';
  const original = blue ? undefined : deps.red.originalOf(row.id);
  const form = original?.form_id === null || original === undefined ? undefined : deps.forms.formOfRed(row.id);
  const reversal = blue ? deps.red.reversalOf(row) : undefined;
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
    remark: request.bz ?? null,
    lines: deps.red.lines(row.id).map((line) => ({
      xh: line.line_no,
      name: line.spmc,
      taxCode: line.spbm,
      quantity: line.spsl,
      unitPrice: line.dj,
      amount: line.je,
      rate: line.sl,
      tax: line.se,
    })),
    files: { pdf: row.pdf_url !== null, ofd: row.ofd_url !== null, xml: row.xml_url !== null },
    reversal: reversal
      ? {
          state: reversal.state,
          reversed: money(reversal.reversed),
          inFlight: money(reversal.inFlight),
          remaining: money(reversal.remaining),
          reds: deps.red.reds(row.id),
          forms: deps.forms.ofBlue(row.id).map(toFormSummary),
        }
      : null,
    original: original
      ? {
          id: original.blue_invoice_id,
          invoiceCode: original.fpdm,
          invoiceNumber: original.fphm,
          reason: original.chyydm,
          formNumber: form?.xxbbh ?? form?.xxbid ?? null,
        }
      : null,
  };
}
