/**
 * Every layout against its paper: no box outside the sheet, no two boxes overlapping (a field printed
 * into its neighbour's box makes the invoice unreadable), and the text fitter never lets text leave a box.
 */
import { describe, expect, it } from 'vitest';
import { calibrationPage } from '../../../shared/print/calibration.js';
import { goodsListPages, invoicePage } from '../../../shared/print/compose.js';
import type { Page, TextBox } from '../../../shared/print/page.js';
import { FORM_HEIGHT_MM, FORM_WIDTH_MM } from '../../../shared/print/layouts/invoice-form.js';
import { renderPdf, resolvePages, TextTooLongError } from '../../../main/features/print/pdf.js';
import { formRules, QR_BOX, RULE_MARGIN_MM, TOTALS_ROW } from '../../../shared/print/layouts/invoice-form.js';
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

  it('text that fits nowhere refuses the page: renderPdf names the field instead of printing it cut', async () => {
    const page = invoicePage(samplePrintData(3, { ghdwdzdh: '很长的地址'.repeat(60) }), { fplxdm: '004' });
    const refused = await renderPdf([page], { layers: ['data'] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TextTooLongError);
    expect((refused as TextTooLongError).fields).toEqual(['field.buyerAddress']);
  });
});

/** A box grown by the margin crosses a rule segment (the rule's own ink is ignored: 0.25 mm is well within 1 mm). */
function nearRule(box: { x: number; y: number; w: number; h: number }, [x1, y1, x2, y2]: [number, number, number, number], margin: number): boolean {
  const left = box.x - margin + EPS;
  const right = box.x + box.w + margin - EPS;
  const top = box.y - margin + EPS;
  const bottom = box.y + box.h + margin - EPS;
  if (y1 === y2) return y1 > top && y1 < bottom && Math.max(x1, x2) > left && Math.min(x1, x2) < right;
  return x1 > left && x1 < right && Math.max(y1, y2) > top && Math.min(y1, y2) < bottom;
}

describe('the 004/007 face against its pre-printed rules (issue 21)', () => {
  const cases = [
    ['004', 'hx'],
    ['004', 'bw'],
    ['007', 'hx'],
    ['007', 'bw'],
  ] as const;

  it.each(cases)('%s, edition %s: every data box and the QR code keep 1 mm from every rule', (fplxdm, edition) => {
    const page = invoicePage(samplePrintData(8), { fplxdm, edition });
    const rules = formRules();
    const near: string[] = [];
    for (const item of page.items) {
      if (item.layer !== 'data' || item.kind === 'line') continue;
      const box = item.kind === 'text' ? item : { x: item.x, y: item.y, w: item.size, h: item.size };
      for (const rule of rules) if (nearRule(box, rule, RULE_MARGIN_MM)) near.push(`${item.kind === 'text' ? item.id : item.kind} × ${rule.join(',')}`);
    }
    expect(near).toEqual([]);
  });

  it('8 goods rows above the 合计 row, each column box inside its column', () => {
    const page = invoicePage(samplePrintData(8), { fplxdm: '004' });
    const rows = boxes(page).filter((box) => /^line\.\d\.amount$/.test(box.id));
    expect(rows).toHaveLength(8);
    expect(Math.max(...rows.map((box) => box.y + box.h))).toBeLessThanOrEqual(TOTALS_ROW.y + EPS);
    const total = boxes(page).find((box) => box.id === 'field.totalAmount')!;
    expect(total.y).toBe(TOTALS_ROW.y);
  });

  it('the QR code: ewm at the top left, 16–18.5 mm square, 16–19 mm from the left and 6–11 mm from the top', () => {
    const page = invoicePage(samplePrintData(2), { fplxdm: '007' });
    const qr = page.items.find((item) => item.kind === 'qr');
    expect(qr).toMatchObject({ payload: samplePrintData(2).ewm, ...QR_BOX });
    expect(QR_BOX.size).toBeGreaterThanOrEqual(16);
    expect(QR_BOX.size).toBeLessThanOrEqual(18.5);
    expect(QR_BOX.x).toBeGreaterThanOrEqual(16);
    expect(QR_BOX.x).toBeLessThanOrEqual(19);
    expect(QR_BOX.y).toBeGreaterThanOrEqual(6);
    expect(QR_BOX.y).toBeLessThanOrEqual(11);
    expect(invoicePage(samplePrintData(2, { ewm: '' }), { fplxdm: '007' }).items.some((item) => item.kind === 'qr')).toBe(false);
  });

  it('editions: 航信 puts 校验码 at the top left of a 007; 百望 puts 机器编号 there and 校验码 first in 备注; a 004 always 机器编号', () => {
    const texts = (fplxdm: '004' | '007', edition: 'hx' | 'bw') => Object.fromEntries(boxes(invoicePage(samplePrintData(2), { fplxdm, edition })).map((box) => [box.id, box.text]));
    const hx = texts('007', 'hx');
    expect(hx['field.checkCode']).toBe('校验码 12345 67890 12345 67890');
    expect(hx['field.machine']).toBeUndefined();
    expect(hx['field.remark']).toBe('合同号 HT-2026-118');
    const bw = texts('007', 'bw');
    expect(bw['field.checkCode']).toBeUndefined();
    expect(bw['field.machine']).toBe('机器编号：0817');
    expect(bw['field.remark']).toBe('校验码 12345 67890 12345 67890\n合同号 HT-2026-118');
    for (const edition of ['hx', 'bw'] as const) {
      const special = texts('004', edition);
      expect(special['field.machine']).toBe('机器编号：0817');
      expect(special['field.checkCode']).toBeUndefined();
      expect(special['field.remark']).toBe('合同号 HT-2026-118');
    }
  });

  it('the remark starts at the top of 备注', () => {
    const [resolved] = resolvePages([invoicePage(samplePrintData(2), { fplxdm: '004' })], { layers: ['data'] });
    const remark = resolved!.texts.find((text) => text.box.id === 'field.remark')!;
    expect(remark.fitted.lines[0]!.top).toBe(remark.box.y);
  });

  it("a 007's zero tax prints ***; a 004's prints 0.00", () => {
    const exempt = samplePrintData(2);
    exempt.details = exempt.details.map((line) => ({ ...line, sl: '0', se: '0.00', lslbs: '1' }));
    exempt.hjse = '0.00';
    const text = (fplxdm: '004' | '007', id: string) => boxes(invoicePage(exempt, { fplxdm })).find((box) => box.id === id)?.text;
    expect(text('007', 'line.1.tax')).toBe('***');
    expect(text('007', 'line.1.rate')).toBe('免税');
    expect(text('007', 'field.totalTax')).toBe('***');
    expect(text('004', 'line.1.tax')).toBe('0.00');
    expect(text('004', 'field.totalTax')).toBe('¥0.00');
  });
});
