/**
 * The invoice QR code: reading it from pixels (zxing-wasm) and its payload into fields.
 *
 * zxing-wasm's default loader fetches its .wasm from a CDN, which fails offline and would tell a third
 * party that a clerk is scanning: the binary is read from the package's own folder and handed over.
 *
 * Payloads: `01,<type>,<code>,<number>,<amount>,<date>,<check code>,<crc>,`. Legacy invoices carry a code,
 * an 8-digit number and the amount EXCLUDING tax; 数电 invoices (types 31/32) no code, a 20-digit number
 * and the amount INCLUDING tax, usually no check code. Railway e-tickets write six fields and no code field:
 * `01,<type>,<20-digit number>,<amount excl. VAT>,<date>,<check>`. Issuers differ: trailing comma or not, full-width
 * commas, spaces and line breaks from scanners, amounts without decimals, dates with dashes.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { compactDate, fpzlFromQrType, type FieldCollector } from './fields.js';
import { sniffFileKind } from './file-type.js';
import { decodePicture, fitScale, pictureSize, scaleBitmap } from './picture.js';

export interface RgbaPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface DecodedQr {
  text: string;
  /** Rotation of the code in the picture, degrees clockwise, 0/90/180/270. */
  rotation: number;
}

/**
 * Two passes. A clean scan or a generated picture (most files) is read by the quick pass, several times
 * faster; only when it finds no invoice QR does the thorough pass look again, rotated, inverted and
 * harder, for up to 8 symbols (a page may carry other codes besides the invoice's).
 */
const QUICK_OPTIONS: ReaderOptions = { formats: ['QRCode'], tryHarder: false, tryRotate: false, tryInvert: false, maxNumberOfSymbols: 1 };
const THOROUGH_OPTIONS: ReaderOptions = { formats: ['QRCode'], tryHarder: true, tryRotate: true, tryInvert: true, maxNumberOfSymbols: 8 };

let prepared = false;
function prepareOnce(): void {
  if (prepared) return;
  // __filename exists in the CommonJS bundle of the app, import.meta.url under Node's ESM (tests, tsx).
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  const bytes = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) } });
  prepared = true;
}

const normaliseRotation = (degrees: number) => (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;

/**
 * Pixels the QR reader is given at most: an A4 page at 300 dpi has 8.7 million, where a 2 cm code gets
 * 6 pixels a module. Bigger pictures are scaled down to this while they are decoded (picture.ts): the
 * reader's wasm memory grows to the largest picture it was given and never shrinks.
 */
export const QR_MAX_PIXELS = 12_000_000;

/** What zxing is handed: small pictures as they are (its own decoder is fast), big ones scaled down by us. */
async function qrSource(input: Uint8Array | RgbaPixels): Promise<Uint8Array | RgbaPixels> {
  if (!(input instanceof Uint8Array)) {
    const scale = fitScale(input, QR_MAX_PIXELS);
    if (scale >= 1) return input;
    const scaled = scaleBitmap({ width: input.width, height: input.height, data: new Uint8Array(input.data.buffer, input.data.byteOffset, input.data.byteLength) }, scale);
    return { width: scaled.width, height: scaled.height, data: new Uint8ClampedArray(scaled.data.buffer) };
  }
  const kind = sniffFileKind(input);
  if (kind !== 'png' && kind !== 'jpeg') return input;
  const size = pictureSize(input, kind);
  if (size.width * size.height <= QR_MAX_PIXELS) return input;
  const decoded = await decodePicture(input, kind, QR_MAX_PIXELS);
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data.buffer) };
}

/**
 * QR codes in an encoded PNG/JPEG file or in raw RGBA pixels. A picture past the size caps is refused by
 * its header (ExtractionError image-too-large) before anything decodes it.
 */
export async function readQrCodes(input: Uint8Array | RgbaPixels): Promise<DecodedQr[]> {
  prepareOnce();
  const picture = await qrSource(input);
  // zxing-wasm reads only data/width/height of an ImageData; Node has no ImageData class.
  const source = picture instanceof Uint8Array ? picture : ({ ...picture, colorSpace: 'srgb' } as ImageData);
  const quick = await readBarcodes(source, QUICK_OPTIONS);
  const results = quick.some((result) => result.isValid && parseQrPayload(result.text)) ? quick : await readBarcodes(source, THOROUGH_OPTIONS);
  const seen = new Set<string>();
  const decoded: DecodedQr[] = [];
  for (const result of results) {
    if (!result.isValid || seen.has(result.text)) continue;
    seen.add(result.text);
    decoded.push({ text: result.text, rotation: normaliseRotation(result.orientation) });
  }
  return decoded;
}

