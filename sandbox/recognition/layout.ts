/**
 * Recognition results (spec "Recognition result") from what was read off a file: the QR payload and/or
 * invoice XML, completed from the seeded tax authority when it knows the invoice. The sandbox reads no
 * printed text (full OCR is a later issue), so fields it cannot know are returned empty rather than left
 * out: a client sees the layout's full shape.
 */
import Decimal from 'decimal.js';
import type { QrAmountBasis } from '../../shared/rules/invoice-qr.js';
import { QR_INVOICE_TYPES } from '../../shared/spec/codes.js';
import { LAYOUT_A_TYPES, OCR_INVOICE_TYPES, RecognitionResult, type OcrInvoiceType } from '../../shared/spec/ocr.js';
import type { ReceivedInvoice, TaxAuthorityReader } from '../tax-authority/types.js';
import type { InvoiceFacts, InvoiceLineFacts } from './invoice-xml.js';

/**
 * QR / tax-authority type codes → OCR FPLXDM. The OCR table has no digital-electronic types, so 31
 * (digital special) is answered as 08 (VAT electronic) and 32 (digital general) as 10 (VAT general
 * electronic); their empty FPDM and 20-digit FPHM still tell them apart.
 */
const QR_TO_OCR: Readonly<Record<string, OcrInvoiceType>> = {
  '01': '01', '03': '03', '04': '04', '08': '08', '10': '10', '11': '11', '14': '14', '15': '15', '31': '08', '32': '10',
};

export function ocrTypeOf(code: string | undefined, facts: Pick<InvoiceFacts, 'special' | 'FPDM'> = {}): OcrInvoiceType {
  if (code !== undefined) {
    const qrType = (QR_INVOICE_TYPES as Readonly<Record<string, string>>)[code] ?? code;
    const mapped = QR_TO_OCR[qrType];
    if (mapped) return mapped;
    if (Object.hasOwn(OCR_INVOICE_TYPES, code)) return code as OcrInvoiceType;
  }
  const digital = !facts.FPDM;
  if (facts.special === true) return digital ? '08' : '01';
  return digital ? '10' : '04';
}

/** What one picture or file said about one invoice. */
export interface ReadInvoice {
  type: OcrInvoiceType;
  facts: InvoiceFacts;
  /** The QR payload as read, for FJXX.EWM. */
  qrText?: string;
  /** Amount printed in the QR, to judge SFCY against the tax authority: 金额, or 价税合计 on a 数电 invoice (its basis). */
  qrAmount?: { amount: string; basis: QrAmountBasis };
  /** XZJD: rotation of the invoice, degrees. */
  rotation: number;
  /** region: diagonal corners [x1, y1, x2, y2] in the picture's pixels (PDF: points; XML: zeros). */
  region: [number, number, number, number];
}

const LAYOUT_A_TEXT_FIELDS = [
  'SFCY', 'FPDM', 'FPHM', 'GMFMC', 'GMFSBH', 'GMFDZDH', 'GMFYHZH', 'XHFMC', 'XHFSBH', 'XHFDZDH', 'XHFYHZH', 'KPRQ', 'JYM', 'HJJE', 'HJSE', 'JSHJ',
  'BZ', 'FWM', 'SKR', 'FHR', 'KPR', 'SFYGSYZ', 'XFLX', 'CPYBZ', 'JQBM', 'FPSZSHENG', 'FPSZSHI', 'SFDK', 'SFSG', 'FPZL', 'FPLC', 'FPDJL', 'JZZXX',
  'FPBT', 'JZZMC', 'JDDM', 'JDHM', 'QKLBZ', 'DZBZ',
] as const;
type LayoutAField = (typeof LAYOUT_A_TEXT_FIELDS)[number];

/** Fields each of layouts B and C drops from A (spec Layout B, Layout C). */
const DROPPED: Partial<Record<OcrInvoiceType, readonly LayoutAField[]>> = {
  '11': ['JDDM', 'JDHM', 'DZBZ'],
  '14': ['FPZL', 'JDDM', 'JDHM', 'DZBZ'],
};

/** Rate as the face of an invoice prints it: '13' → '13%'. */
const percent = (rate: string) => (rate === '' || rate.endsWith('%') ? rate : `${rate}%`);

function linesFromAuthority(invoice: ReceivedInvoice): InvoiceLineFacts[] {
  return invoice.lines.map((line) => ({ HWMC: line.spmc, GGXH: line.ggxh, DW: line.dw, SPSL: line.spsl, DJ: line.dj, JE: line.je, SL: percent(line.sl), SE: line.se }));
}

