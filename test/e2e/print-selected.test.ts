/**
 * Printing several invoices ticked in the history (the virtual table) end to end in Chromium, on the real
 * CUPS printer `PDF` (cups-pdf):
 * - ticking by mouse: the tick box, Shift-click for a range, Ctrl-click to toggle — none of them opens the
 *   detail drawer; and by keyboard: Space, Shift+↓, Space again to untick, Ctrl+P to print;
 * - an electronic invoice among the ticked is named as left out; the three paper invoices are printed in
 *   invoice-number order (the queue's job order and the number on each printed page), with progress
 *   (print:progress events and the dialog's bar at 3/3), each job recorded in its invoice's print log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintLog } from '../../shared/ipc/schemas/print.js';
import { startHarness, type Harness } from '../harness/server.js';
import { CUPS_PDF_PRINTER, pdfWords, waitForPrintedPdf } from '../support/cups-pdf.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { coreCalls, PRINT_BUYER } from './support/print-core.js';

let browser: Browser;
let harness: Harness;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-print-selected-'));
const BUYER = PRINT_BUYER;
const LINES = [{ name: '办公椅', taxCode: '1060201070000000000', quantity: '2', unitPrice: '300.00', rate: '0.13' }];

beforeAll(async () => {
  browser = await launchChromium();
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600 } });
});
afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const { dispatch, issue } = coreCalls(() => harness);

const row = (page: Page, index: number) => page.locator(`[data-testid="history-table"] tr[data-index="${index}"]`);
const checkedCount = async (page: Page) => (await page.getByTestId('history-selection').count()) === 0 ? 0 : Number(await page.getByTestId('history-selection').getAttribute('data-count'));

describe('printing several invoices ticked in the history', () => {
  it('ticks by mouse and keyboard, and prints the paper invoices in invoice-number order with progress', async () => {
    const paper = [await issue({ invoiceType: '004', ...BUYER, issuer: '李四', lines: LINES }), await issue({ invoiceType: '007', ...BUYER, issuer: '李四', lines: LINES })];
    paper.push(await issue({ invoiceType: '004', ...BUYER, issuer: '李四', lines: LINES }));
    const electronic = await issue({ invoiceType: '026', buyerName: BUYER.buyerName, buyerTaxNumber: BUYER.buyerTaxNumber, issuer: '李四', lines: LINES });
    const progress: Array<{ done: number; total: number }> = [];
    harness.core.onEvent((event, payload) => {
      if (event === 'print:progress') progress.push({ done: payload.done, total: payload.total });
    });

    const page = await browser.newPage({ viewport: { width: 1440, height: 1100 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    await page.getByTestId('nav-history').click();
    await expect.poll(() => page.locator('[data-testid="history-table"] tr[data-lsh]').count()).toBe(4);
    await page.getByTestId('history-selection-hint').waitFor();

    // Mouse: the tick box of the first row, Shift-click on the last (a range), Ctrl-click the first again.
    await row(page, 0).locator('input[data-check="true"]').click();
    await expect.poll(() => checkedCount(page)).toBe(1);
    await row(page, 3).click({ modifiers: ['Shift'] });
    await expect.poll(() => checkedCount(page)).toBe(4);
    await row(page, 0).click({ modifiers: ['Control'] });
    await expect.poll(() => checkedCount(page)).toBe(3);
    expect(await row(page, 0).getAttribute('data-checked')).toBe('false');
    // Ticking never opened an invoice.
    expect(await page.locator('[data-testid^="invoice-detail-"]').count()).toBe(0);
    await page.getByTestId('history-selection-clear').click();
    await expect.poll(() => checkedCount(page)).toBe(0);

    // Keyboard: Space ticks the active row, Shift+↓ ticks as it moves, Space unticks, Shift+Space a range.
    await page.getByTestId('history-table').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => checkedCount(page)).toBe(3);
    await page.keyboard.press('Space');
    await expect.poll(() => checkedCount(page)).toBe(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Space');
    await expect.poll(() => checkedCount(page)).toBe(4);
    for (let index = 0; index < 4; index++) expect(await row(page, index).getAttribute('data-checked')).toBe('true');
    // The electronic invoice is named as left out; the three paper ones are offered.
    expect(await page.getByTestId('history-selection-skipped').innerText()).toContain('1 张');
    expect(await page.getByTestId('history-print-selected').innerText()).toContain('3');
    await screenshot(page, 'print-selected-history');

    await page.keyboard.press('Control+p');
    await page.getByTestId('print-preview-page-1').waitFor();
    expect(await page.getByTestId('print-submit').innerText()).toContain('3');
    expect(await page.getByTestId('print-printer').innerText()).toContain(CUPS_PDF_PRINTER);
    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-progress').getAttribute('data-done'), { timeout: 60_000 }).toBe('3');
    expect(await page.getByTestId('print-progress').getAttribute('data-total')).toBe('3');
    expect(await page.getByTestId('print-progress').innerText()).toContain('3/3');
    await screenshot(page, 'print-selected-printed');
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual(['1/3', '2/3', '3/3']);

    // Each invoice's own log has its job; the jobs ran in invoice-number (and code) order.
    const jobs = await Promise.all(paper.map(async (invoice) => (await dispatch<PrintLog>('print:log', { invoiceId: invoice.id })).jobs));
    for (const log of jobs) expect(log.map((job) => [job.document, job.status, job.printer])).toEqual([['invoice', 'printed', CUPS_PDF_PRINTER]]);
    const byRun = jobs.map((log) => log[0]!).sort((a, b) => a.id - b.id);
    const numberOrder = [...paper].sort((a, b) => a.invoiceCode!.localeCompare(b.invoiceCode!) || a.invoiceNumber!.localeCompare(b.invoiceNumber!));
    expect(byRun.map((job) => job.invoiceNumber)).toEqual(numberOrder.map((invoice) => invoice.invoiceNumber));
    // On paper too: the queue took them in that order, each page carrying its own number.
    const queueOrder = [...byRun].sort((a, b) => Number(a.printerJobId!.split('-').pop()) - Number(b.printerJobId!.split('-').pop()));
    expect(queueOrder.map((job) => job.id)).toEqual(byRun.map((job) => job.id));
    for (const job of byRun) {
      const words = pdfWords(await waitForPrintedPdf(job.printerJobId!));
      expect(words.map((w) => w.text)).toContain(job.invoiceNumber);
    }
    expect((await dispatch<PrintLog>('print:log', { invoiceId: electronic.id })).jobs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
