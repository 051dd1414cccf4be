/**
 * A PDF's first pages drawn by pdf.js on @napi-rs/canvas (Skia, N-API prebuilds, no system libraries).
 * Two users: extraction, for the invoice QR code that some issuers draw as vector paths (small filled
 * squares) rather than as an image — only when no QR code was found in the page's images, so the
 * common case stays as cheap as before — and the review pane's page previews (main/features/intake/
 * preview/pdf-pages.ts). The canvas module is loaded on first use; every resource pdf.js could fetch
 * points at its own package folder (pdfjsAsset).
 */
import type { SKRSContext2D, Canvas } from '@napi-rs/canvas';
import { checkPdfImageSizes, pdfjsOptions } from './pdf.js';
import { loadPdfjs } from './pdfjs-load.js';
import type { RgbaPixels } from './qr.js';

/** About 200 dpi: a 2.5 cm QR code of 37–45 modules gets 4+ pixels a module, enough for the reader. */
const QR_RENDER_SCALE = 200 / 72;
/** A drawn page has at most this many pixels (64 MB of RGBA); an A4 page at 200 dpi has 3.9 million. */
export const MAX_CANVAS_PIXELS = 16_000_000;
/** The invoice is on the first pages; a 50-page list is not rendered whole. */
const MAX_QR_PAGES = 3;

export interface DrawnPage {
  canvas: Canvas;
  context: SKRSContext2D;
}

/**
 * Draws up to `maxPages` pages, each at the scale `scaleFor(page width in points)` gives, on a white
 * canvas, and hands each to `use`. Resolves with what `use` made and the document's page count.
 */
export async function drawPdfPages<T>(
  bytes: Uint8Array,
  maxPages: number,
  scaleFor: (widthPt: number) => number,
  use: (page: DrawnPage) => Promise<T> | T,
): Promise<{ results: T[]; pageCount: number }> {
  const [{ createCanvas }, pdfjs] = await Promise.all([import('@napi-rs/canvas'), loadPdfjs()]);
  checkPdfImageSizes(bytes);
  const task = pdfjs.getDocument({ ...pdfjsOptions(bytes), verbosity: pdfjs.VerbosityLevel.ERRORS });
  const document = await task.promise.catch(async (error: unknown) => {
    await task.destroy();
    throw error;
  });
  try {
    const results: T[] = [];
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
      const page = await document.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      // A page may claim to be 200 inches square: the canvas is kept under MAX_CANVAS_PIXELS whatever it says.
      const scale = Math.min(scaleFor(natural.width), Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, natural.width * natural.height)));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js's types name the DOM canvas; @napi-rs/canvas implements the same 2D API.
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      results.push(await use({ canvas, context }));
      page.cleanup();
    }
    return { results, pageCount: document.numPages };
  } finally {
    await document.destroy();
  }
}

/** The first pages as pixels for the QR reader. */
export async function renderPdfPixels(bytes: Uint8Array): Promise<RgbaPixels[]> {
  const drawn = await drawPdfPages(bytes, MAX_QR_PAGES, () => QR_RENDER_SCALE, ({ canvas, context }) => {
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: canvas.width, height: canvas.height };
  });
  return drawn.results;
}
