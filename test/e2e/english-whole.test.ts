/**
 * Issue 14 point 6 in Chromium: the English interface is English. Every view (and the issuance form's
 * dialogs that open without data) is walked in English; any CJK character or full-width punctuation in
 * the page text fails the test, except in data — the seller's own name, which is the enterprise's, and
 * the amount in words (大写), which is Chinese on every invoice whatever the interface language.
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
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-english-'));
  harness = await startHarness({ dataDir });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** CJK ideographs and the full-width punctuation a Chinese sentence brings along (，。：；（）「」！？、). */
const NOT_ENGLISH = /[\u3000-\u303f\u3400-\u9fff\uff01-\uff1f]/u;

/** Lines of the page's visible text that are not English, minus the data the test knows of. */
async function chineseLines(page: Page, data: readonly string[]): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .split('\n')
    .map((line) => data.reduce((rest, value) => rest.split(value).join(''), line))
    // The amount in words is Chinese on the invoice itself: 零元整, 壹佰圆…, 负… .
    .map((line) => line.replace(/[负零壹贰叁肆伍陆柒捌玖拾佰仟万亿元圆角分整]+/gu, ''))
    .filter((line) => NOT_ENGLISH.test(line));
}

describe('the English interface', () => {
  it('shows no Chinese outside data on any view', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('issuance-form').waitFor();
    await page.getByText('English', { exact: true }).click();
    const info = await harness.core.router.dispatch('app:info', {});
    const seller = info.ok ? (info.value as { seller: { name: string } }).seller.name : '';
    // The seller's name is the enterprise's own; 中文 is the language switch naming Chinese in Chinese, so a
    // clerk who switched by mistake finds the way back.
    const data = [seller, '中文'];

    const tabs = page.locator('[data-testid^="nav-"]');
    const keys = await tabs.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
    expect(keys.length).toBeGreaterThanOrEqual(5);
    const found: Record<string, string[]> = {};
    for (const key of keys) {
      await page.getByTestId(key).click();
      // Each view loads something from main; give it the chance to show it before reading.
      await expect.poll(() => page.evaluate(() => document.querySelectorAll('.ant-spin-spinning').length)).toBe(0);
      const lines = await chineseLines(page, data);
      if (lines.length > 0) found[key] = lines;
      await screenshot(page, `english-${key}`);
    }
    expect(found).toEqual({});
    expect(errors).toEqual([]);
  }, 180_000);
});
