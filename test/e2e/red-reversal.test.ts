/**
 * Red reversals end to end in Chromium against the browser harness (real core, embedded sandbox):
 * - a 026 opened from the history and red-reversed in full: the red invoice ends 已开具 as 红字 and the
 *   blue one shows 已全额冲红;
 * - a 004 (buyer with tax ID, address, phone, bank, account) reversed in part through its red-letter
 *   form (sqly with its case): the form gets its xxbbh, the red 004 is issued, the blue shows 部分冲红;
 *   a reversal beyond the remainder is refused before anything is sent; the remainder then works.
 * Blue invoices are seeded through the harness's core router (the issuance form has its own journey).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
const dirs: string[] = [];
const fast = { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600 };
const LINES = [
  { name: '打印纸', taxCode: '1060201070000000000', quantity: '10', unitPrice: '25.00', rate: '0.13' },
  { name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060.00', rate: '0.06' },
];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function withHarness(run: (harness: Harness) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-red-'));
  dirs.push(dataDir);
  const harness = await startHarness({ dataDir, core: fast });
  try {
    await run(harness);
  } finally {
    await harness.close();
  }
}

/** Issues a blue invoice through the core's router and waits until the sandbox has issued it. */
async function seedBlue(harness: Harness, draft: Record<string, unknown>): Promise<InvoiceSummary> {
  const submitted = await harness.core.router.dispatch('issuance:submit', draft);
  if (!submitted.ok) throw new Error(submitted.error.message);
  const queued = submitted.value as InvoiceSummary;
  return new Promise((resolve, reject) => {
    // A safety net only, well inside the test's own timeout: the wait itself is on the event.
    const timer = setTimeout(() => reject(new Error('blue invoice not issued')), 80_000);
    const stop = harness.core.onEvent((event, payload) => {
      if (event === 'issuance:updated' && payload.lsh === queued.lsh && payload.status === 'issued') {
        clearTimeout(timer);
        stop();
        resolve(payload);
      }
    });
  });
}

async function openHistory(harness: Harness): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
  const errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('environment-banner').waitFor();
  await page.getByTestId('nav-history').click();
  await page.getByTestId('history-table').waitFor();
  return { page, errors };
}

async function openInvoice(page: Page, lsh: string): Promise<void> {
  await page.getByTestId(`history-row-${lsh}`).click();
  await page.getByTestId(`invoice-detail-${lsh}`).waitFor();
}

/** Closes the detail drawer and waits for its closing animation, so screenshots show the list. */
async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('.ant-drawer-open') === null);
  await page.waitForFunction(() => [...document.querySelectorAll('.ant-drawer')].every((drawer) => drawer.getAnimations({ subtree: true }).length === 0));
}

/** The problems the red dialog shows ('' when none), so a failing poll prints them. */
async function issuesOf(page: Page): Promise<string> {
  const issues = page.getByTestId('red-issues');
  return (await issues.count()) > 0 ? issues.innerText() : '';
}

