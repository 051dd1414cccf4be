/**
 * The pages of a print job drawn as pictures for the Electron printer (printer.ts): pdf.js on
 * @napi-rs/canvas, at 300 dpi — the resolution of the office laser and dot-matrix printers the forms go
 * through, so a picture pixel is never spread over several printer dots.
 */
import { drawPdfPages } from '../../extraction/pdf-render.js';
import type { DrawnPage } from './printer.js';

const DPI = 300;
const MM_PER_INCH = 25.4;
/** A goods list (销货清单) runs to a few pages; this bounds a broken job, not a real one. */
const MAX_PAGES = 200;

export async function renderPrintPages(pdf: Uint8Array): Promise<DrawnPage[]> {
  const { results } = await drawPdfPages(
    pdf,
    MAX_PAGES,
    () => DPI / 72,
    async ({ canvas }) => ({ png: await canvas.encode('png'), widthMm: (canvas.width * MM_PER_INCH) / DPI, heightMm: (canvas.height * MM_PER_INCH) / DPI }),
  );
  return results;
}
