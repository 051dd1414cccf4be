/**
 * A PDF's first pages drawn to PNG for the review pane, by pdf.js on @napi-rs/canvas (worker thread only).
 * Like the extraction's PDF reader, every resource pdf.js could fetch points at its own package folder.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';
import { MAX_PREVIEW_PAGES, PREVIEW_WIDTH_PX, registerPreviewFont, type Preview, type PreviewPage } from './canvas.js';

function pdfjsFolder(folder: string): string {
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  return path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), folder) + path.sep;
}

export async function renderPdfPages(bytes: Uint8Array): Promise<Preview> {
  registerPreviewFont();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    cMapUrl: pdfjsFolder('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsFolder('standard_fonts'),
    wasmUrl: pdfjsFolder('wasm'),
    iccUrl: pdfjsFolder('iccs'),
    useWorkerFetch: false,
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  const document = await task.promise.catch(async (error: unknown) => {
    await task.destroy();
    throw error;
  });
  try {
    const pages: PreviewPage[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PREVIEW_PAGES); number++) {
      const page = await document.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: PREVIEW_WIDTH_PX / natural.width });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js's types name the DOM canvas; @napi-rs/canvas implements the same 2D API.
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      pages.push({ png: new Uint8Array(await canvas.encode('png')), width: canvas.width, height: canvas.height });
      page.cleanup();
    }
    return { pages, pageCount: document.numPages };
  } finally {
    await document.destroy();
  }
}
