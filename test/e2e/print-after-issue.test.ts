/**
 * A paper invoice is offered for printing as soon as it is issued, in Chromium against the browser
 * harness and the real CUPS printer `PDF` (cups-pdf): a 004 issued from the form shows 打印 in the recent
 * submissions; the dialog opens on the printer remembered for 004 (another one is remembered for 007 and
 * is what a 007's dialog opens on); 2 copies chosen in the dialog reach the job and the queue.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintLog } from '../../shared/ipc/schemas/print.js';
import { startHarness, type Harness } from '../harness/server.js';
import { CUPS_PDF_PRINTER, pdfWords, waitForPrintedPdf } from '../support/cups-pdf.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { coreCalls, PRINT_BUYER } from './support/print-core.js';

const OTHER = `OTHER_E2E_${process.pid}`;
const BUYER = PRINT_BUYER;
const LINES = [{ name: '办公椅', taxCode: '1060201070000000000', quantity: '2', unitPrice: '300.00', rate: '0.13' }];

let browser: Browser;
let harness: Harness;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-print-after-issue-'));
beforeAll(async () => {
  execFileSync('lpadmin', ['-p', OTHER, '-E', '-v', 'cups-pdf:/', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'], { stdio: 'ignore' });
  browser = await launchChromium();
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600 } });
});
afterAll(async () => {
  await harness?.close();
  await browser?.close();
  spawnSync('lpadmin', ['-x', OTHER], { stdio: 'ignore' });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const { dispatch, issue } = coreCalls(() => harness);

describe('printing right after a paper invoice is issued', () => {
  it('offers 打印 on the issued 004, opens on the printer remembered for its type, and prints 2 copies', async () => {
    // What earlier runs left: 004 last printed on PDF, 007 on the other queue.
    const earlier004 = await issue({ invoiceType: '004', ...BUYER, issuer: '李四', lines: LINES });
    const earlier007 = await issue({ invoiceType: '007', ...BUYER, issuer: '李四', lines: LINES });
    const printOn = (invoiceId: number, printer: string) => dispatch('print:print', { invoiceIds: [invoiceId], documents: ['invoice'], printer, copies: 1, mode: 'overlay' });
    await printOn(earlier004.id, CUPS_PDF_PRINTER);
    await printOn(earlier007.id, OTHER);

    const page = await browser.newPage({ viewport: { width: 1440, height: 1100 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('invoice-type').click();
    await page.getByTestId('invoice-type-option-004').click();
    await page.getByTestId('buyer-name').fill(BUYER.buyerName);
    await page.getByTestId('buyer-tax-number').fill(BUYER.buyerTaxNumber);
    await page.getByTestId('buyer-address').fill(BUYER.buyerAddress);
    await page.getByTestId('buyer-phone').fill(BUYER.buyerPhone);
    await page.getByTestId('buyer-bank').fill(BUYER.buyerBank);
    await page.getByTestId('buyer-account').fill(BUYER.buyerAccount);
    await page.getByTestId('line-0-name').fill('打印纸');
    await page.getByTestId('line-0-tax-code').fill('1060201070000000000');
    await page.getByTestId('line-0-quantity').fill('10');
    await page.getByTestId('line-0-unit-price').fill('25.00');
    await page.getByTestId('submit-invoice').click();
    if (await page.getByTestId('review-confirm').isVisible().catch(() => false)) await page.getByTestId('review-confirm').click();

    const recent = page.locator('[data-testid^="recent-"][data-status]').first();
    await expect.poll(() => recent.getAttribute('data-status'), { timeout: 60_000 }).toBe('issued');
    const lsh = (await recent.getAttribute('data-testid'))!.replace(/^recent-/, '');
    const offered = page.getByTestId(`print-${lsh}`);
    await offered.waitFor();
    await screenshot(page, 'print-offered-after-issue');
    await offered.click();
    await page.getByTestId('print-preview-page-1').waitFor();
    await expect.poll(() => page.getByTestId('print-preview').innerText()).toContain('打印纸');
    expect(await page.getByTestId('print-printer').innerText()).toContain(CUPS_PDF_PRINTER);
    await page.getByTestId('print-copies').fill('2');
    // The notifications of the issue (发票已开具, 保存到客户与商品库?) are still up, yet nothing covers the
    // dialog's buttons: the element at the centre of 打印 is 打印 itself.
    expect(await page.locator('.ant-notification-notice').count()).toBeGreaterThan(0);
    const onTop = await page.getByTestId('print-submit').evaluate((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(onTop).toBe(true);
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-jobs').innerText(), { timeout: 60_000 }).toContain('已打印');
    await screenshot(page, 'print-after-issue-printed');

    const issued = (await dispatch<{ rows: Array<{ id: number; serial: string | null }> }>('history:search', { direction: 'output' })).rows;
    const newest = issued.find((row) => row.serial === lsh)!;
    const log = await dispatch<PrintLog>('print:log', { invoiceId: newest.id });
    expect(log.jobs.map((job) => [job.document, job.status, job.printer, job.copies])).toEqual([['invoice', 'printed', CUPS_PDF_PRINTER, 2]]);
    const words = pdfWords(await waitForPrintedPdf(log.jobs[0]!.printerJobId!));
    expect(words.some((w) => w.text === '打印纸')).toBe(true);
    await page.keyboard.press('Escape');

    // The 007's dialog opens on the printer remembered for 007.
    await page.getByTestId('nav-history').click();
    await page.getByTestId(`history-row-${earlier007.lsh}`).click();
    await page.getByTestId(`invoice-detail-${earlier007.lsh}`).waitFor();
    await page.getByTestId('action-print').click();
    await page.getByTestId('print-preview-page-1').waitFor();
    await expect.poll(() => page.getByTestId('print-printer').innerText()).toContain(OTHER);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
