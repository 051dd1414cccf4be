/**
 * A printed page as plain data, in millimetres from the paper's top-left corner (y grows downwards, as
 * a clerk measures a sheet with a ruler). One description is made per page and drawn by one renderer
 * (main/features/print/pdf.ts) for printing, print-to-PDF and the preview alike, so the preview is the
 * very page that goes to the printer.
 *
 * Two layers: `form` is what the pre-printed paper already carries (frame lines, captions, the title);
 * `data` is what the printer adds. A 套打 (overlay) job draws only `data`; the full form and the preview
 * draw both.
 */

export type FontFace = 'sans' | 'mono';
export type Align = 'left' | 'center' | 'right';
/** Where a block of lines sits in its box: centred (one-line fields) or from the top (备注, whose remark starts at the top). */
export type VAlign = 'middle' | 'top';
export type Layer = 'form' | 'data';

/** A box that holds text: the text shrinks, then wraps, and never leaves the box. */
export interface TextBox {
  kind: 'text';
  /** Stable name of the field ('buyer.name', 'line.3.je', 'caption.title'…): tests and the preview use it. */
  id: string;
  layer: Layer;
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
  face: FontFace;
  /** Preferred size in points; the fitter goes down to `minSizePt` before wrapping. */
  sizePt: number;
  minSizePt?: number;
  /** Lines the text may wrap to (1 = never wraps; then it only shrinks). */
  maxLines: number;
  align: Align;
  valign?: VAlign;
  /** Spread the characters over the box's width (the captions of the pre-printed form: 购 买 方). */
  vertical?: boolean;
  color?: 'black' | 'form';
}

export interface LineItem {
  kind: 'line';
  layer: Layer;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  widthMm: number;
  color?: 'black' | 'form';
}

/** A circled cross ⊗ (printed before the amount in words on the real forms). */
export interface CrossMark {
  kind: 'cross';
  layer: Layer;
  x: number;
  y: number;
  size: number;
}

/**
 * A QR code (the invoice's `ewm`): `size` is the symbol's side in mm (its dark modules' extent); a quiet
 * zone of four modules around it is left blank. Encoded by the renderer (main), so pages stay plain data.
 */
export interface QrItem {
  kind: 'qr';
  layer: Layer;
  id: string;
  x: number;
  y: number;
  size: number;
  payload: string;
}

export type PageItem = TextBox | LineItem | CrossMark | QrItem;

export interface Page {
  widthMm: number;
  heightMm: number;
  items: PageItem[];
}

/** A box of a layout before its text is known: position, face and how far its text may shrink and wrap. */
export interface BoxSpec {
  x: number;
  y: number;
  w: number;
  h: number;
  face?: FontFace;
  sizePt?: number;
  minSizePt?: number;
  maxLines?: number;
  align?: Align;
  valign?: VAlign;
}

export const POINTS_PER_MM = 72 / 25.4;

/** A text box of the data layer at a layout's box. */
export function dataBox(id: string, spec: BoxSpec, text: string): TextBox {
  return {
    kind: 'text',
    id,
    layer: 'data',
    x: spec.x,
    y: spec.y,
    w: spec.w,
    h: spec.h,
    text,
    face: spec.face ?? 'sans',
    sizePt: spec.sizePt ?? 9,
    ...(spec.minSizePt === undefined ? {} : { minSizePt: spec.minSizePt }),
    maxLines: spec.maxLines ?? 1,
    align: spec.align ?? 'left',
    ...(spec.valign ? { valign: spec.valign } : {}),
  };
}

/** Moves every item of a page by a calibration offset (down and right, in mm; negative moves up/left). */
export function offsetPage(page: Page, downMm: number, rightMm: number): Page {
  if (downMm === 0 && rightMm === 0) return page;
  return {
    ...page,
    items: page.items.map((item) => {
      if (item.kind === 'line') return { ...item, x1: item.x1 + rightMm, x2: item.x2 + rightMm, y1: item.y1 + downMm, y2: item.y2 + downMm };
      return { ...item, x: item.x + rightMm, y: item.y + downMm };
    }),
  };
}
