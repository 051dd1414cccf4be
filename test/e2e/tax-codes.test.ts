/**
 * Issue 14 point 3 in Chromium: the tax classification code is looked up, not typed from memory. Typing
 * "软件" in a line's code field offers 信息技术服务 codes; picking one fills the 19-digit code and its 6 %
 * rate. The product library's form uses the same lookup, and settings shows which table is in use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

const SOFTWARE_DEVELOPMENT = '3040201010000000000';

let browser: Browser;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-taxcodes-'));
  harness = await startHarness({ dataDir });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('tax classification code lookup', () => {
  it('fills code and rate from "软件" on the invoice line and in the product library, and shows the table version', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('issuance-form').waitFor();

    await page.getByTestId('line-0-tax-code').fill('软件');
    const option = page.locator(`[data-testid="line-0-tax-code-option"][data-code="${SOFTWARE_DEVELOPMENT}"]`);
    await option.waitFor();
    await expect(option.innerText()).resolves.toContain('信息技术服务');
    await screenshot(page, 'tax-code-lookup');
    await option.click();
    await expect.poll(() => page.getByTestId('line-0-tax-code').inputValue()).toBe(SOFTWARE_DEVELOPMENT);
    await expect.poll(() => page.getByTestId('line-0-rate').innerText()).toContain('6%');

    await page.getByTestId('nav-libraries').click();
    await page.getByTestId('products-add').click();
    await page.getByTestId('product-taxCode').fill('软件开发');
    const productOption = page.locator(`[data-testid="product-taxCode-option"][data-code="${SOFTWARE_DEVELOPMENT}"]`);
    await productOption.click();
    await expect.poll(() => page.getByTestId('product-taxCode').inputValue()).toBe(SOFTWARE_DEVELOPMENT);
    await expect.poll(() => page.getByTestId('product-rate').innerText()).toContain('6%');
    // Escape closes the lookup first, then the modal.
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return page.getByTestId('product-form').isVisible();
      })
      .toBe(false);

    await page.getByTestId('nav-settings').click();
    await expect.poll(() => page.getByTestId('tax-code-version').innerText()).toContain('32.0');
    expect(errors).toEqual([]);
  }, 120_000);
});
