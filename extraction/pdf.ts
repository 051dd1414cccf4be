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
import { EXTRACTION_ERRORS, ExtractionError } from './errors.js';
import { loadPdfjs, pdfjsFolder } from './pdfjs-load.js';
import type { RgbaPixels } from './qr.js';

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

/** pdfjs ImageKind: 1 GRAYSCALE_1BPP (packed bits, set = white), 2 RGB_24BPP, 3 RGBA_32BPP. */
function toRgba(image: PdfImageObject): RgbaPixels | undefined {
  const { width, height, kind, data } = image;
  if (!data || width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) return undefined;
  const rgba = new Uint8ClampedArray(width * height * 4);
  if (kind === 3) {
    rgba.set(data.subarray(0, rgba.length));
  } else if (kind === 2) {
    for (let pixel = 0, source = 0; pixel < width * height; pixel++, source += 3) {
      rgba[pixel * 4] = data[source] ?? 0;
      rgba[pixel * 4 + 1] = data[source + 1] ?? 0;
      rgba[pixel * 4 + 2] = data[source + 2] ?? 0;
      rgba[pixel * 4 + 3] = 255;
    }
  } else if (kind === 1) {
    const rowBytes = Math.ceil(width / 8);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        const offset = (y * width + x) * 4;
        rgba.fill(bit ? 255 : 0, offset, offset + 3);
        rgba[offset + 3] = 255;
      }
    }
  } else {
    return undefined;
  }
  return { data: rgba, width, height };
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
  const task = pdfjs.getDocument({
    // pdfjs may transfer (detach) the buffer it is given; the caller's bytes stay usable.
    data: bytes.slice(),
    cMapUrl: pdfjsAsset('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsAsset('standard_fonts'),
    wasmUrl: pdfjsAsset('wasm'),
    iccUrl: pdfjsAsset('iccs'),
    useWorkerFetch: false,
    isEvalSupported: false,
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
      if (options.images !== false) {
        const operators = await page.getOperatorList();
        for (let index = 0; index < operators.fnArray.length; index++) {
          const op = operators.fnArray[index];
          const args: unknown[] = operators.argsArray[index] ?? [];
          let image: PdfImageObject | undefined;
          if (op === pdfjs.OPS.paintInlineImageXObject) image = args[0] as PdfImageObject;
          else if (op !== undefined && imageOps.has(op) && typeof args[0] === 'string') {
            const name = args[0];
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
