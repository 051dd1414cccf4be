/**
 * Text fitting for printed boxes: a field's text first shrinks (down to the box's smallest size), then
 * wraps (CJK text breaks between any two characters, Latin text at spaces where it can). Text that still
 * does not fit is marked `truncated` (cut with "…" so the preview can show where): a print job refuses
 * such a page with TEXT_TOO_LONG (main/features/print/pdf.ts) — it never leaves its box, because on a
 * pre-printed form the next box is another field and a spilled character makes the invoice unreadable.
 *
 * Pure: the width of a text is measured by the caller's font (main embeds the app's CJK font), so the
 * same rule serves any renderer. Positions are in mm; `top` is the top of the line's em box.
 */
import { POINTS_PER_MM, type TextBox } from './page.js';

/** Width in mm of `text` set in `face` at `sizePt`. */
export type MeasureText = (text: string, face: TextBox['face'], sizePt: number) => number;

export interface FittedLine {
  text: string;
  /** Left edge of the line's first glyph, in mm from the paper's left edge. */
  x: number;
  /** Top of the line's em box, in mm from the paper's top edge. */
  top: number;
  widthMm: number;
}

export interface FittedText {
  sizePt: number;
  lines: FittedLine[];
  /** True when even the smallest size could not hold the text: it is cut here, and a printed job refuses it. */
  truncated: boolean;
}

/** Line pitch as a multiple of the font size. */
export const LINE_HEIGHT = 1.15;
/** Nothing is printed smaller than this: below it a dot-matrix or laser print is no longer legible. */
export const ABSOLUTE_MIN_PT = 4;
const STEP_PT = 0.25;

const mm = (pt: number) => pt / POINTS_PER_MM;

/** Splits text into lines no wider than `width`; breaks at spaces in Latin runs, anywhere in CJK. */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    const chars = Array.from(paragraph);
    for (let i = 0; i < chars.length; i++) {
      const candidate = line + chars[i]!;
      if (line === '' || measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      // Prefer breaking after the last space of a Latin run, so words stay whole.
      const space = line.lastIndexOf(' ');
      if (space > 0 && /[A-Za-z0-9]/.test(chars[i]!)) {
        lines.push(line.slice(0, space));
        line = line.slice(space + 1) + chars[i]!;
      } else {
        lines.push(line);
        line = chars[i]!;
      }
    }
    lines.push(line);
  }
  return lines.map((l) => l.trimEnd());
}

function place(box: TextBox, sizePt: number, texts: string[], measure: MeasureText, truncated: boolean): FittedText {
  const pitch = mm(sizePt) * LINE_HEIGHT;
  const em = mm(sizePt);
  const blockHeight = pitch * (texts.length - 1) + em;
  // Centred vertically in the box, as the printing systems do on the real forms; 备注 starts at its top.
  const firstTop = box.valign === 'top' ? box.y : box.y + (box.h - blockHeight) / 2;
  const lines = texts.map((text, index) => {
    const widthMm = measure(text, box.face, sizePt);
    const x = box.align === 'left' ? box.x : box.align === 'right' ? box.x + box.w - widthMm : box.x + (box.w - widthMm) / 2;
    return { text, x, top: firstTop + index * pitch, widthMm };
  });
  return { sizePt, lines, truncated };
}

const blockFits = (box: TextBox, sizePt: number, count: number) => mm(sizePt) * (LINE_HEIGHT * (count - 1) + 1) <= box.h + 1e-9;

export function fitText(box: TextBox, measure: MeasureText): FittedText {
  const text = box.text.trim();
  if (text === '') return { sizePt: box.sizePt, lines: [], truncated: false };
  const min = Math.max(ABSOLUTE_MIN_PT, Math.min(box.minSizePt ?? box.sizePt * 0.7, box.sizePt));
  const widthAt = (sizePt: number) => (s: string) => measure(s, box.face, sizePt);
  // 1. Shrink on one line (a field reads best on one line).
  if (!text.includes('\n')) {
    for (let size = box.sizePt; size >= min - 1e-9; size -= STEP_PT) {
      if (widthAt(size)(text) <= box.w && blockFits(box, size, 1)) return place(box, size, [text], measure, false);
    }
  }
  // 2. Wrap, from the preferred size down to the smallest legible one.
  if (box.maxLines > 1) {
    for (let size = box.sizePt; size >= ABSOLUTE_MIN_PT - 1e-9; size -= STEP_PT) {
      const lines = wrapText(text, box.w, widthAt(size));
      if (lines.length <= box.maxLines && blockFits(box, size, lines.length)) return place(box, size, lines, measure, false);
    }
  }
  // 3. Cut: as many lines as the box holds at the smallest size, the last one ending in "…".
  const size = box.maxLines > 1 ? ABSOLUTE_MIN_PT : min;
  let room = 1;
  while (room < box.maxLines && blockFits(box, size, room + 1)) room++;
  const lines = wrapText(text, box.w, widthAt(size)).slice(0, room);
  let last = lines[room - 1] ?? '';
  while (last !== '' && widthAt(size)(`${last}…`) > box.w) last = Array.from(last).slice(0, -1).join('');
  lines[lines.length - 1] = `${last}…`;
  return place(box, size, lines, measure, true);
}
