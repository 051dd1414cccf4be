/**
 * The invoice as XML: a simple document with the invoice's fields under their wire names (docs/architecture.md §3)
 * and one <detail> per line. Served as the invoice's .xml file and embedded in its OFD, so intake reads
 * the same shape from both. Every value is text (amounts as 2-dp decimal text), so a reader parsing with
 * parseTagValue off gets exactly what was written.
 */
import Decimal from 'decimal.js';
import { XMLBuilder } from 'fast-xml-parser';
import type { InvoiceDocument } from '../output/invoice-document.js';

export const INVOICE_XML_ROOT = 'Invoice';

/** The invoice's fields in XML order (wire names). */
export function invoiceXmlFields(document: InvoiceDocument): Record<string, string> {
  const { invoice, request, totals, seller, buyer } = document;
  return {
    fplxdm: invoice.fplxdm,
    fpdm: invoice.fpdm ?? '',
    fphm: invoice.fphm,
    kprq: invoice.kprq,
    kplx: invoice.kplx,
    tspz: request.tspz,
    jym: invoice.jym ?? '',
    skm: invoice.skm ?? '',
    xhdwsbh: seller.sbh,
    xhdwmc: seller.mc,
    xhdwdzdh: `${seller.dz} ${seller.dh}`.trim(),
    xhdwyhzh: `${seller.yh} ${seller.zh}`.trim(),
    ghdwsbh: buyer.sbh,
    ghdwmc: buyer.mc,
    ghdwdzdh: `${buyer.dz} ${buyer.dh}`.trim(),
    ghdwyhzh: `${buyer.yh} ${buyer.zh}`.trim(),
    hjje: totals.hjje,
    hjse: totals.hjse,
    jshj: totals.jshj,
    // 差额征税: the deduction its tax was computed after (absent on every other invoice).
    ...(request.kce === undefined ? {} : { kce: new Decimal(request.kce).toFixed(2) }),
    bz: request.bz ?? '',
    kpr: request.kpr,
    skr: request.skr ?? '',
    fhr: request.fhr ?? '',
    yfpdm: request.yfpdm ?? '',
    yfphm: request.yfphm ?? '',
    ewm: document.qr,
  };
}

export function invoiceXml(document: InvoiceDocument): string {
  const builder = new XMLBuilder({ format: true, suppressEmptyNode: false });
  const details = document.lines.map((line) => ({
    xh: String(line.xh),
    fphxz: String(line.fphxz),
    spmc: line.spmc,
    ggxh: line.ggxh,
    dw: line.dw,
    spbm: line.spbm,
    spsl: line.spsl === undefined ? '' : String(line.spsl),
    dj: line.dj === undefined ? '' : String(line.dj),
    je: line.je,
    sl: String(line.sl),
    se: line.se,
    lslbs: line.lslbs,
  }));
  const body = builder.build({ [INVOICE_XML_ROOT]: { ...invoiceXmlFields(document), details: { detail: details } } }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
