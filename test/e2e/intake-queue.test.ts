/**
 * A queue of 200 files stays responsive: 200 QR pictures dropped at once; while they are being read the
 * clerk opens one that is ready and its review shows, the counts move, and every file ends ready.
 * Waits on conditions only (no time budget): responsiveness here means the page keeps answering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness/server.js';
import { qrPng } from '../support/intake-fixtures.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let dataDir: string;
beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-intake200-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('intake queue of 200 files', () => {
  it('stays usable while 200 dropped files are read', async () => {
    const harness = await startHarness({ dataDir });
    try {
      const page = await browser.newPage({ viewport: { width: 1500, height: 1000 }, locale: 'zh-CN' });
      const errors = collectPageErrors(page);
      await page.goto(harness.url);
      await page.getByTestId('nav-intake').click();
      await page.getByTestId('intake-view').waitFor();
      const files = [];
      for (let index = 0; index < 200; index++) {
        const number = String(30_000_000 + index);
        files.push({ name: `q-${String(index).padStart(3, '0')}.png`, b64: Buffer.from(await qrPng(`01,04,044031900111,${number},${(10 + index).toFixed(2)},20240302,0987654321098765${String(index).padStart(4, '0')},FFFF,`)).toString('base64') });
      }
      const dataTransfer = await page.evaluateHandle((list) => {
        const transfer = new DataTransfer();
        for (const file of list) transfer.items.add(new File([Uint8Array.from(atob(file.b64), (c) => c.charCodeAt(0))], file.name, { type: 'image/png' }));
        return transfer;
      }, files);
      await page.getByTestId('intake-drop').dispatchEvent('drop', { dataTransfer });
      await expect.poll(() => page.getByTestId('intake-item').count(), { timeout: 120_000 }).toBe(200);
      // While the rest is still being read, open the first ready one: the review answers.
      const first = page.locator('[data-testid="intake-item"][data-status="ready"]').first();
      await first.waitFor({ timeout: 120_000 });
      await first.click();
      await expect.poll(() => page.getByTestId('intake-field-fphm').inputValue()).toMatch(/^3000\d{4}$/);
      await screenshot(page, 'intake-200-while-reading');
      await expect.poll(() => page.locator('[data-testid="intake-item"][data-status="ready"]').count(), { timeout: 240_000 }).toBe(200);
      expect(await page.getByTestId('intake-counts').innerText()).toContain('共 200 个：待审 200');
      expect(errors).toEqual([]);
    } finally {
      await harness.close();
    }
  }, 400_000);
});