/** Fills what the file did not say from the tax authority's record, and says whether the two agree. */
function complete(read: ReadInvoice, known: ReceivedInvoice | undefined): { facts: InvoiceFacts; verified: boolean } {
  if (!known) return { facts: read.facts, verified: false };
  const fromAuthority: Partial<InvoiceFacts> = {
    KPRQ: known.kprq, JYM: known.jym, HJJE: known.hjje, HJSE: known.se, JSHJ: known.jshj, GMFMC: known.gmfmc, GMFSBH: known.gmfsbh,
    XHFMC: known.xhfmc, XHFSBH: known.xhfsbh, BZ: known.bz,
  };
  const facts: InvoiceFacts = { ...read.facts, lines: read.facts.lines.length > 0 ? read.facts.lines : linesFromAuthority(known) };
  for (const [key, value] of Object.entries(fromAuthority) as [keyof InvoiceFacts, string][]) {
    if (facts[key] === undefined || facts[key] === '') Object.assign(facts, { [key]: value });
  }
  const { amount, basis } = read.qrAmount ?? { amount: read.facts.HJJE, basis: 'excluding-tax' };
  const amountAgrees = amount !== undefined && /^-?\d+(?:\.\d+)?$/.test(amount) && new Decimal(amount).equals(basis === 'including-tax' ? known.jshj : known.hjje);
  return { facts, verified: amountAgrees && (read.facts.KPRQ === undefined || read.facts.KPRQ === known.kprq) };
}

function vatData(read: ReadInvoice, facts: InvoiceFacts, verified: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = Object.fromEntries(LAYOUT_A_TEXT_FIELDS.map((field) => [field, '']));
  const wanted = new Set<string>(LAYOUT_A_TEXT_FIELDS);
  for (const [key, value] of Object.entries(facts)) if (wanted.has(key) && typeof value === 'string') data[key] = value;
  data.SFCY = verified ? '1' : '0';
  data.QKLBZ = '0';
  // What the QR encodes is the machine-printed code and number (CWFPDM rule: no error field when they agree).
  data.JDDM = facts.FPDM ?? '';
  data.JDHM = facts.FPHM ?? '';
  if (read.type === '08' || read.type === '10') data.DZBZ = '1';
  else delete data.DZBZ;
  for (const field of DROPPED[read.type] ?? []) delete data[field];
  data.FPMX = facts.lines.map((line, index) =>
    read.type === '14'
      ? { MXXH: String(index + 1), HWMC: line.HWMC ?? '', CPZH: '', CLLX: '', TXRQQ: '', TXRQZ: '', JE: line.JE ?? '', SL: line.SL ?? '', SE: line.SE ?? '', HJSE: '', JDHM: '', QKLBZ: '0' }
      : { MXXH: String(index + 1), HWMC: line.HWMC ?? '', GGXH: line.GGXH ?? '', DW: line.DW ?? '', SPSL: line.SPSL ?? '', DJ: line.DJ ?? '', JE: line.JE ?? '', SL: line.SL ?? '', SE: line.SE ?? '' },
  );
  data.FJXX = { CWFPDM: '', EWM: read.qrText ?? '' };
  return data;
}

/** Types the sandbox reads only from a QR (motor vehicle, used car) get the few fields a QR carries. */
function otherData(facts: InvoiceFacts): Record<string, unknown> {
  return { FPDM: facts.FPDM ?? '', FPHM: facts.FPHM ?? '', KPRQ: facts.KPRQ ?? '', HJJE: facts.HJJE ?? '', JSHJ: facts.JSHJ ?? '', XFLX: '' };
}

export function toRecognitionResult(read: ReadInvoice, taxAuthority: TaxAuthorityReader | undefined): RecognitionResult {
  const known = read.facts.FPHM ? taxAuthority?.findInvoice(read.facts.FPDM ?? '', read.facts.FPHM) : undefined;
  const { facts, verified } = complete(read, known);
  const isVat = (LAYOUT_A_TYPES as readonly string[]).includes(read.type) || read.type === '11' || read.type === '14';
  // Parsed rather than cast: the answer is checked against the spec's own schema before it leaves.
  return RecognitionResult.parse({
    FPLXDM: read.type,
    XZJD: String(read.rotation),
    region: read.region,
    data: isVat ? vatData(read, facts, verified) : otherData(facts),
  });
}
