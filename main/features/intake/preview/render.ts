/**
 * The review pane's preview of a kept file, drawn on a worker thread: PDF and OFD pages as PNG images (the
 * renderer never reads the disk and cannot draw these formats itself). Pictures are shown as they are and
 * XML has no pages: both give no pages here.
 */
import { sniffFileKind } from '../../../../extraction/index.js';
import type { Preview } from './canvas.js';
import { renderOfdPages } from './ofd-pages.js';
import { renderPdfPages } from './pdf-pages.js';

export type { Preview, PreviewPage } from './canvas.js';

export async function renderPreview(bytes: Uint8Array): Promise<Preview> {
  const kind = sniffFileKind(bytes);
  if (kind === 'pdf') return renderPdfPages(bytes);
  if (kind === 'zip') return renderOfdPages(bytes);
  return { pages: [], pageCount: 0 };
}
