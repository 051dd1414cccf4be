/**
 * The one renderer of page descriptions (shared/print/page.ts) to PDF, used for printing, print-to-PDF
 * and the preview. Text is fitted here (shared/print/fit.ts, measured with the embedded font) and every
 * line is drawn where the fit put it, so `resolvePages` — which tests use to know where a field's text
 * must appear — and the PDF always agree.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fitText, type FittedText, type MeasureText } from '../../../shared/print/fit.js';
import { offsetPage, POINTS_PER_MM, type Layer, type Page, type TextBox } from '../../../shared/print/page.js';
import { darkRuns, encodeQr } from './qr.js';
import { COURIER_ADVANCE_EM, EM_TOP_ABOVE_BASELINE, printFontBytes, printTextMetrics, sharedFontkit } from './font.js';

export interface RenderOptions {
  /** Which layers to draw: ['data'] for 套打 on the pre-printed form, both for plain paper and the preview. */
  layers: readonly Layer[];
  /** Calibration of the printer: every item moves down / right by these mm (negative: up / left). */
  offset?: { downMm: number; rightMm: number };
  /** Document title (shown by PDF viewers and as the CUPS job name). */
  title?: string;
}

export interface ResolvedText {
  box: TextBox;
  fitted: FittedText;
}

export interface ResolvedPage {
  page: Page;
  texts: ResolvedText[];
}

/**
 * Text that would not fit its box even at the smallest size and wrapped: a page is refused rather than
 * printed with a value cut or spilled into its neighbour (the job fails with TEXT_TOO_LONG naming the fields).
 */
export class TextTooLongError extends Error {
  constructor(readonly fields: string[]) {
    super(`text does not fit: ${fields.join(', ')}`);
    this.name = 'TextTooLongError';
  }
}

/** Ids of the boxes whose text had to be cut (in the given layers). */
export function overflowingFields(resolved: readonly ResolvedPage[]): string[] {
  return resolved.flatMap((page) => page.texts.filter((text) => text.fitted.truncated).map((text) => text.box.id));
}

const FORM_COLOR = rgb(0.55, 0.15, 0.1);
const INK = rgb(0, 0, 0);

/** Characters Courier (WinAnsi) can draw; anything else in a mono box falls back to the sans face. */
const isPrintableAscii = (text: string) => /^[\x20-\x7e\n]*$/.test(text);

export function measureText(): MeasureText {
  const metrics = printTextMetrics();
  return (text, face, sizePt) => {
    const points = face === 'mono' && isPrintableAscii(text) ? Array.from(text).length * COURIER_ADVANCE_EM * sizePt : metrics.sansWidthPt(text, sizePt);
    return points / POINTS_PER_MM;
  };
}

/** Fits every text box of the pages (after the calibration offset) without drawing anything. */
export function resolvePages(pages: readonly Page[], options: Pick<RenderOptions, 'layers' | 'offset'>): ResolvedPage[] {
  const measure = measureText();
  return pages.map((original) => {
    const page = options.offset ? offsetPage(original, options.offset.downMm, options.offset.rightMm) : original;
    const texts = page.items
      .filter((item): item is TextBox => item.kind === 'text' && options.layers.includes(item.layer))
      .map((original) => {
        const box = original.face === 'mono' && !isPrintableAscii(original.text) ? { ...original, face: 'sans' as const } : original;
        return { box, fitted: fitText(box, measure) };
      });
    return { page, texts };
  });
}

function drawPage(pdfPage: PDFPage, resolved: ResolvedPage, fonts: { sans: PDFFont; mono: PDFFont }, layers: readonly Layer[]): void {
  const heightPt = resolved.page.heightMm * POINTS_PER_MM;
  const px = (mm: number) => mm * POINTS_PER_MM;
  const py = (mm: number) => heightPt - mm * POINTS_PER_MM;
  for (const item of resolved.page.items) {
    if (!layers.includes(item.layer)) continue;
    const color = 'color' in item && item.color === 'form' ? FORM_COLOR : INK;
    if (item.kind === 'line') {
      pdfPage.drawLine({ start: { x: px(item.x1), y: py(item.y1) }, end: { x: px(item.x2), y: py(item.y2) }, thickness: px(item.widthMm), color });
    } else if (item.kind === 'cross') {
      const r = item.size / 2;
      const cx = item.x + r;
      const cy = item.y + r;
      pdfPage.drawCircle({ x: px(cx), y: py(cy), size: px(r), borderWidth: 0.6, borderColor: INK });
      const d = r * Math.SQRT1_2;
      pdfPage.drawLine({ start: { x: px(cx - d), y: py(cy - d) }, end: { x: px(cx + d), y: py(cy + d) }, thickness: 0.6, color: INK });
      pdfPage.drawLine({ start: { x: px(cx - d), y: py(cy + d) }, end: { x: px(cx + d), y: py(cy - d) }, thickness: 0.6, color: INK });
    } else if (item.kind === 'qr') {
      const symbol = encodeQr(item.payload);
      const module = item.size / symbol.size;
      for (const run of darkRuns(symbol)) {
        const top = item.y + run.y * module;
        pdfPage.drawRectangle({ x: px(item.x + run.x * module), y: py(top + module), width: px(run.length * module), height: px(module), color: INK, borderWidth: 0 });
      }
    }
  }
  for (const { box, fitted } of resolved.texts) {
    const font = box.face === 'mono' ? fonts.mono : fonts.sans;
    const color = box.color === 'form' ? FORM_COLOR : INK;
    const emMm = fitted.sizePt / POINTS_PER_MM;
    for (const line of fitted.lines) {
      pdfPage.drawText(line.text, { x: px(line.x), y: py(line.top + EM_TOP_ABOVE_BASELINE * emMm), size: fitted.sizePt, font, color });
    }
  }
}

/** Draws the pages into one PDF (one PDF page per description). */
export async function renderPdf(pages: readonly Page[], options: RenderOptions): Promise<Uint8Array> {
  const resolvedPages = resolvePages(pages, options);
  const overflowing = overflowingFields(resolvedPages);
  if (overflowing.length > 0) throw new TextTooLongError(overflowing);
  const bytes = printFontBytes();
  const doc = await PDFDocument.create();
  doc.registerFontkit(sharedFontkit());
  if (options.title) doc.setTitle(options.title);
  doc.setCreator('Fapiao Desk');
  doc.setProducer('Fapiao Desk');
  const fonts = { sans: await doc.embedFont(bytes, { subset: true }), mono: await doc.embedFont(StandardFonts.Courier) };
  for (const resolved of resolvedPages) {
    const pdfPage = doc.addPage([resolved.page.widthMm * POINTS_PER_MM, resolved.page.heightMm * POINTS_PER_MM]);
    drawPage(pdfPage, resolved, fonts, options.layers);
  }
  return doc.save();
}

/** The first page's size of a PDF in whole mm (the sheet an electronic invoice's layout file is made for). */
export async function pdfPaper(pdf: Uint8Array): Promise<{ widthMm: number; heightMm: number }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const { width, height } = doc.getPage(0).getSize();
  return { widthMm: Math.round(width / POINTS_PER_MM), heightMm: Math.round(height / POINTS_PER_MM) };
}
