/**
 * Issue 14 point 2 in Chromium: keys pressed with no pause act at once and exactly once. Twenty times in a
 * row the clerk types a line, presses Alt+D and types the discount, Alt+N and types the next line, then
 * Ctrl+Enter right after the last keystroke: every text lands in the field the key moved to, and every
 * Ctrl+Enter queues exactly one invoice. Letters typed into a number field are dropped as they are typed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

const ROUNDS = 20;
const CODE = '1090511030000000000';

let browser: Browser;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-keys-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100 } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function submittedCount(): Promise<number> {
  const list = await harness.core.router.dispatch('history:list', { limit: 200 });
  return list.ok ? (list.value as unknown[]).length : -1;
}

/** Types a goods line from its name field on: name, code, spec, unit, quantity, price (Tab between). */
async function typeLine(page: Page, name: string, quantity: string, price: string): Promise<void> {
  await page.keyboard.type(name);
  for (const text of [CODE, '', '', quantity, price]) {
    await page.keyboard.press('Tab');
    if (text) await page.keyboard.type(text);
  }
}

describe('keyboard speed', () => {
  it('Alt+D, Alt+N and Ctrl+Enter pressed straight after typing act at once, 20 times', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('issuance-form').waitFor();
    await page.getByTestId('buyer-name').click();

    for (let round = 1; round <= ROUNDS; round++) {
      // After each submission the cursor is back in the buyer's name, ready for the next invoice.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('buyer-name');
      await page.keyboard.type(`快键测试客户${round}`);
      await page.getByTestId('line-0-name').focus();
      await typeLine(page, '无线键盘', '2', '10x0');
      await page.keyboard.press('Alt+D');
      await page.keyboard.type('5');
      await page.keyboard.press('Alt+N');
      await typeLine(page, '无线鼠标', '1', '50');

      expect(await page.getByTestId('line-0-unit-price').inputValue()).toBe('100');
      expect(await page.getByTestId('line-1').getAttribute('data-kind')).toBe('discount');
      expect(await page.getByTestId('line-1-discount').inputValue()).toBe('5');
      expect(await page.getByTestId('line-2-name').inputValue()).toBe('无线鼠标');
      expect(await page.getByTestId('line-2-unit-price').inputValue()).toBe('50');
      if (round === 1) await screenshot(page, 'keyboard-speed-before-submit');

      const before = await submittedCount();
      await page.keyboard.press('Control+Enter');
      await expect.poll(submittedCount).toBe(before + 1);
    }
    // Every press queued exactly one invoice: twenty in the history, none twice.
    expect(await submittedCount()).toBe(ROUNDS);
    expect(errors).toEqual([]);
  }, 900_000);
});