export interface InvoiceQrPayload {
  type: string;
  fpdm: string;
  fphm: string;
  amount: string;
  /** yyyyMMdd. */
  date: string;
  checkCode: string;
  /** true when the payload is a 数电 invoice's (no code, amount including tax). */
  digital: boolean;
  /**
   * true for a railway e-ticket's six fields: `01,<type>,<20-digit number>,<amount>,<date>,<check>` — no
   * code field at all, so the number sits where a VAT payload has its code.
   */
  railway: boolean;
}

/** Reads an invoice QR payload tolerantly; undefined when the text is none. */
export function parseQrPayload(text: string): InvoiceQrPayload | undefined {
  const parts = text.replace(/\s+/g, '').replace(/，/g, ',').split(',');
  while (parts.length > 7 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length < 6) return undefined;
  const filled = parts.length === 7 && parts[6] === '' ? parts.slice(0, 6) : parts;
  if (filled.length === 6 && /^\d{20}$/.test(filled[2] ?? '')) return railwayPayload(filled);
  const [version = '', type = '', fpdm = '', fphm = '', amount = '', dateText = '', checkCode = ''] = parts;
  if (!/^0?1$/.test(version) || !/^\d{2}$/.test(type)) return undefined;
  if (!/^(?:\d{10}|\d{12})?$/.test(fpdm) || !/^\d{8}$|^\d{20}$/.test(fphm)) return undefined;
  if (!/^-?\d+(?:\.\d+)?$/.test(amount)) return undefined;
  const date = /^\d{8}$/.test(dateText) ? compactDate(`${dateText.slice(0, 4)}-${dateText.slice(4, 6)}-${dateText.slice(6)}`) : compactDate(dateText);
  if (!date) return undefined;
  const digital = type === '31' || type === '32' || (fpdm === '' && fphm.length === 20);
  return { type, fpdm, fphm, amount, date, checkCode: /^[0-9A-Za-z]+$/.test(checkCode) ? checkCode : '', digital, railway: false };
}

/** The railway e-ticket's payload; its last field is a check of the payload, not an invoice check code (jym). */
function railwayPayload(parts: readonly string[]): InvoiceQrPayload | undefined {
  const [version = '', type = '', fphm = '', amount = '', dateText = ''] = parts;
  if (!/^0?1$/.test(version) || !/^\d{2}$/.test(type) || !/^-?\d+(?:\.\d+)?$/.test(amount)) return undefined;
  const date = /^\d{8}$/.test(dateText) ? compactDate(`${dateText.slice(0, 4)}-${dateText.slice(4, 6)}-${dateText.slice(6)}`) : undefined;
  if (!date) return undefined;
  return { type, fpdm: '', fphm, amount, date, checkCode: '', digital: false, railway: true };
}

/** Puts a payload's fields into the collector with the given source (a QR image: 'qr'; a payload found in an XML: its file's source). */
export function collectQrPayload(payload: InvoiceQrPayload, into: FieldCollector, source: 'qr' | 'xml' | 'ofd' | 'pdf-text'): void {
  if (payload.railway) {
    // The railway payload's amount is the fare excluding VAT, as in a legacy payload (the sample's
    // 166.05 × 1.09 is a whole fare of 181.00); its type is not a verification kind.
    into.set('fphm', payload.fphm, source);
    into.set('kprq', payload.date, source);
    into.set('fpje', payload.amount, source);
    into.setFamily('railway');
    return;
  }
  into.set('fpzl', fpzlFromQrType(payload.type), source);
  if (!payload.digital) into.set('fpdm', payload.fpdm, source);
  into.set('fphm', payload.fphm, source);
  into.set('kprq', payload.date, source);
  into.set(payload.digital ? 'jshj' : 'fpje', payload.amount, source);
  if (payload.checkCode) into.set('jym', payload.checkCode, source);
  into.setFamily(payload.digital ? 'digital' : 'legacy');
}
