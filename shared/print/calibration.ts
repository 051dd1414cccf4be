/**
 * The calibration page: rulers along the top and left edges (a tick every millimetre, longer every 5,
 * numbered every 10) and cross-hairs at known points. The clerk prints it on a blank sheet of the form's
 * size, measures where a cross-hair's centre actually landed, and enters the difference as the printer's
 * offsets (down / right, mm); every later job on that printer is moved by exactly those offsets.
 */
import { dataBox, type Page, type PageItem } from './page.js';

/** Where the cross-hairs are, in mm from the top-left corner of the paper. */
export const CROSSHAIRS = [
  { x: 30, y: 30 },
  { x: 120, y: 70 },
  { x: 210, y: 110 },
] as const;

export function calibrationPage(widthMm: number, heightMm: number, printer: string): Page {
  const items: PageItem[] = [];
  const line = (x1: number, y1: number, x2: number, y2: number, widthMm = 0.15): PageItem => ({ kind: 'line', layer: 'data', x1, y1, x2, y2, widthMm });
  for (let x = 0; x <= widthMm; x++) {
    const length = x % 10 === 0 ? 6 : x % 5 === 0 ? 4 : 2;
    items.push(line(x, 0, x, length));
    if (x % 10 === 0 && x > 0 && x < widthMm) items.push(dataBox(`ruler.x.${x}`, { x: x + 0.5, y: 6.2, w: 8, h: 3, sizePt: 6 }, String(x)));
  }
  for (let y = 0; y <= heightMm; y++) {
    const length = y % 10 === 0 ? 6 : y % 5 === 0 ? 4 : 2;
    items.push(line(0, y, length, y));
    if (y % 10 === 0 && y > 10 && y < heightMm) items.push(dataBox(`ruler.y.${y}`, { x: 6.5, y: y - 1.5, w: 7, h: 3, sizePt: 6 }, String(y)));
  }
  for (const { x, y } of CROSSHAIRS) {
    items.push(line(x - 8, y, x + 8, y, 0.2), line(x, y - 8, x, y + 8, 0.2));
    items.push({ kind: 'cross', layer: 'data', x: x - 1.5, y: y - 1.5, size: 3 });
    items.push(dataBox(`crosshair.${x}.${y}`, { x: x + 2, y: y + 2, w: 26, h: 4, sizePt: 7 }, `(${x}, ${y}) mm`));
  }
  items.push(dataBox('calibration.title', { x: 40, y: 12, w: 160, h: 6, sizePt: 11, align: 'center' }, `校准页 ${printer} ${widthMm}×${heightMm} mm`));
  items.push(
    dataBox(
      'calibration.help',
      { x: 40, y: 19, w: 160, h: 8, sizePt: 8, maxLines: 2, align: 'center' },
      '量出十字中心实际落点与标注位置之差：落点偏下 d 毫米，“向下”填 −d；偏右 d 毫米，“向右”填 −d；偏上、偏左填正数。',
    ),
  );
  return { widthMm, heightMm, items };
}
