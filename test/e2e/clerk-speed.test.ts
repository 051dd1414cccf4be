/**
 * Issue 14 point 1 in Chromium, counted in the clerk's keys and clicks: a first-time invoice with a new
 * buyer and three products (codes looked up, both saved to the libraries with one key), then the same
 * invoice again from its history row with 再开一张 — at most 10 keystrokes and 2 clicks from the row to
 * the issued message — and a template saved by name and opened by typing it. Each journey prints
 * `clerk: <journey> keys=<n> clicks=<m>`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

const BUYER_TAX = (() => {
  const first17 = '91320506MA1N8K3W7';
  return first17 + usccCheckCharacter(first17);
})();
const BUYER = '苏州工业园区澄湖软件有限公司';
const PRODUCTS = [
  { name: '定制开发服务', lookup: '软件开发', code: '3040201010000000000', quantity: '1', price: '20000' },
  { name: '系统运维服务', lookup: '软件维护', code: '3040201030000000000', quantity: '12', price: '1500' },
  { name: '测试服务', lookup: '软件测试', code: '3040201040000000000', quantity: '2', price: '3000' },
];

let browser: Browser;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-clerk-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100 } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Counts what the clerk does: every key pressed (a typed text is one key per character) and every click. */
function clerk(page: Page) {
  const count = { keys: 0, clicks: 0 };
  return {
    count,
    async type(text: string) {
      count.keys += [...text].length;
      await page.keyboard.type(text);
    },
    async press(key: string) {
      count.keys += 1;
      await page.keyboard.press(key);
    },
    async click(target: Locator) {
      count.clicks += 1;
      await target.click();
    },
    report(journey: string) {
      console.log(`clerk: ${journey} keys=${count.keys} clicks=${count.clicks}`);
    },
  };
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

async function dispatchValue<T>(channel: string, payload: unknown): Promise<T> {
  const result = await harness.core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.key}`);
  return result.value as T;
}

describe('a clerk at keyboard speed', () => {
  it('issues a first invoice to a new buyer, saves buyer and goods with one key, repeats it from the history, and keeps it as a template', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('issuance-form').waitFor();
    await page.getByTestId('buyer-name').click();

    // --- First time: everything typed, codes looked up by words, then Alt+S saves buyer and goods.
    const first = clerk(page);
    await first.type(BUYER);
    await first.press('Tab');
    await first.type(BUYER_TAX);
    await first.click(page.getByTestId('line-0-name'));
    for (const [index, product] of PRODUCTS.entries()) {
      if (index > 0) await first.press('Alt+N');
      await expect.poll(() => focused(page)).toBe(`line-${index}-name`);
      await first.type(product.name);
      await first.press('Tab');
      await first.type(product.lookup);
      await page.locator(`[data-testid="line-${index}-tax-code-option"][data-code="${product.code}"]`).waitFor();
      // The best match is highlighted: Enter takes it, fills code and rate, and moves on to the quantity.
      await first.press('Enter');
      await expect.poll(() => page.getByTestId(`line-${index}-tax-code`).inputValue()).toBe(product.code);
      await expect.poll(() => focused(page)).toBe(`line-${index}-quantity`);
      await first.type(product.quantity);
      await first.press('Tab');
      await first.type(product.price);
    }
    await expect.poll(() => page.getByTestId('line-2-rate').innerText()).toContain('6%');
    await first.press('Control+Enter');
    await page.getByText('发票已开具').first().waitFor();
    await page.getByTestId('library-offer-save').waitFor();
    await screenshot(page, 'clerk-library-offer');
    await first.press('Alt+S');
    await expect
      .poll(async () => (await dispatchValue<{ rows: Array<{ taxNumber?: string }> }>('customers:list', { query: BUYER_TAX, limit: 5 })).rows.length)
      .toBe(1);
    await expect.poll(async () => (await dispatchValue<{ rows: unknown[] }>('products:list', { query: '服务', limit: 20 })).rows.length).toBe(3);
    first.report('first');

    // --- Again from the history row: 再开一张, the cursor waits on the first quantity, change it, issue.
    await page.getByTestId('nav-history').click();
    const row = page.locator('[data-testid^="history-row-"]').first();
    await row.waitFor();
    const repeat = clerk(page);
    await repeat.click(row.locator('[data-testid^="repeat-"]'));
    await expect.poll(() => focused(page)).toBe('line-0-quantity');
    expect(await page.getByTestId('buyer-name').inputValue()).toBe(BUYER);
    expect(await page.getByTestId('line-2-name').inputValue()).toBe('测试服务');
    await screenshot(page, 'clerk-repeat-form');
    await repeat.type('2');
    await repeat.press('Control+Enter');
    const issuedCount = async () =>
      (await dispatchValue<Array<{ status: string }>>('history:list', { limit: 10 })).filter((invoice) => invoice.status === 'issued').length;
    await expect.poll(issuedCount).toBe(2);
    await page.getByText('发票已开具').first().waitFor();
    repeat.report('repeat');
    expect(repeat.count.keys).toBeLessThanOrEqual(10);
    expect(repeat.count.clicks).toBeLessThanOrEqual(2);
    const issued = await dispatchValue<Array<{ total: string; buyerName: string }>>('history:list', { limit: 10 });
    expect(issued.map((invoice) => invoice.total).sort()).toEqual(['44000.00', '64000.00']);

    // --- A template: saved from the form by name, opened again by typing the name (Alt+T, name, Enter).
    await page.getByTestId('nav-history').click();
    await page.locator('[data-testid^="history-row-"] [data-testid^="repeat-"]').first().click();
    await expect.poll(() => focused(page)).toBe('line-0-quantity');
    await page.getByTestId('save-template').click();
    await page.getByTestId('template-name').fill('澄湖月度');
    await page.keyboard.press('Enter');
    await page.getByText('已存为常用发票「澄湖月度」').waitFor();
    await page.getByTestId('buyer-name').click();
    await page.getByTestId('buyer-name').fill('');
    const template = clerk(page);
    await template.press('Alt+T');
    await expect.poll(() => focused(page)).toBe('template-search');
    await template.type('澄湖');
    await page.getByTestId('template-option-澄湖月度').waitFor();
    await template.press('Enter');
    await expect.poll(() => page.getByTestId('buyer-name').inputValue()).toBe(BUYER);
    await expect.poll(() => focused(page)).toBe('line-0-quantity');
    template.report('template');
    expect(errors).toEqual([]);
  }, 600_000);
});
