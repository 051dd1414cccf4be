/**
 * Printing end to end in Chromium against the browser harness (real core, embedded sandbox, the real
 * CUPS printer `PDF` backed by cups-pdf), with screenshots of the preview:
 * - a 004 with 3 lines printed from the history: in the PDF cups-pdf wrote, every field's text is at its
 *   layout position (±0.5 mm) and the amount in words matches the figures;
 * - a 004 with 12 lines: 详见销货清单 on the face and a 2-page goods list whose 小计 add up to its 总计;
 * - a printer removed after it was chosen: the job fails with a message naming the printer and the
 *   cause, and prints once another printer is chosen in the dialog; the print log counts the reprint;
 * - a voided invoice is refused before anything reaches the printer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
import type { PreviewPage, PrintLog } from '../../shared/ipc/schemas/print.js';
import { POINTS_PER_MM } from '../../shared/print/page.js';
import { amountInWords } from '../../shared/rules/amount-in-words.js';
import { startHarness, type Harness } from '../harness/server.js';
import { amountsRightOf, CUPS_PDF_PRINTER, pdfPageCount, pdfWords, waitForPrintedPdf, type Word } from '../support/cups-pdf.js';
import { collectPageErrors, focusBackIn, launchChromium, screenshot } from './support/browser.js';
import { coreCalls, PRINT_BUYER, printLines } from './support/print-core.js';

let browser: Browser;
let harness: Harness;
// One page for the file (a fresh load costs seconds): each test opens its invoice's print dialog from the
// history in it and closes what it opened; openPrintDialog starts from a fresh load if a test stopped early.
// Its errors gather from the first load on, so each test's check covers the tests before it too.
let page: Page;
let errors: string[];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-print-'));

beforeAll(async () => {
  browser = await launchChromium();
  // The control API voids an invoice in the sandbox for the voided-invoice test; the others do not call it.
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600, sandboxControlApi: true } });
  page = await browser.newPage({ viewport: { width: 1440, height: 1100 }, locale: 'zh-CN' });
  errors = collectPageErrors(page);
  await loadApp();
});
afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function loadApp(): Promise<void> {
  await page.goto(harness.url);
  await page.getByTestId('environment-banner').waitFor();
}

const { dispatch, issue } = coreCalls(() => harness);
const seed004 = (count: number) => issue({ invoiceType: '004', ...PRINT_BUYER, issuer: '李四', lines: printLines(count) });

/** Opens the invoice's print dialog from the history. */
async function openPrintDialog(invoice: InvoiceSummary): Promise<void> {
  if ((await page.getByTestId('print-dialog').count()) > 0 || (await page.locator('.ant-drawer-open').count()) > 0) await loadApp();
  await page.getByTestId('nav-history').click();
  await page.getByTestId(`history-row-${invoice.lsh}`).click();
  await page.getByTestId(`invoice-detail-${invoice.lsh}`).waitFor();
  await page.getByTestId('action-print').click();
  await page.getByTestId('print-preview-page-1').waitFor();
}

/** Closes the print dialog and the invoice's detail, leaving the page for the next test. */
async function closePrintDialog(invoice: InvoiceSummary): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('print-dialog').waitFor({ state: 'detached' });
  await focusBackIn(page);
  await page.keyboard.press('Escape');
  await page.getByTestId(`invoice-detail-${invoice.lsh}`).waitFor({ state: 'hidden' });
}

/** The printed jobs of an invoice, newest last (the log is the app's own record). */
const printLog = (invoiceId: number) => dispatch<PrintLog>('print:log', { invoiceId });

function expectAtLayout(words: Word[], page: PreviewPage): void {
  const missing: string[] = [];
  for (const item of page.items) {
    if (item.kind !== 'text' || item.layer !== 'data') continue;
    for (const line of item.lines) {
      const text = line.text.split(/\s+/)[0]!;
      const centre = line.top + item.sizePt / POINTS_PER_MM / 2;
      const found = words.some((w) => w.text === text && Math.abs(w.xMin - line.x) <= 0.5 && Math.abs((w.yMin + w.yMax) / 2 - centre) <= 0.5);
      if (!found) missing.push(`${item.id} "${text}"`);
    }
  }
  expect(missing).toEqual([]);
}

