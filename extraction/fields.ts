/**
 * The fields local extraction yields, named and formatted as the spec's verification result writes them
 * (kprq yyyyMMdd, amounts with 2 decimals, fpzl from the verification kind table), and which source gave
 * each one. A field that could not be read is left out — never guessed.
 */
import Decimal from 'decimal.js';
import type { UnverifiableKind } from '../shared/rules/intake-fields.js';

export const EXTRACTED_FIELDS = ['fpzl', 'fpdm', 'fphm', 'kprq', 'fpje', 'fpse', 'jshj', 'xhfsbh', 'gmfsbh', 'jym'] as const;
export type ExtractedField = (typeof EXTRACTED_FIELDS)[number];
export type FieldSource = 'qr' | 'xml' | 'ofd' | 'pdf-text' | 'ocr';
export type ExtractedFields = Partial<Record<ExtractedField, string>>;
export type FieldSources = Partial<Record<ExtractedField, FieldSource>>;

/** Names are not part of what a verification needs, but the ledger and the review show them. */
export interface ExtractedNames {
  xhfmc?: string;
  gmfmc?: string;
}

/**
 * What an invoice is, as far as a file says: legacy VAT, 数电 (digital-electronic), or one of the 数电
 * tickets the spec's verification table has no kind for — the railway e-ticket (电子发票（铁路电子客票）)
 * and the airline itinerary (电子发票（航空运输电子客票行程单）).
 */
export type InvoiceFamily = 'legacy' | 'digital' | 'railway' | 'air';
/** The tickets' families are decided by what they are; a payload's or a number's shape says less. */
const TICKET_FAMILIES: ReadonlySet<InvoiceFamily> = new Set(['railway', 'air']);

/** Why the service cannot verify what a file holds, by family (shared/rules/intake-fields.ts names the codes). */
export function unverifiableKind(family: InvoiceFamily | undefined): UnverifiableKind | undefined {
  if (family === 'railway') return 'railway-eticket';
  if (family === 'air') return 'air-itinerary';
  return undefined;
}

/**
 * QR type codes → verification fpzl. Legacy codes are the same in both tables; 20 (and 08) is the legacy
 * electronic special invoice; 31/32 are the digital-electronic special/general invoices (21/22 in the
 * verification table). Codes not listed (85/86 paper 数电, 51 railway…) give no fpzl: the clerk types it.
 */
const QR_TYPE_TO_FPZL: Readonly<Record<string, string>> = {
  '01': '01', '02': '02', '03': '03', '04': '04', '08': '08', '10': '10', '11': '11', '14': '14', '15': '15', '16': '16', '20': '08', '31': '21', '32': '22',
};

export function fpzlFromQrType(type: string): string | undefined {
  return QR_TYPE_TO_FPZL[type];
}

/** fpzl from an invoice's printed title (电子发票（增值税专用发票）, 增值税电子普通发票…). */
export function fpzlFromTitle(text: string): { fpzl?: string; family?: InvoiceFamily } {
  const compact = normaliseLookalikes(text).replace(/\s+/g, '').replace(/\(/g, '（').replace(/\)/g, '）');
  if (/铁路电子客票/.test(compact)) return { family: 'railway' };
  if (/航空运输电子客票行程单/.test(compact)) return { family: 'air' };
  if (/电子发票（增值税专用发票）|电子发票（专用发票）/.test(compact)) return { fpzl: '21', family: 'digital' };
  if (/电子发票（普通发票）/.test(compact)) return { fpzl: '22', family: 'digital' };
  if (/增值税电子专用发票/.test(compact)) return { fpzl: '08', family: 'legacy' };
  // The toll invoice (收费公路通行费增值税电子普通发票) is verified as kind 14; its pass-date columns say so.
  if (/增值税电子普通发票/.test(compact) && /通行费/.test(compact) && /通行日期/.test(compact)) return { fpzl: '14', family: 'legacy' };
  if (/增值税电子普通发票/.test(compact)) return { fpzl: '10', family: 'legacy' };
  if (/增值税普通发票（卷票）|卷式发票/.test(compact)) return { fpzl: '11', family: 'legacy' };
  if (/增值税专用发票/.test(compact)) return { fpzl: '01', family: 'legacy' };
  if (/增值税普通发票/.test(compact)) return { fpzl: '04', family: 'legacy' };
  return {};
}

/**
 * Kangxi radicals (U+2F00–U+2FD5) and CJK radical supplements that some issuers' fonts map glyphs to:
 * ⼦ ⽅ ⼀ ⼈ look like 子 方 一 人 but are other code points, so 购买方 would not match. Each is replaced
 * by the ideograph it stands for (its compatibility decomposition); other text is left as it is.
 */
export function normaliseLookalikes(text: string): string {
  return text.replace(/[\u2e80-\u2fdf]/g, (char) => char.normalize('NFKC'));
}

