/**
 * What a PDF holds for intake: the text items of its pages with their positions (the text layer), the
 * raster images drawn on them (where issuers put the invoice QR code) and its embedded XML files (a 数电
 * ticket's PDF carries its XBRL instance as one). pdfjs-dist's legacy build runs in
 * Node; it is loaded lazily, and every resource it could fetch (CMaps, standard fonts, wasm decoders, ICC
 * profiles) points at its own package folder: nothing is fetched, offline or not.
 *
 * QR codes drawn as vector paths need the page rendered to pixels: pdf-render.ts, used by index.ts when
 * no QR code was found among the images.
 */
import path from 'node:path';
import { EXTRACTION_ERRORS, ExtractionError, MAX_IMAGE_PIXELS } from './errors.js';
import { loadPdfjs, pdfjsFolder } from './pdfjs-load.js';
import { BoxScaler, checkPictureSize, fitScale } from './picture.js';
import { QR_MAX_PIXELS, type RgbaPixels } from './qr.js';

export interface PdfTextItem {
  text: string;
  /** Left edge and baseline in PDF points, y growing upwards. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPage {
  width: number;
  height: number;
  items: PdfTextItem[];
  images: RgbaPixels[];
}

/** A file embedded in the PDF (a 数电 ticket's PDF carries its XBRL instance so). */
export interface PdfAttachment {
  name: string;
  bytes: Uint8Array;
}

/** Embedded files looked at, and the largest read: an invoice's XML is a few KiB. */
const MAX_ATTACHMENTS = 8;
const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;

/** Invoices are one page, with a list perhaps a few more. */
export const MAX_PDF_PAGES = 5;
/** Images smaller than this on either side cannot hold a readable QR code (logos, rules, seals' dots). */
const MIN_IMAGE_SIDE = 21;

interface PdfImageObject {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

export function pdfjsAsset(folder: string): string {
  // pdfjs joins file names onto these, so they must end with a separator.
  return path.join(pdfjsFolder(), folder) + path.sep;
}

/**
 * pdf.js options every reading of a PDF shares: nothing fetched (its own folders), no eval, and images past
 * the pixel cap never decoded (pdf.js drops them by their dictionary's size, inline images included).
 */
export function pdfjsOptions(bytes: Uint8Array) {
  return {
    // pdfjs may transfer (detach) the buffer it is given; the caller's bytes stay usable.
    data: bytes.slice(),
    cMapUrl: pdfjsAsset('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsAsset('standard_fonts'),
    wasmUrl: pdfjsAsset('wasm'),
    iccUrl: pdfjsAsset('iccs'),
    useWorkerFetch: false,
    isEvalSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
  };
}

const IMAGE_SUBTYPE = /\/Subtype\s*\/Image\b/g;
/** How far around `/Subtype /Image` an image dictionary's own keys are looked for. */
const IMAGE_DICT_WINDOW = 2048;

/** A /Width or /Height value: the number, or the number object a reference points at when it is plain text. */
function dimension(text: string, match: RegExpExecArray | null): number | undefined {
  if (!match?.[1]) return undefined;
  if (match[2] === undefined) return Number(match[1]);
  const object = new RegExp(`(?:^|\\s)${match[1]}\\s+${match[2]}\\s+obj\\s*(\\d{1,9})\\s*endobj`).exec(text);
  return object?.[1] === undefined ? undefined : Number(object[1]);
}

/**
 * Refuses a PDF that draws an image past the size caps, by the image dictionaries' /Width and /Height as
 * written in the file (an image is a stream, and streams are never inside compressed object streams, so
 * every image dictionary is plain text). pdf.js's maxImageSize would drop such an image silently; this
 * names it. A size written as a reference is followed when its object is plain text; one inside a compressed
 * object stream is left to maxImageSize.
 */
export function checkPdfImageSizes(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  for (const match of text.matchAll(IMAGE_SUBTYPE)) {
    const start = Math.max(text.lastIndexOf('<<', match.index), match.index - IMAGE_DICT_WINDOW, 0);
    const streamAt = text.indexOf('stream', match.index);
    const window = text.slice(start, Math.min(streamAt === -1 ? text.length : streamAt, match.index + IMAGE_DICT_WINDOW));
    const width = dimension(text, /\/Width\s+(\d{1,9})\b(?:\s+(\d{1,5})\s+R)?/.exec(window));
    const height = dimension(text, /\/Height\s+(\d{1,9})\b(?:\s+(\d{1,5})\s+R)?/.exec(window));
    if (width !== undefined && height !== undefined) checkPictureSize({ width, height }, 'an image the PDF draws');
  }
}

/**
 * pdfjs ImageKind: 1 GRAYSCALE_1BPP (packed bits, set = white), 2 RGB_24BPP, 3 RGBA_32BPP. Made RGBA row by
 * row; an image bigger than the QR reader takes is scaled down as it is converted (never a full-size copy).
 */
function toRgba(image: PdfImageObject): RgbaPixels | undefined {
  const { width, height, kind, data } = image;
  if (!data || width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE || (kind !== 1 && kind !== 2 && kind !== 3)) return undefined;
  const scale = fitScale(image, QR_MAX_PIXELS);
  const scaler = scale < 1 ? new BoxScaler(width, height, scale) : undefined;
  const full = scaler ? undefined : new Uint8Array(width * height * 4);
  const row = new Uint8Array(width * 4);
  const rowBytes = kind === 1 ? Math.ceil(width / 8) : width * (kind === 2 ? 3 : 4);
  for (let y = 0; y < height; y++) {
    const line = data.subarray(y * rowBytes, (y + 1) * rowBytes);
    if (kind === 3) row.set(line.subarray(0, row.length));
    for (let x = 0; kind !== 3 && x < width; x++) {
      if (kind === 2) row.set([line[x * 3] ?? 0, line[x * 3 + 1] ?? 0, line[x * 3 + 2] ?? 0, 255], x * 4);
      else {
        const value = ((line[x >> 3] ?? 0) >> (7 - (x & 7))) & 1 ? 255 : 0;
        row.set([value, value, value, 255], x * 4);
      }
    }
    if (scaler) scaler.addRow(y, row);
    else full?.set(row, y * width * 4);
  }
  const pixels = scaler ? scaler.finish() : { width, height, data: full ?? new Uint8Array(0) };
  return { data: new Uint8ClampedArray(pixels.data.buffer), width: pixels.width, height: pixels.height };
}

export async function readPdf(bytes: Uint8Array, options: { images?: boolean } = {}): Promise<PdfPage[]> {
  return (await readPdfDocument(bytes, options)).pages;
}

/** The embedded XML files (by name or by content), at most MAX_ATTACHMENTS of at most MAX_ATTACHMENT_BYTES. */
function xmlAttachments(found: unknown): PdfAttachment[] {
  if (!found || typeof found !== 'object') return [];
  return Object.values(found as Record<string, { filename?: string; content?: Uint8Array }>)
    .flatMap((entry) => (entry.content instanceof Uint8Array && entry.content.length <= MAX_ATTACHMENT_BYTES ? [{ name: entry.filename ?? '', bytes: entry.content }] : []))
    .filter((entry) => /\.xml$/i.test(entry.name) || /^\s*<[?A-Za-z]/.test(new TextDecoder('latin1').decode(entry.bytes.subarray(0, 64))))
    .slice(0, MAX_ATTACHMENTS);
}

export async function readPdfDocument(bytes: Uint8Array, options: { images?: boolean } = {}): Promise<{ pages: PdfPage[]; attachments: PdfAttachment[] }> {
  const pdfjs = await loadPdfjs();
  const imageOps = new Set([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintImageXObjectRepeat]);
  checkPdfImageSizes(bytes);
  const task = pdfjs.getDocument({
    ...pdfjsOptions(bytes),
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    disableFontFace: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new ExtractionError(EXTRACTION_ERRORS.corruptPdf, `the PDF cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PDF_PAGES); number++) {
      const page = await document.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a = 0, b = 0, , , e = 0, f = 0] = item.transform as number[];
        items.push({ text: item.str, x: e, y: f, width: item.width, height: item.height || Math.hypot(a, b) });
      }
      const images: RgbaPixels[] = [];
      // An image painted many times is read once.
      const seen = new Set<string>();
      if (options.images !== false) {
        const operators = await page.getOperatorList();
        for (let index = 0; index < operators.fnArray.length; index++) {
          const op = operators.fnArray[index];
          const args: unknown[] = operators.argsArray[index] ?? [];
          let image: PdfImageObject | undefined;
          if (op === pdfjs.OPS.paintInlineImageXObject) image = args[0] as PdfImageObject;
          else if (op !== undefined && imageOps.has(op) && typeof args[0] === 'string' && !seen.has(args[0])) {
            const name = args[0];
            seen.add(name);
            // Images used on several pages live in the document's common objects ("g_" names).
            const objects = name.startsWith('g_') ? page.commonObjs : page.objs;
            image = await new Promise<PdfImageObject>((resolve) => objects.get(name, (data: unknown) => resolve(data as PdfImageObject)));
          }
          const pixels = image && toRgba(image);
          if (pixels) images.push(pixels);
        }
      }
      pages.push({ width: Math.abs(x1 - x0), height: Math.abs(y1 - y0), items, images });
      page.cleanup();
    }
    return { pages, attachments: xmlAttachments(await document.getAttachments()) };
  } catch (error) {
    throw new ExtractionError(EXTRACTION_ERRORS.corruptPdf, `the PDF is damaged: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await document.destroy();
  }
}
