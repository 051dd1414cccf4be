/**
 * Every layout against its paper: no box outside the sheet, no two boxes overlapping (a field printed
 * into its neighbour's box makes the invoice unreadable), and the text fitter never lets text leave a box.
 */
import { describe, expect, it } from 'vitest';
import { calibrationPage } from '../../../shared/print/calibration.js';
import { goodsListPages, invoicePage } from '../../../shared/print/compose.js';
import type { Page, TextBox } from '../../../shared/print/page.js';
import { FORM_HEIGHT_MM, FORM_WIDTH_MM } from '../../../shared/print/layouts/invoice-form.js';
import { resolvePages } from '../../../main/features/print/pdf.js';
import { samplePrintData } from '../../support/print-data.js';

const EPS = 1e-6;
const boxes = (page: Page) => page.items.filter((item): item is TextBox => item.kind === 'text');
const overlap = (a: TextBox, b: TextBox) => a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;

function expectLaidOut(page: Page): void {
  const all = boxes(page);
  expect(all.length).toBeGreaterThan(10);
  for (const box of all) {
    expect(box.x, box.id).toBeGreaterThanOrEqual(0);
    expect(box.y, box.id).toBeGreaterThanOrEqual(0);
    expect(box.x + box.w, box.id).toBeLessThanOrEqual(page.widthMm + EPS);
    expect(box.y + box.h, box.id).toBeLessThanOrEqual(page.heightMm + EPS);
  }
  const clashes: string[] = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) if (overlap(all[i]!, all[j]!)) clashes.push(`${all[i]!.id} × ${all[j]!.id}`);
  expect(clashes).toEqual([]);
  for (const item of page.items) {
    if (item.kind !== 'line') continue;
    for (const [x, y] of [[item.x1, item.y1], [item.x2, item.y2]] as const) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(page.widthMm);
      expect(y).toBeLessThanOrEqual(page.heightMm);
    }
  }
}

describe('print layouts', () => {
  it.each(['004', '007'] as const)('the %s form: every box on the 240 × 140 mm paper and none overlapping', (fplxdm) => {
    const page = invoicePage(samplePrintData(8, { fpzt: '01' }), { fplxdm });
    expect([page.widthMm, page.heightMm]).toEqual([FORM_WIDTH_MM, FORM_HEIGHT_MM]);
    expectLaidOut(page);
    const ids = boxes(page).map((box) => box.id);
    expect(ids).toContain('field.negative');
    expect(ids.includes('field.checkCode')).toBe(fplxdm === '007');
    expect(ids.filter((id) => id.endsWith('.name') && id.startsWith('line.'))).toHaveLength(8);
  });

  it('the goods list: every page on A4, none overlapping, 第 n 页 共 m 页', () => {
    const pages = goodsListPages(samplePrintData(23));
    expect(pages).toHaveLength(3);
    pages.forEach((page, index) => {
      expectLaidOut(page);
      expect(boxes(page).find((box) => box.id === 'list.pageOf')?.text).toBe(`第 ${index + 1} 页 共 3 页`);
    });
  });

  it('the calibration page: rulers and cross-hairs inside the paper', () => {
    expectLaidOut(calibrationPage(FORM_WIDTH_MM, FORM_HEIGHT_MM, 'PDF'));
  });

  it('text that does not fit shrinks, then wraps, and never leaves its box', () => {
    const long = '北京某某某某某某国际供应链管理与信息技术服务股份有限公司第一分公司（朝阳区建国路营业部）';
    const data = samplePrintData(3, { ghdwmc: long, bz: long.repeat(4), ghdwdzdh: 'x'.repeat(300) });
    const [resolved] = resolvePages([invoicePage(data, { fplxdm: '004' })], { layers: ['data', 'form'] });
    for (const { box, fitted } of resolved!.texts) {
      for (const line of fitted.lines) {
        expect(line.x, box.id).toBeGreaterThanOrEqual(box.x - EPS);
        expect(line.x + line.widthMm, box.id).toBeLessThanOrEqual(box.x + box.w + 1e-3);
        expect(line.top, box.id).toBeGreaterThanOrEqual(box.y - EPS);
      }
      expect(fitted.lines.length, box.id).toBeLessThanOrEqual(box.maxLines);
    }
    const name = resolved!.texts.find((t) => t.box.id === 'field.buyerName')!;
    expect(name.fitted.lines.length).toBe(2);
    expect(name.fitted.lines.map((l) => l.text).join('')).toBe(long);
    const address = resolved!.texts.find((t) => t.box.id === 'field.buyerAddress')!;
    expect(address.fitted.truncated).toBe(true);
  });
});
