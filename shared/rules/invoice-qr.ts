/**
 * The invoice QR code (docs/architecture.md §9): `01,<type>,<code>,<number>,<amount>,<date yyyyMMdd>,<check code>,<crc>,`
 * — version 01, the 2-digit invoice type (QR_INVOICE_TYPES), invoice code (empty for digital-electronic
 * invoices), number, amount, issue date, check code, a checksum, and a trailing comma. The amount is what
 * real codes of the kind carry: the amount excluding tax (金额) on VAT invoices (004, 007, 025, 026, 028 —
 * QR types 01, 04, 11, 10, 08), the total including tax (价税合计) on digital-electronic ones (81, 82 —
 * types 31, 32; e.g. `01,31,,24112000000048542163,4449.00,…` of an invoice of 4197.17 + 251.83).
 * Intake reads it the same way (extraction/qr.ts); `qrAmountBasis` is the one rule for both.
 *
 * The sandbox writes it on its PDFs and print results; intake reads it from scanned and dropped files.
 * Real codes carry a checksum whose algorithm is not published, so the parser never refuses on it: it only
 * says whether the checksum is the one this builder writes (CRC-16/CCITT-FALSE of everything before it,
 * 4 upper-case hex digits), which is true for the sandbox's own invoices.
 */
import { QR_INVOICE_TYPES, type InvoiceTypeCode } from '../spec/codes.js';
import { isCompactDate } from './dates.js';

export { isCompactDate } from './dates.js';

export const QR_VERSION = '01';

export interface InvoiceQrFields {
  fplxdm: InvoiceTypeCode;
  /** Empty or absent for digital-electronic invoices. */
  fpdm?: string | null;
  fphm: string;
  /** The amount the kind carries (qrAmountOf): excluding tax, or including tax for 数电; decimal text (2 dp as invoices write it). */
  amount: string;
  /** Issue date, yyyyMMdd. */
  date: string;
  /** Check code (jym); empty when the invoice has none. */
  checkCode?: string | null;
}

export interface ParsedInvoiceQr {
  version: string;
  /** The 2-digit type as written in the code. */
  type: string;
  /** The invoice type it stands for, when it is one of the issuance types. */
  fplxdm: InvoiceTypeCode | undefined;
  fpdm: string;
  fphm: string;
  amount: string;
  /** What `amount` is, by the type: excluding tax (金额) or including tax (价税合计, 数电 31/32). */
  amountBasis: QrAmountBasis;
  date: string;
  checkCode: string;
  crc: string;
  /** True when crc is the checksum this module writes (the sandbox's invoices). */
  crcMatches: boolean;
}

export type QrAmountBasis = 'excluding-tax' | 'including-tax';

/** QR types of the digital-electronic (数电) invoices, whose amount field is 价税合计. */
const INCLUDING_TAX_QR_TYPES: ReadonlySet<string> = new Set(['31', '32']);

/** What the amount of a QR of this 2-digit type is. */
export function qrAmountBasis(type: string): QrAmountBasis {
  return INCLUDING_TAX_QR_TYPES.has(type) ? 'including-tax' : 'excluding-tax';
}

/** The amount an invoice of type `fplxdm` carries in its QR: 价税合计 for 数电 (81/82), 金额 excluding tax otherwise. */
export function qrAmountOf(fplxdm: InvoiceTypeCode, totals: { hjje: string; jshj: string }): string {
  return qrAmountBasis(QR_INVOICE_TYPES[fplxdm]) === 'including-tax' ? totals.jshj : totals.hjje;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the UTF-8 bytes of the text. */
export function qrChecksum(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function buildInvoiceQr(fields: InvoiceQrFields): string {
  if (!isCompactDate(fields.date)) throw new Error(`QR date must be yyyyMMdd, got ${fields.date}`);
  const body = [QR_VERSION, QR_INVOICE_TYPES[fields.fplxdm], fields.fpdm ?? '', fields.fphm, fields.amount, fields.date, fields.checkCode ?? ''].join(',');
  return `${body},${qrChecksum(`${body},`)},`;
}

const TYPE_TO_FPLXDM = new Map(Object.entries(QR_INVOICE_TYPES).map(([fplxdm, type]) => [type, fplxdm as InvoiceTypeCode]));

/** Reads an invoice QR payload; undefined when the text is not one. */
export function parseInvoiceQr(text: string): ParsedInvoiceQr | undefined {
  const parts = text.trim().split(',');
  // Eight fields and the empty string after the trailing comma; some issuers omit the trailing comma.
  if (parts.length === 9 && parts[8] === '') parts.pop();
  if (parts.length !== 8) return undefined;
  const [version = '', type = '', fpdm = '', fphm = '', amount = '', date = '', checkCode = '', crc = ''] = parts;
  if (!/^\d{2}$/.test(version) || !/^\d{2}$/.test(type)) return undefined;
  if (!/^\d*$/.test(fpdm) || !/^\d{8,20}$/.test(fphm)) return undefined;
  if (!/^-?\d+(?:\.\d+)?$/.test(amount) || !isCompactDate(date)) return undefined;
  const body = parts.slice(0, 7).join(',');
  return {
    version,
    type,
    fplxdm: TYPE_TO_FPLXDM.get(type),
    fpdm,
    fphm,
    amount,
    amountBasis: qrAmountBasis(type),
    date,
    checkCode,
    crc,
    crcMatches: crc === qrChecksum(`${body},`),
  };
}
