/**
 * Tolerant reading of an invoice QR payload: scanners and phone cameras add line breaks and spaces, and
 * issuers differ on the trailing comma. The payload itself is parsed by shared/rules/invoice-qr.ts.
 */
import { parseInvoiceQr, type ParsedInvoiceQr } from '../../shared/rules/invoice-qr.js';

export function normaliseQrText(text: string): ParsedInvoiceQr | undefined {
  // No field of the payload can contain whitespace, so any is noise; trailing commas are normalised to one.
  // Trailing commas are cut by a loop: /,+$/ would rescan every run of commas inside hostile text.
  let compact = text.replace(/\s+/g, '');
  let end = compact.length;
  while (end > 0 && compact[end - 1] === ',') end -= 1;
  compact = compact.slice(0, end);
  return compact === '' ? undefined : parseInvoiceQr(`${compact},`);
}
