/**
 * A PDF's pages drawn to pixels, for the invoice QR code that some issuers draw as vector paths (small
 * filled squares) rather than as an image: pdf.js renders each page on @napi-rs/canvas (Skia, N-API
 * prebuilds, no system libraries), and the QR reader looks at the pixels. Only used when no QR code was
 * found in the page's images, so the common case stays as cheap as before. The canvas module is loaded
 * on first use; every resource pdf.js could fetch points at its own package folder.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type { RgbaPixels } from './qr.js';

/** About 200 dpi: a 2.5 cm QR code of 37–45 modules gets 4+ pixels a module, enough for the reader. */
const RENDER_SCALE = 200 / 72;
/** The invoice is on the first pages; a 50-page list is not rendered whole. */
const MAX_RENDERED_PAGES = 3;

function pdfjsAsset(folder: string): string {
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  return path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), folder) + path.sep;
}

export async function renderPdfPixels(bytes: Uint8Array): Promise<RgbaPixels[]> {
  const [{ createCanvas }, pdfjs] = await Promise.all([import('@napi-rs/canvas'), import('pdfjs-dist/legacy/build/pdf.mjs')]);
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    cMapUrl: pdfjsAsset('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsAsset('standard_fonts'),
    wasmUrl: pdfjsAsset('wasm'),
    iccUrl: pdfjsAsset('iccs'),
    useWorkerFetch: false,
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  const document = await task.promise.catch(async (error: unknown) => {
    await task.destroy();
    throw error;
  });
  try {
    const rendered: RgbaPixels[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_RENDERED_PAGES); number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: RENDER_SCALE });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js's types name the DOM canvas; @napi-rs/canvas implements the same 2D API.
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      rendered.push({ data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: canvas.width, height: canvas.height });
      page.cleanup();
    }
    return rendered;
  } finally {
    await document.destroy();
  }
}