describe('red reversal from the history', () => {
  it('reverses a 026 in full: the red invoice is 已开具 and red, the blue 已全额冲红', async () => {
    await withHarness(async (harness) => {
      const blue = await seedBlue(harness, { invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: LINES });
      const { page, errors } = await openHistory(harness);
      await openInvoice(page, blue.lsh);
      await expect.poll(() => page.getByTestId('detail-lines').innerText()).toContain('技术服务');
      // Printing is for paper 004/007 only: an e-general invoice shows no print action.
      expect(await page.getByTestId('action-print').count()).toBe(0);

      await page.getByTestId('action-red').click();
      await page.getByTestId('red-dialog-body').waitFor();
      await expect.poll(() => page.getByTestId('red-total').innerText()).toBe('1310.00');
      await screenshot(page, 'red-026-dialog');
      await page.getByTestId('red-submit').click();

      await expect.poll(() => page.getByTestId('reversal-state').getAttribute('data-state'), { timeout: 60_000 }).toBe('full');
      await expect.poll(() => page.getByTestId('reversal-remaining').innerText()).toBe('0.00');
      await screenshot(page, 'red-026-blue-detail');
      await closeDrawer(page);

      await expect.poll(() => page.getByTestId(`reversal-${blue.lsh}`).getAttribute('data-reversal'), { timeout: 60_000 }).toBe('full');
      const redRow = page.getByTestId('history-table').locator('tr', { hasText: '-1310.00' });
      await expect.poll(() => redRow.innerText(), { timeout: 60_000 }).toContain('已开具');
      expect(await redRow.innerText()).toContain('红字');
      const redLsh = await redRow.getAttribute('data-lsh');
      expect(redLsh).toBeTruthy();
      await openInvoice(page, redLsh ?? '');
      expect(await page.getByTestId('detail-kplx').getAttribute('data-kplx')).toBe('1');
      await expect.poll(() => page.getByTestId('red-original').innerText()).toContain(blue.invoiceNumber ?? '');
      await screenshot(page, 'red-026-red-detail');
      expect(errors).toEqual([]);
      await page.close();
    });
  }, 240_000);

  it('reverses a 004 through its red-letter form, in part, refuses more than is left, then takes the rest', async () => {
    await withHarness(async (harness) => {
      const blue = await seedBlue(harness, {
        invoiceType: '004',
        buyerName: '杭州云栖商贸有限公司',
        buyerTaxNumber: '91330106MA27XK5R3T',
        buyerAddress: '浙江省杭州市西湖区文三路 100 号',
        buyerPhone: '0571-88886666',
        buyerBank: '中国工商银行杭州文三路支行',
        buyerAccount: '1202021109900012345',
        issuer: '李四',
        lines: LINES,
      });
      const { page, errors } = await openHistory(harness);
      await openInvoice(page, blue.lsh);
      // A paper special invoice shows 打印, disabled until the printing issue lands.
      expect(await page.getByTestId('action-print').isDisabled()).toBe(true);

      // Goods returned (1), in part: 4 of the 10 boxes → 100.00, with the application reason and case.
      await page.getByTestId('action-red').click();
      const dialog = page.getByTestId('red-dialog-body');
      await dialog.waitFor();
      await page.getByTestId('red-reason-1').click();
      await page.getByTestId('red-mode-partial').click();
      await page.getByTestId('red-line-1-quantity').fill('4');
      await page.getByTestId('red-letter-reason-1').click();
      await page.getByTestId('red-sub-cannot-certify').click();
      await page.getByTestId('red-terminal').fill('kpzd-01');
      await expect.poll(() => page.getByTestId('red-total').innerText()).toBe('100.00');
      await expect.poll(() => issuesOf(page)).toBe('');
      await screenshot(page, 'red-004-form-dialog');
      await page.getByTestId('red-submit').click();

      // The form is applied for, gets its 16-digit xxbbh, and the red 004 is issued with it.
      const form = page.locator('[data-testid^="form-status-"]');
      await expect.poll(() => form.first().innerText(), { timeout: 60_000 }).toBe('已取得编号');
      await expect.poll(() => page.locator('[data-testid^="form-number-"]').first().innerText()).toMatch(/\d{16}/);
      await expect.poll(() => page.getByTestId('reversal-state').getAttribute('data-state'), { timeout: 60_000 }).toBe('partial');
      await expect.poll(() => page.getByTestId('reversal-remaining').innerText()).toBe('1210.00');
      await screenshot(page, 'red-004-partial');

      // Invoice error (2) must reverse all 1310.00: more than the 1210.00 left — refused before sending.
      await page.getByTestId('action-red').click();
      await dialog.waitFor();
      await page.getByTestId('red-letter-reason-2').click();
      await page.getByTestId('red-sub-buyer-refused').click();
      await expect.poll(() => issuesOf(page)).toBe('冲红金额 1310.00 超过蓝字发票剩余可冲红金额 1210.00');
      expect(await page.getByTestId('red-submit').isDisabled()).toBe(true);
      await screenshot(page, 'red-004-refused');

      // Service terminated (3): the other 6 boxes and the whole service — exactly the remainder.
      await page.getByTestId('red-reason-3').click();
      await page.getByTestId('red-mode-partial').click();
      await page.getByTestId('red-line-1-quantity').fill('6');
      await page.getByTestId('red-line-2-amount').fill('1060.00');
      await expect.poll(() => page.getByTestId('red-total').innerText()).toBe('1210.00');
      await expect.poll(() => issuesOf(page)).toBe('');
      await page.getByTestId('red-submit').click();
      await expect.poll(() => page.getByTestId('reversal-state').getAttribute('data-state'), { timeout: 60_000 }).toBe('full');
      await screenshot(page, 'red-004-full');
      await closeDrawer(page);
      await expect.poll(() => page.getByTestId(`reversal-${blue.lsh}`).getAttribute('data-reversal'), { timeout: 60_000 }).toBe('full');
      const reds = page.getByTestId('history-table').locator('tr', { hasText: '红字' });
      await expect.poll(() => reds.count(), { timeout: 60_000 }).toBe(2);
      await screenshot(page, 'red-004-history');
      expect(errors).toEqual([]);
      await page.close();
    });
  }, 240_000);
});
