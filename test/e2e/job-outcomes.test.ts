/**
 * Honest outcomes of multi-item jobs in Chromium against the harness (the embedded sandbox over real
 * HTTP, real SQLite), issue 23 point 3, each with a real failure the sandbox produces:
 * - 查验已接受: two accepted invoices verified in one go — one the tax authority knows (查验一致), one it
 *   does not (0009): the summary counts one consistent and one failed, in orange, and names the unknown
 *   invoice's number with 查无此票; never 完成.
 * - 今日同步 with the service answering 5xx to the main-information collection (the sandbox's fault switch,
 *   its control API): five kinds collected, one failed, named with its reason in words (no raw code or
 *   English transport text), while the others' progress bars still say what they did.
 * Screenshots in test/e2e/artifacts/job-outcome-*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { qrPng } from '../support/intake-fixtures.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { drop, item, knownSpecialInvoice } from './support/intake.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
let serviceBaseUrl: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-job-outcomes-'));
  harness = await startHarness({ dataDir, core: { sandboxControlApi: true } });
  const info = await harness.core.router.dispatch('app:info', {});
  if (!info.ok) throw new Error(info.error.message);
  serviceBaseUrl = (info.value as { serviceBaseUrl: string }).serviceBaseUrl.replace(/\/$/, '');
});
afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The sandbox's fault switch (its test-only control API). */
const faults = (body: object) => fetch(`${serviceBaseUrl}/sandbox/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('honest job outcomes', () => {
  it('verifying the accepted invoices counts 查无此票 as failed and names it', async () => {
    const known = await knownSpecialInvoice(serviceBaseUrl);

    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    await page.getByTestId('nav-intake').click();
    await drop(page, [
      { name: '未知发票.png', bytes: await qrPng('01,01,044031900111,99999999,100.00,20240302,,FFFF,'), type: 'image/png' },
      { name: '专票.png', bytes: await qrPng(`01,01,${known.fpdm},${known.fphm},${known.hjje},${known.kprq},${known.jym},0000,`), type: 'image/png' },
    ]);
    for (const name of ['未知发票.png', '专票.png']) await expect.poll(() => item(page, name).getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
    expect(await page.getByTestId('intake-verify-all').isDisabled()).toBe(true);
    // Accept both (Enter accepts the open file and opens the next).
    await item(page, '未知发票.png').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => item(page, '未知发票.png').getAttribute('data-status')).toBe('accepted');
    await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe('专票.png');
    await page.keyboard.press('Enter');
    await expect.poll(() => item(page, '专票.png').getAttribute('data-status')).toBe('accepted');

    await expect.poll(() => page.getByTestId('intake-verify-all').innerText()).toContain('2 张');
    await page.getByTestId('intake-verify-all').click();
    const summary = page.getByTestId('intake-verify-all-summary');
    await expect.poll(() => summary.getAttribute('data-failed'), { timeout: 60_000 }).toBe('1');
    expect(await summary.getAttribute('data-succeeded')).toBe('1');
    expect(await summary.getAttribute('data-tone')).toBe('warning');
    const text = await summary.innerText();
    expect(text).toContain('查验一致 1 张，失败 1 张');
    expect(text).not.toMatch(/完成/);
    const failures = page.getByTestId('intake-verify-all-failure');
    expect(await failures.count()).toBe(1);
    expect(await failures.first().innerText()).toBe('99999999：查无此票');
    expect(await page.getByTestId('intake-verify-all-progress').getAttribute('data-done')).toBe('2');
    // Nothing is left to verify: the button says so.
    await expect.poll(() => page.getByTestId('intake-verify-all').isDisabled()).toBe(true);
    await screenshot(page, 'job-outcome-1-verify-accepted');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('今日同步 with the main-information collection failing counts that kind failed and names it in words', async () => {
    expect((await faults({ errorRate: 1, endpoints: ['collectMainInformation'], seed: 7 })).status).toBe(200);
    try {
      const page = await browser.newPage({ viewport: { width: 1500, height: 1000 }, locale: 'zh-CN' });
      const errors = collectPageErrors(page);
      await page.goto(harness.url);
      await page.getByTestId('environment-banner').waitFor();
      await page.getByTestId('nav-ledger').click();
      await page.getByTestId('collection-sync').click();
      // While the runs go on: n/m, no summary yet.
      await page.getByTestId('collection-progress').waitFor();
      const summary = page.getByTestId('collection-summary');
      await expect.poll(() => summary.getAttribute('data-failed'), { timeout: 120_000 }).toBe('1');
      expect(await summary.getAttribute('data-succeeded')).toBe('5');
      expect(await summary.getAttribute('data-tone')).toBe('warning');
      const text = await summary.innerText();
      expect(text).toContain('已采集 5 类，失败 1 类');
      expect(text).not.toMatch(/完成/);
      const failure = await page.getByTestId('collection-failure').innerText();
      expect(failure).toMatch(/^主信息（无明细）：无法连接开票服务（.+），采集已暂停；下次同步时从中断处继续$/);
      expect(await page.getByTestId('collection-progress').innerText()).toBe('6/6');
      await screenshot(page, 'job-outcome-2-collection');

      // The same in English: the reason in words there too.
      await page.getByTestId('language-switch').getByText('English', { exact: true }).click();
      await expect.poll(() => summary.innerText()).toContain('5 kinds collected, 1 failed');
      expect(await page.getByTestId('collection-failure').innerText()).toMatch(/^Main information \(no lines\): Cannot reach the invoice service/);
      await screenshot(page, 'job-outcome-3-collection-en');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await faults({});
    }
  });
});
