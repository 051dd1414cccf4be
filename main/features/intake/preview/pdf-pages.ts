/**
 * A PDF's first pages drawn to PNG for the review pane (worker thread only), by the extraction library's
 * page drawing (extraction/pdf-render.ts), at the preview's width.
 */
import { drawPdfPages } from '../../../../extraction/pdf-render.js';
import { MAX_PREVIEW_PAGES, PREVIEW_WIDTH_PX, registerPreviewFont, type Preview, type PreviewPage } from './canvas.js';

export async function renderPdfPages(bytes: Uint8Array): Promise<Preview> {
  registerPreviewFont();
  const drawn = await drawPdfPages(
    bytes,
    MAX_PREVIEW_PAGES,
    (widthPt) => PREVIEW_WIDTH_PX / widthPt,
    async ({ canvas }): Promise<PreviewPage> => ({ png: new Uint8Array(await canvas.encode('png')), width: canvas.width, height: canvas.height }),
  );
  return { pages: drawn.results, pageCount: drawn.pageCount };
}
