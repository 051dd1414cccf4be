/**
 * Issue 15 in Chromium: the history over a data folder holding 100,000 output invoices (generated in
 * SQL before the harness starts, the app's own triggers building its indexes). The first page shows
 * at once without loading the rest; the table scrolls to row 90,000 and shows the right invoices
 * there; a 2-character search (医药) finds exactly the invoices whose buyer holds it, and scrolling
 * to the end of that result shows the oldest of them; a 1-character search asks for a second one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_DB_FILE } from '../../main/core.js';
import { closeDatabase, openDatabase } from '../../main/db/open.js';
import { environmentOf, generateHistory, nameOf } from '../bench/history-data.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

const ROWS = 100_000;
let browser: Browser;
let harness: Harness;
// One page for both tests (a fresh load costs seconds); its errors gather from the load on.
let page: Page;
let errors: string[];
let table: Locator;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-large-'));

/** Sandbox rows newest first (what the history lists), optionally only those whose buyer holds `text`. */
function expectedXs(text?: string): number[] {
  const xs: number[] = [];
  for (let x = ROWS; x >= 1; x--) if (environmentOf(x) === 'sandbox' && (text === undefined || nameOf(x).includes(text))) xs.push(x);
  return xs;
}

beforeAll(async () => {
  // Chromium starts while the rows are generated (a synchronous load); afterAll closes it either way.
  const launching = launchChromium();
  try {
    const db = openDatabase(path.join(dataDir, HISTORY_DB_FILE));
    generateHistory(db, ROWS);
    closeDatabase(db);
  } finally {
    browser = await launching;
  }
  harness = await startHarness({ dataDir });
  ({ page, errors, table } = await openHistory());
}, 300_000);

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function scrollTo(table: Locator, index: number): Promise<void> {
  await table.evaluate((element, top) => {
    element.scrollTop = top;
  }, index * 36);
}
const rowAt = (table: Locator, index: number) => table.locator(`tr[data-index="${index}"]`);

async function openHistory(): Promise<{ page: Page; errors: string[]; table: Locator }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('environment-banner').waitFor();
  await page.getByTestId('nav-history').click();
  const table = page.getByTestId('history-table');
  await table.waitFor();
  return { page, errors, table };
}

describe('history over 100,000 invoices', () => {
  it('shows the first page without loading the rest, and row 90,000 after scrolling there', async () => {
    const all = expectedXs();
    await expect.poll(() => rowAt(table, 0).getAttribute('data-lsh')).toBe(`B${all[0]}`);
    await expect.poll(() => table.getAttribute('data-total')).toBe(String(all.length));
    // A screenful and the page after it, not the 95,000.
    expect(Number(await table.getAttribute('data-loaded'))).toBeLessThanOrEqual(200);
    await expect.poll(() => page.getByTestId('history-count').innerText()).toContain(String(all.length));
    await screenshot(page, 'history-large-first-page');

    await scrollTo(table, 90_000);
    await expect.poll(() => rowAt(table, 90_000).getAttribute('data-lsh'), { timeout: 120_000 }).toBe(`B${all[90_000]}`);
    expect(await rowAt(table, 90_001).getAttribute('data-lsh')).toBe(`B${all[90_001]}`);
    // Only what is in view (and a few around it) is in the page.
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(60);
    await screenshot(page, 'history-large-row-90000');
    expect(errors).toEqual([]);
  }, 240_000);

  it('searches a 2-character fragment and scrolls to the end of the result', async () => {
    // Back at the top, where the first test found the history when it opened.
    await scrollTo(table, 0);
    await expect.poll(() => rowAt(table, 0).getAttribute('data-lsh')).toBe(`B${expectedXs()[0]}`);
    const found = expectedXs('医药');
    await page.getByTestId('filter-text').locator('input').fill('医药');
    await page.getByTestId('filter-text').locator('input').press('Enter');
    await expect.poll(() => rowAt(table, 0).getAttribute('data-lsh')).toBe(`B${found[0]}`);
    await expect.poll(() => table.getAttribute('data-total')).toBe(String(found.length));
    expect(await rowAt(table, 0).innerText()).toContain('医药');
    await screenshot(page, 'history-large-search-first-page');

    const last = found.length - 1;
    await scrollTo(table, last);
    await expect.poll(() => rowAt(table, last).getAttribute('data-lsh'), { timeout: 60_000 }).toBe(`B${found[last]}`);
    expect(await rowAt(table, last).innerText()).toContain(nameOf(found[last] ?? 0));
    expect(await table.getAttribute('data-loaded')).toBe(String(found.length));
    await screenshot(page, 'history-large-search-end');

    await page.getByTestId('filter-text').locator('input').fill('医');
    await page.getByTestId('filter-text').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('history-count').innerText()).toContain('请至少输入两个字');
    expect(errors).toEqual([]);
  }, 240_000);
});
