/**
 * The preview as plain data for the renderer (print:preview): the same fitted lines the PDF draws, the QR
 * code's modules, and why a print job would refuse the page (no QR code in the print data, text too long
 * for its box) — so the clerk sees the problem before a form is spent.
 */
import type { PreviewPage } from '../../../shared/ipc/schemas/print.js';
import type { Page } from '../../../shared/print/page.js';
import { overflowingFields, resolvePages } from './pdf.js';
import { encodeQr } from './qr.js';

export type PreviewProblem = { code: 'NO_QR_CODE' | 'TEXT_TOO_LONG'; fields: string[] };

export function previewPages(pages: Page[]): { pages: PreviewPage[]; overflowing: string[] } {
  const resolved = resolvePages(pages, { layers: ['form', 'data'] });
  const preview = resolved.map(({ page, texts }) => ({
    widthMm: page.widthMm,
    heightMm: page.heightMm,
    items: [
      ...page.items.flatMap((item): PreviewPage['items'] => {
        if (item.kind === 'line') return [{ kind: 'line' as const, layer: item.layer, x1: item.x1, y1: item.y1, x2: item.x2, y2: item.y2, widthMm: item.widthMm, form: item.color === 'form' }];
        if (item.kind === 'cross') return [{ kind: 'cross' as const, layer: item.layer, x: item.x, y: item.y, size: item.size }];
        if (item.kind === 'qr') {
          const rows = encodeQr(item.payload).rows.map((row) => row.map((dark) => (dark ? '1' : '0')).join(''));
          return [{ kind: 'qr' as const, id: item.id, layer: item.layer, x: item.x, y: item.y, size: item.size, rows }];
        }
        return [];
      }),
      ...texts.map(({ box, fitted }): PreviewPage['items'][number] => ({
        kind: 'text' as const,
        id: box.id,
        layer: box.layer,
        form: box.color === 'form',
        mono: box.face === 'mono',
        sizePt: fitted.sizePt,
        truncated: fitted.truncated,
        lines: fitted.lines,
      })),
    ],
  }));
  // Only the data layer is printed on the pre-printed form; a form caption never refuses a job.
  return { pages: preview, overflowing: overflowingFields(resolved.map((page) => ({ ...page, texts: page.texts.filter((text) => text.box.layer === 'data') }))) };
}
