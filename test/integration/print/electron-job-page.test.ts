/**
 * The Windows printer's job page (main/electron/printer.ts) in real Chromium, the engine Electron prints
 * with: the pages drawn by pdf.js at 300 dpi (print-pages.ts), the page that holds them, the check the
 * window answers before printing (every picture decoded, a frame painted), and the sheet's size that
 * page asks for — printed here to PDF with the page's own size, measured: 240 × 140 mm.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPrintPages } from '../../../main/electron/print-pages.js';
import { DRAWN_CHECK, isPrintJobUrl, jobPage } from '../../../main/electron/printer.js';
import { launchChromium } from '../../e2e/support/browser.js';

const MM = 72 / 25.4;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-print-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the Electron printer job page', () => {
  it('draws a 240 × 140 mm job, says when it is drawn, and asks for exactly that sheet', async () => {
    const source = await PDFDocument.create();
    const sheet = source.addPage([240 * MM, 140 * MM]);
    sheet.drawRectangle({ x: 10 * MM, y: 10 * MM, width: 220 * MM, height: 120 * MM, borderColor: rgb(0, 0, 0), borderWidth: 1 });
    const pages = await renderPrintPages(await source.save());
    expect(pages).toHaveLength(1);
    expect(pages[0]!.widthMm).toBeCloseTo(240, 0);
    expect(pages[0]!.heightMm).toBeCloseTo(140, 0);

    const request = { printer: 'x', pdf: new Uint8Array(), title: 't', paper: { widthMm: 240, heightMm: 140 }, copies: 1 };
    fs.writeFileSync(path.join(dir, 'page-1.png'), pages[0]!.png);
    const file = path.join(dir, 'job.html');
    fs.writeFileSync(file, jobPage(request, pages));
    expect(isPrintJobUrl(pathToFileURL(file).href)).toBe(true);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      expect(await page.evaluate(DRAWN_CHECK)).toBe(1);
      const printed = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      expect(printed.getPageCount()).toBe(1);
      const { width, height } = printed.getPage(0).getSize();
      expect(width / MM).toBeCloseTo(240, 0);
      expect(height / MM).toBeCloseTo(140, 0);
    } finally {
      await browser.close();
    }
  });
});
