/**
 * The print dialog on a 1366 × 768 screen (issue 21), in Chromium through the browser harness, printing on
 * the real CUPS printer `PDF` (cups-pdf):
 * - a 004 and a 007 previewed (the QR code drawn in the preview) and printed; the QR code decoded from the
 *   printed page with zbarimg equals the print data's ewm; 打印 in view and on top;
 * - it opens on 套打; 完整票面 is said loudly and does not stick to the next print; the goods list is not
 *   offered for an invoice without one;
 * - three selected invoices: the preview pages through each one; one of them voided, the outcome counts
 *   2 printed and 1 failed apart, names the failed invoice and its reason, and never says 完成.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../sandbox/index.js';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
import type { PrintLog } from '../../shared/ipc/schemas/print.js';
import { startHarness, type Harness } from '../harness/server.js';
import { clientFor } from '../integration/api/client-support.js';
import { CUPS_PDF_PRINTER, waitForPrintedPdf } from '../support/cups-pdf.js';
import { decodeQrCodes } from '../support/print-readback.js';
import { collectPageErrors, focusBackIn, launchChromium, screenshot } from './support/browser.js';
import { coreCalls, PRINT_BUYER, printLines } from './support/print-core.js';

let browser: Browser;
let harness: Harness;
// One page for both tests (a fresh load costs seconds); the first closes what it opened. Its errors
// gather from the load on, so each test's check covers the tests before it too.
let page: Page;
let errors: string[];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-print-dialog-'));
const BUYER = PRINT_BUYER;
const lines = printLines;
const { dispatch, issue } = coreCalls(() => harness);

beforeAll(async () => {
  browser = await launchChromium();
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600, sandboxControlApi: true } });
  page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('environment-banner').waitFor();
});
afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function serviceBaseUrl(): Promise<string> {
  return (await dispatch<{ serviceBaseUrl: string }>('app:info', {})).serviceBaseUrl;
}

/** ewm as the service answers it (fpdy over real HTTP), to compare with what zbarimg reads off the page. */
async function ewmOf(invoice: InvoiceSummary): Promise<string> {
  const data = await clientFor(await serviceBaseUrl()).printInvoice({
    fpdm: invoice.invoiceCode!,
    fphm: invoice.invoiceNumber!,
    dylx: '0',
    fplxdm: invoice.invoiceType as '004' | '007',
    xhdwsbh: DEMO_ENTERPRISE.taxNumber,
  });
  return data.ewm!;
}

