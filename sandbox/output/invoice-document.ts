/**
 * Everything the sandbox shows of one issued invoice — its files (PDF, OFD, XML) and its print data —
 * built from the ledger row and the issuance request it was issued from, so they all agree.
 */
import { invoiceTotals, lineTax, type InvoiceTotals } from '../../shared/rules/invoice-amounts.js';
import { buildInvoiceQr, qrAmountOf } from '../../shared/rules/invoice-qr.js';
import type { InvoiceTypeCode } from '../../shared/spec/codes.js';
import type { IssuanceRequest } from '../../shared/spec/issuance.js';
import type { OutputInvoice } from '../stores/output-invoices.js';

/** Seller details when the request omitted them: "the system's initialised data" of the demo enterprise. */
const INITIALISED_SELLER = { xhdwdz: '上海市浦东新区张江路 88 号', xhdwdh: '021-55550000', xhdwyh: '中国工商银行上海张江支行', xhdwzh: '1001234509000012345' };

export interface DocumentLine {
  /** 1-based line serial number (the red-letter xh). */
  xh: number;
  fphxz: number;
  spmc: string;
  ggxh: string;
  dw: string;
  spbm: string;
  spsl: number | undefined;
  /** unit price including tax */
  dj: number | undefined;
  /** amount including tax, 2 dp */
  je: string;
  sl: number;
  /** tax contained, 2 dp (on je − kce for the 差额征税 line) */
  se: string;
  lslbs: string;
}

export interface InvoiceDocument {
  invoice: OutputInvoice;
  request: IssuanceRequest;
  fplxdm: InvoiceTypeCode;
  lines: DocumentLine[];
  totals: InvoiceTotals;
  seller: { sbh: string; mc: string; dz: string; dh: string; yh: string; zh: string };
  buyer: { sbh: string; mc: string; dz: string; dh: string; yh: string; zh: string };
  /** yyyyMMdd of kprq */
  issueDate: string;
  /** the invoice QR payload (docs/architecture.md §9): 金额 on VAT invoices, 价税合计 on 数电 ones, as real codes carry */
  qr: string;
}

export function invoiceDocument(invoice: OutputInvoice, requestJson: string): InvoiceDocument {
  const request = JSON.parse(requestJson) as IssuanceRequest;
  const lines: DocumentLine[] = request.details.map((line, index) => ({
    xh: index + 1,
    fphxz: line.fphxz,
    spmc: line.spmc,
    ggxh: line.ggxh ?? '',
    dw: line.dw ?? '',
    spbm: line.spbm ?? '',
    spsl: line.spsl,
    dj: line.dj,
    je: Number(line.je).toFixed(2),
    sl: line.sl,
    // A 差额征税 line's tax is on je − kce, as the ledger's hjse was computed.
    se: lineTax(line, request.kce),
    lslbs: line.lslbs ?? '',
  }));
  const totals = invoiceTotals(request.details, request.zkje ?? 0, request.kce ?? null);
  const issueDate = invoice.kprq.slice(0, 10).replaceAll('-', '');
  const fplxdm = invoice.fplxdm as InvoiceTypeCode;
  return {
    invoice,
    request,
    fplxdm,
    lines,
    totals,
    seller: {
      sbh: request.xhdwsbh,
      mc: request.xhdwmc,
      dz: request.xhdwdz ?? INITIALISED_SELLER.xhdwdz,
      dh: request.xhdwdh ?? INITIALISED_SELLER.xhdwdh,
      yh: request.xhdwyh ?? INITIALISED_SELLER.xhdwyh,
      zh: request.xhdwzh ?? INITIALISED_SELLER.xhdwzh,
    },
    buyer: {
      sbh: request.ghdwsbh ?? '',
      mc: request.ghdwmc,
      dz: request.ghdwdz ?? '',
      dh: request.ghdwdh ?? '',
      yh: request.ghdwyh ?? '',
      zh: request.ghdwzh ?? '',
    },
    issueDate,
    qr: buildInvoiceQr({ fplxdm, fpdm: invoice.fpdm, fphm: invoice.fphm, amount: qrAmountOf(fplxdm, totals), date: issueDate, checkCode: invoice.jym }),
  };
}