describe('printing from the history to the CUPS printer PDF', () => {
  it('prints a 004 with 3 lines: every field at its layout position, 大写 matching the figures', async () => {
    const invoice = await seed004(3);
    await openPrintDialog(invoice);
    await expect.poll(() => page.getByTestId('print-preview').innerText()).toContain('杭州云栖商贸有限公司');
    await screenshot(page, 'print-004-preview');
    expect(await page.getByTestId('print-printer').innerText()).toContain(CUPS_PDF_PRINTER);
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-jobs').innerText(), { timeout: 30_000 }).toContain('已打印');
    await screenshot(page, 'print-004-printed');

    const log = await printLog(invoice.id);
    expect(log.jobs.map((job) => [job.document, job.status, job.printer, job.mode])).toEqual([['invoice', 'printed', CUPS_PDF_PRINTER, 'overlay']]);
    const file = await waitForPrintedPdf(log.jobs[0]!.printerJobId!);
    const words = pdfWords(file);
    const preview = await dispatch<{ pages: PreviewPage[] }>('print:preview', { invoiceId: invoice.id, document: 'invoice' });
    expectAtLayout(words, preview.pages[0]!);
    const textOf = (id: string) => {
      const item = preview.pages[0]!.items.find((i) => i.kind === 'text' && i.id === id);
      return item && item.kind === 'text' ? item.lines.map((l) => l.text).join('') : '';
    };
    const figures = textOf('field.totalFigures').replace('¥', '');
    expect(figures).toBe(invoice.total);
    const printedWords = words.find((w) => w.text.endsWith('整') || w.text.endsWith('分') || w.text.endsWith('角'))!;
    expect(printedWords.text).toBe(amountInWords(figures, { yuan: '圆' }));
    expect(errors).toEqual([]);
    await closePrintDialog(invoice);
  }, 120_000);

  it('prints a 004 with 12 lines: 详见销货清单 and a 2-page list whose 小计 add up to 总计', async () => {
    const invoice = await seed004(12);
    await openPrintDialog(invoice);
    await expect.poll(() => page.getByTestId('print-preview').innerText()).toContain('（详见销货清单）');
    await screenshot(page, 'print-004-12-lines-preview');
    // antd hides the radio input itself: the clerk clicks its label.
    await page.locator('label:has([data-testid="print-preview-list"])').click();
    await page.getByTestId('print-preview-page-2').waitFor();
    await expect.poll(() => page.getByTestId('print-preview').innerText()).toContain('第 2 页 共 2 页');
    await screenshot(page, 'print-004-goods-list-preview');
    await page.getByTestId('print-submit').click();
    await expect.poll(async () => (await printLog(invoice.id)).jobs.map((job) => job.status).join(','), { timeout: 30_000 }).toBe('printed,printed');

    const [face, list] = (await printLog(invoice.id)).jobs;
    const faceWords = pdfWords(await waitForPrintedPdf(face!.printerJobId!));
    expect(faceWords.some((w) => w.text === '（详见销货清单）')).toBe(true);
    const listFile = await waitForPrintedPdf(list!.printerJobId!);
    expect(pdfPageCount(listFile)).toBe(2);
    const words = pdfWords(listFile);
    const [a1, t1] = amountsRightOf(words, '小计', 1);
    const [a2, t2] = amountsRightOf(words, '小计', 2);
    const [ta, tt] = amountsRightOf(words, '总计', 2);
    expect(a1!.plus(a2!).eq(ta!)).toBe(true);
    expect(t1!.plus(t2!).eq(tt!)).toBe(true);
    expect(ta!.plus(tt!).toFixed(2)).toBe(invoice.total);
    expect(errors).toEqual([]);
    await closePrintDialog(invoice);
  }, 120_000);

  it('a voided invoice is refused before anything reaches the printer, with a clear message', async () => {
    const invoice = await seed004(2);
    const info = await dispatch<{ serviceBaseUrl: string }>('app:info', {});
    const voided = await fetch(`${info.serviceBaseUrl}/sandbox/control/void`, {
      method: 'POST',
      body: JSON.stringify({ fplxdm: '004', fpdm: invoice.invoiceCode, fphm: invoice.invoiceNumber }),
    });
    expect(voided.status).toBe(200);
    await openPrintDialog(invoice);
    await expect.poll(() => page.getByTestId('print-invoice-status').innerText()).toBe('正数作废');
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-job-error').innerText(), { timeout: 30_000 }).toContain('已作废');
    await screenshot(page, 'print-voided-refused');
    const log = await printLog(invoice.id);
    expect(log.jobs.map((job) => [job.status, job.errorCode, job.printerJobId])).toEqual([['failed', 'INVOICE_VOIDED', null]]);
    // Nothing to retry: the refusal is final.
    expect(await page.getByTestId('print-retry').count()).toBe(0);
    expect(errors).toEqual([]);
    await closePrintDialog(invoice);
  }, 120_000);

  it('a printer removed after it was chosen: the job fails naming it, and prints on PDF once chosen again', async () => {
    const gone = `GONE_${process.pid}`;
    execFileSync('lpadmin', ['-p', gone, '-E', '-v', 'cups-pdf:/', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'], { stdio: 'ignore' });
    try {
      const invoice = await seed004(2);
      await openPrintDialog(invoice);
      await page.getByTestId('print-printer').click();
      await page.locator('.ant-select-item-option', { hasText: gone }).click();
      execFileSync('lpadmin', ['-x', gone]);
      await page.getByTestId('print-submit').click();
      const error = page.getByTestId('print-job-error');
      await expect.poll(() => error.innerText(), { timeout: 30_000 }).toContain(`找不到打印机“${gone}”`);
      await screenshot(page, 'print-printer-missing');
      expect((await printLog(invoice.id)).jobs.map((job) => [job.status, job.errorCode])).toEqual([['failed', 'PRINTER_MISSING']]);

      await page.getByTestId('print-retry-printer').click();
      await page.locator('.ant-select-item-option', { hasText: CUPS_PDF_PRINTER }).last().click();
      await page.getByTestId('print-retry').click();
      await expect.poll(async () => (await printLog(invoice.id)).jobs.map((job) => job.status).join(','), { timeout: 30_000 }).toBe('failed,printed');
      const retried = (await printLog(invoice.id)).jobs[1]!;
      await waitForPrintedPdf(retried.printerJobId!);

      // A reprint from the same dialog is counted in the invoice's print log.
      await page.getByTestId('print-submit').click();
      await expect.poll(async () => (await printLog(invoice.id)).reprints, { timeout: 30_000 }).toBe(1);
      expect(errors).toEqual([]);
      await closePrintDialog(invoice);
    } finally {
      // Already removed by the test unless it stopped early.
      spawnSync('lpadmin', ['-x', gone], { stdio: 'ignore' });
    }
  }, 120_000);
});