/** yyyyMMdd from 2020年07月23日, 2020-07-23, 2020/7/23, 20200723 or an ISO date-time; undefined otherwise. */
export function compactDate(text: string): string | undefined {
  const match = /(\d{4})[年\-/.]?(\d{1,2})[月\-/.]?(\d{1,2})/.exec(text.replace(/\s+/g, ''));
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** '¥1,234.5', 'CNY 1234.50', '1234.50元' → '1234.50'; undefined when it is not an amount. */
export function normaliseAmount(text: string): string | undefined {
  const compact = text.replace(/[¥￥,，\s]/g, '').replace(/^(?:CNY|RMB)/i, '').replace(/元$/, '').replace(/^\+/, '');
  if (!/^-?\d{1,16}(?:\.\d+)?$/.test(compact)) return undefined;
  return new Decimal(compact).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

const TAX_ID = /^[0-9A-Z]{15}$|^[0-9A-Z]{17}[0-9A-Z]$|^[0-9A-Z]{20}$/;
export function normaliseTaxId(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return TAX_ID.test(compact) ? compact : undefined;
}

const NORMALISERS: Record<ExtractedField, (text: string) => string | undefined> = {
  fpzl: (text) => (/^\d{2}$/.test(text.trim()) ? text.trim() : undefined),
  fpdm: (text) => {
    const digits = text.replace(/\s+/g, '');
    return /^\d{10}$|^\d{12}$/.test(digits) ? digits : undefined;
  },
  fphm: (text) => {
    const digits = text.replace(/\s+/g, '');
    return /^\d{8}$|^\d{20}$/.test(digits) ? digits : undefined;
  },
  kprq: compactDate,
  fpje: normaliseAmount,
  fpse: normaliseAmount,
  jshj: normaliseAmount,
  xhfsbh: normaliseTaxId,
  gmfsbh: normaliseTaxId,
  jym: (text) => {
    const compact = text.replace(/\s+/g, '');
    return /^[0-9A-Za-z]{5,32}$/.test(compact) ? compact : undefined;
  },
};

/** Collects fields from several readers of one file: the first good value of a field wins (callers go most trusted first). */
export class FieldCollector {
  readonly fields: ExtractedFields = {};
  readonly sources: FieldSources = {};
  readonly names: ExtractedNames = {};
  /** QR payloads the package readers found (an OFD's QR image, a legacy XML's GraphCode), as written. */
  readonly payloadTexts: string[] = [];
  family: InvoiceFamily | undefined;

  set(field: ExtractedField, raw: string | undefined, source: FieldSource): boolean {
    if (raw === undefined || this.fields[field] !== undefined) return false;
    const value = NORMALISERS[field](raw);
    if (value === undefined) return false;
    this.fields[field] = value;
    this.sources[field] = source;
    return true;
  }

  /** A ticket family (railway, air) outranks legacy/digital, which only a payload's or a number's shape gave. */
  setFamily(family: InvoiceFamily | undefined): void {
    if (family === undefined) return;
    if (this.family === undefined || (TICKET_FAMILIES.has(family) && !TICKET_FAMILIES.has(this.family))) this.family = family;
  }

  setName(field: keyof ExtractedNames, raw: string | undefined): void {
    const value = raw?.trim();
    if (value && this.names[field] === undefined) this.names[field] = value;
  }

  /** A digital-electronic invoice has no code and no check code: drop any a weaker reader guessed. */
  settleFamily(): void {
    if (this.family && TICKET_FAMILIES.has(this.family)) {
      // A ticket has no verification kind: a type a weaker reader took from a payload is not one.
      delete this.fields.fpzl;
      delete this.sources.fpzl;
      delete this.fields.fpdm;
      delete this.sources.fpdm;
      return;
    }
    if (this.family === undefined) {
      if (this.fields.fpzl === '21' || this.fields.fpzl === '22' || this.fields.fphm?.length === 20) this.family = 'digital';
      else if (this.fields.fpdm !== undefined) this.family = 'legacy';
    }
  }
}

/**
 * Whether the fields are enough to verify: type, code (not for digital-electronic), number, date, amount,
 * check code where the kind needs it. A ticket the service cannot verify is complete with its number, date
 * and an amount: recognition could add nothing a verification needs, so no call is spent on it.
 */
export function isComplete(fields: ExtractedFields, family?: InvoiceFamily): boolean {
  if (family && TICKET_FAMILIES.has(family)) return Boolean(fields.fphm && fields.kprq && (fields.jshj ?? fields.fpje));
  const { fpzl, fpdm, fphm, kprq } = fields;
  if (!fpzl || !fphm || !kprq) return false;
  const digital = fpzl === '21' || fpzl === '22';
  if (!digital && !fpdm) return false;
  const needsJym = ['04', '10', '11', '14', '16'].includes(fpzl);
  if (needsJym && !fields.jym) return false;
  const amount = digital || fpzl === '15' ? fields.jshj : fields.fpje;
  const needsAmount = ['01', '02', '03', '15', '08', '16', '21', '22'].includes(fpzl);
  return !needsAmount || amount !== undefined;
}
