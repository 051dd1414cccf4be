/**
 * Issue 5 point 3 in Chromium: the buyer is picked from the customer library by a fragment of its tax ID
 * (name, tax ID, address, phone, bank and account fill in), a line from the product library by name (tax
 * code and rate fill in), and the invoice is issued with them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

const TAX_ID = (() => {
  const first17 = '91440300MA5G7RQ2K';
  return first17 + usccCheckCharacter(first17);
})();

let browser: Browser;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-pickers-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100 } });
  const customer = await harness.core.router.dispatch('customers:save', {
    name: '深圳前海鹏程电子有限公司',
    taxNumber: TAX_ID,
    address: '广东省深圳市南山区科技园路 8 号',
    phone: '0755-26660000',
    bank: '招商银行深圳科技园支行',
    account: '755900011110001',
  });
  const product = await harness.core.router.dispatch('products:save', {
    name: '无线键盘',
    taxCode: '1090511030000000000',
    unit: '个',
    unitPrice: '99.00',
    rate: '0.13',
  });
  if (!customer.ok || !product.ok) throw new Error('could not seed the libraries');
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('issuance form pickers', () => {
  it('picks the buyer by tax ID and a line by product name, then issues a 028 with them', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('issuance-form').waitFor();
    await page.getByTestId('invoice-type').click();
    await page.locator('[data-testid="invoice-type-option-028"]:visible').click();

    await page.getByTestId('buyer-tax-number').fill(TAX_ID.slice(2, 10));
    await page.getByTestId('customer-option-0').click();
    await expect.poll(() => page.getByTestId('buyer-name').inputValue()).toBe('深圳前海鹏程电子有限公司');
    await expect(page.getByTestId('buyer-tax-number').inputValue()).resolves.toBe(TAX_ID);
    await expect(page.getByTestId('buyer-bank').inputValue()).resolves.toBe('招商银行深圳科技园支行');
    await expect(page.getByTestId('buyer-account').inputValue()).resolves.toBe('755900011110001');

    await page.getByTestId('line-0-name').fill('键盘');
    await page.getByTestId('product-option-0').click();
    await expect.poll(() => page.getByTestId('line-0-tax-code').inputValue()).toBe('1090511030000000000');
    expect(Number(await page.getByTestId('line-0-unit-price').inputValue())).toBe(99);
    await page.getByTestId('line-0-quantity').fill('2');
    await expect.poll(() => page.getByTestId('total-amount').innerText()).toContain('198.00');

    await page.getByTestId('submit-invoice').click();
    await expect
      .poll(async () => {
        const list = await harness.core.router.dispatch('history:list', { limit: 10 });
        return list.ok ? (list.value as Array<{ buyerName: string; status: string }>).map((row) => `${row.buyerName}:${row.status}`) : [];
      }, { timeout: 60_000 })
      .toContain('深圳前海鹏程电子有限公司:issued');
    await screenshot(page, 'issuance-pickers');
    expect(errors).toEqual([]);
    await page.close();
  });
});