/** 打印 is inside the 1366 × 768 window and the topmost element at its centre (nothing covers it). */
async function submitInViewAndOnTop(page: Page): Promise<void> {
  const box = (await page.getByTestId('print-submit').boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(768);
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  const onTop = await page.getByTestId('print-submit').evaluate((button) => {
    const r = button.getBoundingClientRect();
    return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  expect(onTop).toBe(true);
}

async function openFromHistory(page: Page, invoice: InvoiceSummary): Promise<void> {
  await page.getByTestId('nav-history').click();
  await page.getByTestId(`history-row-${invoice.lsh}`).click();
  await page.getByTestId(`invoice-detail-${invoice.lsh}`).waitFor();
  await page.getByTestId('action-print').click();
  await page.getByTestId('print-preview-page-1').waitFor();
}

// SVG has no innerText: the field's lines are read as text content.
const previewText = async (page: Page, field: string) => (await page.locator(`[data-testid="print-preview-page-1"] [data-field="${field}"]`).textContent()) ?? '';
/** The chosen 打印方式 as the dialog shows it. */
const chosenMode = (page: Page) => page.getByTestId('print-mode').locator('.ant-radio-wrapper-checked').innerText();
/** antd puts a checkbox's test id on its input or its wrapper, depending on the version: read either. */
const isTicked = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => (el instanceof HTMLInputElement ? el : el.querySelector('input'))!.checked);
const labelOf = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => (el.closest('label') ?? el).textContent ?? '');

async function printAndReadQr(page: Page, invoice: InvoiceSummary): Promise<void> {
  await page.getByTestId('print-submit').click();
  await expect.poll(() => page.getByTestId('print-summary').getAttribute('data-printed'), { timeout: 60_000 }).toBe('1');
  const summary = await page.getByTestId('print-summary').innerText();
  expect(summary).toContain('已打印 1 张，失败 0 张');
  const log = await dispatch<PrintLog>('print:log', { invoiceId: invoice.id });
  const job = log.jobs.at(-1)!;
  expect(job).toMatchObject({ status: 'printed', mode: 'overlay', document: 'invoice' });
  expect(decodeQrCodes(await waitForPrintedPdf(job.printerJobId!))).toEqual([await ewmOf(invoice)]);
}

describe('the print dialog at 1366 × 768', () => {
  it('previews and prints a 004 and a 007 (QR code read back from the printed page); 完整票面 does not stick', async () => {
    const [special, general] = await Promise.all([
      issue({ invoiceType: '004', ...BUYER, issuer: '李四', lines: lines(1) }),
      issue({ invoiceType: '007', ...BUYER, issuer: '李四', remark: '合同号 HT-2026-118', lines: lines(8) }),
    ]);

    await openFromHistory(page, special);
    await expect.poll(() => page.getByTestId('print-printer').innerText()).toContain(CUPS_PDF_PRINTER);
    expect(await page.locator('[data-testid="print-preview-page-1"] [data-field="field.qr"]').count()).toBe(1);
    expect(await page.getByTestId('print-doc-list').count()).toBe(0);
    expect(await chosenMode(page)).toContain('套打');
    await submitInViewAndOnTop(page);
    await screenshot(page, 'print-dialog-1366x768-004');

    // 完整票面 is said loudly while chosen, and the next dialog opens on 套打 again.
    await page.getByTestId('print-mode-full').click();
    await page.getByTestId('print-full-warning').waitFor();
    await screenshot(page, 'print-dialog-full-form-warning');
    await page.keyboard.press('Escape');
    await page.getByTestId('print-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('action-print').click();
    await page.getByTestId('print-preview-page-1').waitFor();
    expect(await chosenMode(page)).toContain('套打');
    expect(await page.getByTestId('print-full-warning').count()).toBe(0);
    await printAndReadQr(page, special);
    await screenshot(page, 'print-dialog-004-printed');
    await page.keyboard.press('Escape');
    await page.getByTestId('print-dialog').waitFor({ state: 'detached' });
    await focusBackIn(page);
    await page.keyboard.press('Escape');
    await page.getByTestId(`invoice-detail-${special.lsh}`).waitFor({ state: 'hidden' });

    // The 007: 校验码 at the top left (the common edition), 8 lines on the face and no list offered.
    await openFromHistory(page, general);
    await expect.poll(() => previewText(page, 'field.checkCode')).toMatch(/^校验码 \d{5} /);
    expect(await page.locator('[data-testid="print-preview-page-1"] [data-field="field.machine"]').count()).toBe(0);
    expect(await previewText(page, 'line.8.name')).toContain('办公椅8型');
    expect(await page.getByTestId('print-doc-list').count()).toBe(0);
    await submitInViewAndOnTop(page);
    await screenshot(page, 'print-dialog-1366x768-007');
    await printAndReadQr(page, general);
    expect(errors).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('print-dialog').waitFor({ state: 'detached' });
    await focusBackIn(page);
    await page.keyboard.press('Escape');
    await page.getByTestId(`invoice-detail-${general.lsh}`).waitFor({ state: 'hidden' });
  }, 240_000);

  it('three selected invoices: the preview pages through each; one voided, the outcome counts printed and failed apart', async () => {
    // Issued side by side, then ticked last number first: the preview still pages them in the order they print.
    const issued = await Promise.all([2, 3, 4].map((count) => issue({ invoiceType: '004', ...BUYER, issuer: '李四', lines: lines(count) })));
    const three = issued.sort((a, b) => a.invoiceNumber!.localeCompare(b.invoiceNumber!));
    const voided = three[1]!;
    const answer = await fetch(`${await serviceBaseUrl()}/sandbox/control/void`, {
      method: 'POST',
      body: JSON.stringify({ fplxdm: '004', fpdm: voided.invoiceCode, fphm: voided.invoiceNumber }),
    });
    expect(answer.status).toBe(200);

    await page.getByTestId('nav-history').click();
    for (const invoice of [...three].reverse()) await page.getByTestId(`history-row-${invoice.lsh}`).locator('input[data-check="true"]').click();
    await expect.poll(async () => Number(await page.getByTestId('history-selection').getAttribute('data-count'))).toBe(3);
    await page.keyboard.press('Control+p');
    await page.getByTestId('print-preview-page-1').waitFor();
    await submitInViewAndOnTop(page);

    // Page through: each invoice's own face, in invoice-number order.
    const numbers = [...three].sort((a, b) => a.invoiceNumber!.localeCompare(b.invoiceNumber!)).map((invoice) => invoice.invoiceNumber!);
    for (let index = 0; index < 3; index++) {
      if (index > 0) await page.getByTestId('print-preview-next').click();
      await expect.poll(() => page.getByTestId('print-preview-position').innerText()).toBe(`第 ${index + 1} 张，共 3 张`);
      await expect.poll(() => previewText(page, 'field.number')).toBe(numbers[index]);
      if (index === 1) await screenshot(page, 'print-dialog-three-selected-page-2');
    }
    expect(await page.getByTestId('print-preview-next').isDisabled()).toBe(true);
    await page.getByTestId('print-preview-previous').click();
    await expect.poll(() => page.getByTestId('print-preview-position').innerText()).toBe('第 2 张，共 3 张');
    // For several invoices the list is offered for those that have one, never ticked for the clerk.
    expect(await labelOf(page, 'print-doc-list')).toContain('只为有清单的发票打印');
    expect(await isTicked(page, 'print-doc-list')).toBe(false);

    await page.getByTestId('print-submit').click();
    await expect.poll(() => page.getByTestId('print-summary').getAttribute('data-failed'), { timeout: 60_000 }).toBe('1');
    expect(await page.getByTestId('print-summary').getAttribute('data-printed')).toBe('2');
    const outcome = await page.getByTestId('print-summary').innerText();
    expect(outcome).toContain('已打印 2 张，失败 1 张');
    expect(outcome).not.toMatch(/完成/);
    expect(await page.getByTestId('print-progress').innerText()).not.toMatch(/完成/);
    const failure = page.locator('[data-testid^="print-job-failed-"]');
    expect(await failure.count()).toBe(1);
    expect(await failure.innerText()).toContain(voided.invoiceNumber!);
    expect(await failure.getByTestId('print-job-error').innerText()).toContain('已作废');
    await screenshot(page, 'print-dialog-three-outcome');
    expect(errors).toEqual([]);
  }, 240_000);
});
