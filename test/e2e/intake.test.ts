/**
 * @needs sane
 * Intake end to end in Chromium against the harness (embedded sandbox over real HTTP, real SQLite): the
 * clerk drops a mixed batch — a PNG with a QR, a PDF e-invoice, an OFD, a digital-electronic XML and a
 * photo without a readable QR — four are filled locally, the photo goes to recognition; the clerk reviews
 * (typing the photo's fields, Enter accepts and opens the next), verifies (consistent, field comparison),
 * sees the ledger and exports it; the same PDF dropped again is flagged 重复; a scan from SANE's test
 * device and a file written into the scan folder reach the queue. Screenshots in test/e2e/artifacts/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness/server.js';
import { qrPng, sidewaysQrPng } from '../support/intake-fixtures.js';
import { digitalXml, photoJpeg } from '../support/intake-files.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { drop, item, knownSpecialInvoice } from './support/intake.js';

const FIXTURES = path.resolve('test/fixtures/intake');
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-intake-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('intake', () => {
  it('drop a mixed batch → local extraction / recognition → review → verification → ledger; duplicates; scanner; scan folder', async () => {
    const harness = await startHarness({ dataDir, core: { sandboxControlApi: true } });
    try {
      // The seeded tax authority, through the sandbox's test-only control API (not its database).
      const info = (await harness.core.router.dispatch('app:info', {})) as { ok: true; value: { serviceBaseUrl: string } };
      const known = await knownSpecialInvoice(info.value.serviceBaseUrl);

      const page = await browser.newPage({ viewport: { width: 1500, height: 1100 }, locale: 'zh-CN' });
      const errors = collectPageErrors(page);
      await page.goto(harness.url);
      await page.getByTestId('environment-banner').waitFor();
      await page.getByTestId('nav-intake').click();
      await page.getByTestId('intake-view').waitFor();

      const pdf = fs.readFileSync(path.join(FIXTURES, 'pdf-05-legacy-beijing-ordinary.pdf'));
      await drop(page, [
        { name: '专票二维码.png', bytes: await qrPng(`01,01,${known.fpdm},${known.fphm},${known.hjje},${known.kprq},${known.jym},0000,`), type: 'image/png' },
        { name: '电子普票.pdf', bytes: pdf, type: 'application/pdf' },
        { name: '电子普票.ofd', bytes: fs.readFileSync(path.join(FIXTURES, 'ofd-01-ofdrw-converter-1.ofd')), type: 'application/ofd' },
        { name: '数电发票.xml', bytes: digitalXml(), type: 'text/xml' },
        { name: '手机照片.jpg', bytes: photoJpeg(900, 700, 6), type: 'image/jpeg' },
      ]);
      for (const name of ['专票二维码.png', '电子普票.pdf', '电子普票.ofd', '数电发票.xml']) {
        await expect.poll(() => item(page, name).getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      }
      await expect.poll(() => item(page, '手机照片.jpg').getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      await screenshot(page, 'intake-1-queue');

      // Four filled locally, no recognition spent on them; the photo (no readable QR) went to recognition.
      for (const name of ['专票二维码.png', '电子普票.pdf', '电子普票.ofd', '数电发票.xml']) expect(await item(page, name).getAttribute('data-recognised')).toBe('false');
      expect(await item(page, '手机照片.jpg').getAttribute('data-recognised')).toBe('true');
      expect(await item(page, '手机照片.jpg').getByTestId('intake-recognised').innerText()).toBe('已送识别');
      await item(page, '专票二维码.png').click();
      await expect.poll(() => page.getByTestId('intake-field-fphm').inputValue()).toBe(known.fphm);
      expect(await page.getByTestId('intake-source-fphm').innerText()).toBe('二维码');
      // The file beside its fields: pictures as they are, PDF and OFD as pages drawn by main; zoom.
      const previewPage = page.getByTestId('intake-preview-page').first();
      const drawnWidth = () => previewPage.evaluate((img) => (img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0);
      await expect.poll(() => page.getByTestId('intake-preview-image').getAttribute('data-rotation')).toBe('0');
      await item(page, '电子普票.ofd').click();
      await expect.poll(() => page.getByTestId('intake-field-fphm').inputValue()).toBe('83089647');
      expect(await page.getByTestId('intake-source-fphm').innerText()).toBe('OFD');
      await previewPage.waitFor({ timeout: 60_000 });
      await expect.poll(drawnWidth).toBe(1400);
      await screenshot(page, 'intake-2a-review-ofd');
      await item(page, '电子普票.pdf').click();
      await expect.poll(() => page.getByTestId('intake-field-gmfsbh').inputValue()).toBe('91110108587665983J');
      expect(await page.getByTestId('intake-source-gmfsbh').innerText()).toBe('PDF');
      await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe('电子普票.pdf');
      await previewPage.waitFor({ timeout: 60_000 });
      await expect.poll(drawnWidth).toBe(1400);
      await screenshot(page, 'intake-2-review-pdf');
      const shownWidth = () => previewPage.evaluate((img) => img.getBoundingClientRect().width);
      const before100 = await shownWidth();
      await page.getByTestId('intake-zoom-in').click();
      await page.getByTestId('intake-zoom-in').click();
      await expect.poll(() => page.getByTestId('intake-zoom-level').innerText()).toBe('200%');
      await expect.poll(shownWidth).toBeCloseTo(before100 * 2, 0);
      await screenshot(page, 'intake-2b-review-pdf-zoomed');
      // Keyboard: 0 resets while the preview has focus.
      await page.getByTestId('intake-preview').focus();
      await page.keyboard.press('0');
      await expect.poll(() => page.getByTestId('intake-zoom-level').innerText()).toBe('100%');
      // A picture of a sheet fed sideways: the QR reader's rotation (recognition's XZJD) turns it upright.
      await drop(page, [{ name: '横放扫描.png', bytes: sidewaysQrPng('01,10,044031900111,55667788,66.00,20240302,09876543210987655566,FFFF,'), type: 'image/png' }]);
      await expect.poll(() => item(page, '横放扫描.png').getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      await item(page, '横放扫描.png').click();
      await expect.poll(() => page.getByTestId('intake-preview-image').getAttribute('data-rotation')).toBe('90');
      expect(await page.getByTestId('intake-preview-image').getAttribute('style')).toContain('rotate(-90deg)');
      await screenshot(page, 'intake-2c-picture-turned-upright');

      // The photo: recognition found nothing readable; the clerk types, checked live; Enter accepts and opens the next.
      await item(page, '手机照片.jpg').click();
      await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe('手机照片.jpg');
      await page.getByTestId('intake-field-fpzl').fill('04');
      await page.getByTestId('intake-field-fpdm').fill('04403');
      await expect.poll(() => page.getByTestId('intake-problem-fpdm').innerText()).toContain('10 或 12 位');
      await screenshot(page, 'intake-3-typing-checked');
      await page.getByTestId('intake-field-fpdm').fill('044031900111');
      await page.getByTestId('intake-field-fphm').fill('87654321');
      await page.getByTestId('intake-field-kprq').fill('20240302');
      await page.getByTestId('intake-field-jym').fill('09876543210987654321');
      expect(await page.getByTestId('intake-source-fphm').innerText()).toBe('手工');
      await page.getByTestId('intake-field-jym').press('Enter');
      await expect.poll(() => item(page, '手机照片.jpg').getAttribute('data-status')).toBe('accepted');
      await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).not.toBe('手机照片.jpg');

      // Verification of the known special invoice: consistent, compared field by field.
      await item(page, '专票二维码.png').click();
      await page.getByTestId('intake-accept').click();
      await expect.poll(() => item(page, '专票二维码.png').getAttribute('data-status')).toBe('accepted');
      await item(page, '专票二维码.png').click();
      await page.getByTestId('intake-verify').click();
      await expect.poll(() => page.getByTestId('intake-verification').getAttribute('data-code'), { timeout: 60_000 }).toBe('0001');
      expect(await page.getByTestId('intake-verification').innerText()).toContain('查验一致');
      expect(await page.locator('[data-testid="intake-comparison"] tr[data-same="true"]').count()).toBeGreaterThan(3);
      await screenshot(page, 'intake-4-verified');

      // The same PDF again: flagged 重复 with a link to the first.
      await drop(page, [{ name: '电子普票-再次.pdf', bytes: pdf, type: 'application/pdf' }]);
      await expect.poll(() => item(page, '电子普票-再次.pdf').getAttribute('data-status'), { timeout: 120_000 }).toBe('duplicate');
      await item(page, '电子普票-再次.pdf').click();
      expect(await page.getByTestId('intake-duplicate-of').innerText()).toContain('电子普票.pdf');
      await screenshot(page, 'intake-5-duplicate');
      await page.getByTestId('intake-open-first').click();
      await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe('电子普票.pdf');

      // A scan from SANE's test device reaches the queue.
      await expect.poll(() => page.getByTestId('intake-scan').isVisible(), { timeout: 60_000 }).toBe(true);
      const before = await page.getByTestId('intake-item').count();
      await page.getByTestId('intake-scan').click();
      await expect.poll(() => page.locator('[data-testid="intake-item"][data-name^="scan-"]').count(), { timeout: 120_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('intake-item').count()).toBeGreaterThan(before);

      // A file written into the scan folder is taken.
      const folder = path.join(dataDir, 'scan-folder');
      fs.mkdirSync(folder);
      harness.nextFolder = folder;
      await page.getByTestId('intake-scan-folder-choose').click();
      await expect.poll(() => page.getByText(`正在监视扫描文件夹：${folder}`).count()).toBeGreaterThan(0);
      fs.writeFileSync(path.join(folder, '扫描仪输出.png'), await qrPng('01,32,,24312000000099999999,880.00,20240416,,C3D4'));
      await expect.poll(() => item(page, '扫描仪输出.png').getAttribute('data-status'), { timeout: 60_000 }).toBe('ready');
      await screenshot(page, 'intake-6-scanner-and-folder');

      // The 报销台账 holds what the clerk accepted: two so far, three more now.
      for (const name of ['数电发票.xml', '横放扫描.png', '扫描仪输出.png']) {
        await item(page, name).click();
        await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe(name);
        await page.getByTestId('intake-accept').click();
        await expect.poll(() => item(page, name).getAttribute('data-status')).toBe('accepted');
      }

      // The ledger: totals, the duplicate filter, the export.
      await page.getByTestId('intake-tab-ledger').click();
      await page.getByTestId('ledger-search').click();
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(5);
      expect(await page.getByTestId('ledger-totals').innerText()).toContain('重复不计');
      await page.getByTestId('ledger-state').click();
      await page.locator('.ant-select-item-option-content', { hasText: '查验一致' }).click();
      await page.getByTestId('ledger-search').click();
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(1);
      await screenshot(page, 'intake-7-ledger');
      await page.getByTestId('ledger-export').click();
      await expect.poll(() => harness.savedPaths.length).toBe(1);
      // The dialog answers before the workbook is written: wait for the app to say it is saved.
      await expect.poll(() => page.getByText('报销台账已导出到').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(harness.savedPaths[0] as string);
      expect(workbook.getWorksheet('报销台账')?.getRow(2).getCell(4).value).toBe(known.fphm);
      expect(errors).toEqual([]);
    } finally {
      await harness.close();
    }
  }, 600_000);
});
