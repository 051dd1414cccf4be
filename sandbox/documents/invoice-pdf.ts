/**
 * The invoice as a PDF (pdf-lib): its fields as text and the invoice QR code (docs/architecture.md §9) drawn from a
 * PNG made with `qrcode`, so a scanner or intake decodes the same payload the print result carries.
 *
 * The PDF standard fonts only encode WinAnsi, and embedding a CJK font would put megabytes in every
 * sandbox invoice, so only ASCII values are drawn (codes, numbers, dates, tax IDs, amounts) with English
 * labels; Chinese fields (names, product names, remark) are left off the page. They are in the invoice's
 * XML and OFD, and the PDF's document metadata (title, subject) carries the QR payload.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { INVOICE_TYPES } from '../../shared/spec/codes.js';
import type { InvoiceDocument } from '../output/invoice-document.js';

const MM = 72 / 25.4;
const PAGE = { width: 241 * MM, height: 140 * MM };
const ASCII = /^[\x20-\x7e]*$/;

/** The QR code as a PNG, 4 px per module with the standard quiet zone. */
export function invoiceQrPng(document: InvoiceDocument): Promise<Buffer> {
  return QRCode.toBuffer(document.qr, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4 });
}

export async function invoicePdf(document: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${document.invoice.fphm}`);
  pdf.setSubject(document.qr);
  pdf.setCreator('Fapiao Desk sandbox');
  pdf.setCreationDate(new Date(Date.parse(document.invoice.kprq.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))));
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  const qrSize = 28 * MM;
  const qr = await pdf.embedPng(await invoiceQrPng(document));
  page.drawImage(qr, { x: 8 * MM, y: PAGE.height - 8 * MM - qrSize, width: qrSize, height: qrSize });

  let y = PAGE.height - 12 * MM;
  const write = (text: string, x: number, size = 8, face = font): void => {
    if (ASCII.test(text)) page.drawText(text, { x, y, size, font: face, color: rgb(0, 0, 0) });
  };
  const { invoice, totals, seller, buyer } = document;
  write(`VAT invoice (${INVOICE_TYPES[document.fplxdm]})${invoice.kplx === '1' ? ' - RED' : ''}`, 45 * MM, 11, bold);
  const fields: [string, string][] = [
    ['Invoice type (fplxdm)', invoice.fplxdm],
    ['Invoice code (fpdm)', invoice.fpdm ?? ''],
    ['Invoice number (fphm)', invoice.fphm],
    ['Issue date (kprq)', invoice.kprq],
    ['Check code (jym)', invoice.jym ?? ''],
    ['Buyer tax ID (ghdwsbh)', buyer.sbh],
    ['Seller tax ID (xhdwsbh)', seller.sbh],
  ];
  y -= 6 * MM;
  for (const [label, value] of fields) {
    if (!ASCII.test(value)) continue;
    write(`${label}: ${value}`, 45 * MM);
    y -= 4.5 * MM;
  }
  y = PAGE.height - 45 * MM;
  write('No.  Tax code             Quantity       Unit price     Amount      Rate   Tax', 8 * MM, 8, bold);
  for (const line of document.lines) {
    y -= 4.5 * MM;
    if (y < 22 * MM) break;
    const cells = [String(line.xh).padEnd(4), line.spbm.padEnd(20), String(line.spsl ?? '').padEnd(14), String(line.dj ?? '').padEnd(14), line.je.padEnd(11), String(line.sl).padEnd(6), line.se];
    write(cells.join(' '), 8 * MM);
  }
  y = 16 * MM;
  write(`Total excl. tax (hjje): ${totals.hjje}   Total tax (hjse): ${totals.hjse}   Total incl. tax (jshj): ${totals.jshj}`, 8 * MM, 9, bold);
  if (document.request.kce !== undefined) {
    // 差额征税: the tax above is on the amount less this deduction.
    y = 20 * MM;
    write(`Difference-based levy, deduction (kce): ${document.request.kce.toFixed(2)}`, 8 * MM, 8);
  }
  if (invoice.skm && ASCII.test(invoice.skm)) {
    y = 10 * MM;
    write(`Tax-control code (skm): ${invoice.skm}`, 8 * MM, 6);
  }
  return pdf.save();
}
