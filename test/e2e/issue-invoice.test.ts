/**
 * The walking skeleton, end to end in Chromium: a clerk fills an electronic general invoice (026), sees
 * the amounts computed in decimals, submits; the embedded sandbox issues it over real HTTP; it appears in
 * the history as 已开具 — and is still there after the core restarts on the same data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let dataDir: string;
const BUYER = '北京星河贸易有限公司';
const fast = { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100 };

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openApp(harness: Harness): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('environment-banner').waitFor();
  // The desk opens on 概览; the form is one tab away.
  await page.getByTestId('nav-issue').click();
  return { page, errors };
}

describe('issue one invoice end to end', () => {
  it('issues a 026 from the form, lists it in the history, and still lists it after the core restarts', async () => {
    const harness = await startHarness({ dataDir, core: fast });
    try {
      const { page, errors } = await openApp(harness);
      await expect(page.getByTestId('environment-banner').innerText()).resolves.toContain('测试环境');

      await page.getByTestId('nav-issue').click();
      await page.getByTestId('buyer-name').fill(BUYER);
      await page.getByTestId('line-0-name').fill('办公用品');
      await page.getByTestId('line-0-tax-code').fill('1060201070000000000');
      await page.getByTestId('line-0-quantity').fill('3');
      await page.getByTestId('line-0-unit-price').fill('33.33');
      // 3 × 33.33 = 99.99 including 13% tax: tax 11.50, in decimals (binary floats give 99.99000000000001).
      await expect.poll(() => page.getByTestId('total-amount').innerText()).toContain('99.99');
      await expect.poll(() => page.getByTestId('total-tax').innerText()).toContain('11.50');

      await page.getByTestId('submit-invoice').click();
      await page.getByTestId('nav-history').click();
      const row = page.getByTestId('history-table').locator('tr', { hasText: BUYER });
      await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('已开具');
      const text = await row.innerText();
      expect(text).toMatch(/\d{8}/); // the invoice number the sandbox allocated
      expect(text).toContain('99.99');

      await screenshot(page, 'issue-invoice');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await harness.close();
    }

    // The same data folder after the core restarts (in this test, so it depends on no other test's data).
    const restarted = await startHarness({ dataDir, core: fast });
    try {
      const { page, errors } = await openApp(restarted);
      await page.getByTestId('nav-history').click();
      const row = page.getByTestId('history-table').locator('tr', { hasText: BUYER });
      await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('已开具');
      await screenshot(page, 'history-after-restart');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await restarted.close();
    }
  });
});
