/**
 * 设置 in Chromium: test the connection to the embedded sandbox, save a remote service (the AppSecret goes
 * into main's vault and is never shown again), see that it takes effect at the next start, switch back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
const SECRET = 'e2e-secret-must-never-show-0123456789';

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-settings-'));
  harness = await startHarness({ dataDir });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('settings', () => {
  it('tests the connection, saves a remote service without ever showing its secret, and switches back', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-settings').click();
    await expect.poll(() => page.getByTestId('settings-environment').innerText()).toContain('测试环境');

    await page.getByTestId('test-connection').click();
    await expect.poll(() => page.getByTestId('connection-result').innerText(), { timeout: 60_000 }).toContain('连接成功');

    await page.getByTestId('remote-base-url').fill('https://fapiao.example.com/api');
    await page.getByTestId('remote-app-key').fill('live-app-key');
    await page.getByTestId('remote-app-secret').fill(SECRET);
    await page.getByTestId('remote-seller-tax').fill('91310000MA1FL8XQ5D');
    await page.getByTestId('remote-seller-name').fill('上海演示科技有限公司');
    await page.getByTestId('save-remote').click();
    await page.getByTestId('settings-restart').waitFor();
    await expect(page.getByTestId('settings-environment').innerText()).resolves.toContain('测试环境');
    await expect(page.getByTestId('remote-app-secret').inputValue()).resolves.toBe('');
    await expect(page.content()).resolves.not.toContain(SECRET);
    await expect(page.getByTestId('settings-view').innerText()).resolves.toContain('已保存 AppSecret');
    // The new address was confirmed in main's own dialog, not in the page.
    expect(harness.confirmQuestions.map((q) => q.detail)).toEqual([expect.stringContaining('https://fapiao.example.com/api')]);
    await screenshot(page, 'settings-remote-saved');

    await page.getByTestId('use-sandbox').click();
    await expect.poll(async () => page.getByTestId('settings-restart').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names the wrong field when the address is not a URL, and saves nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    await page.goto(harness.url);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('remote-base-url').fill('ftp://nope');
    await page.getByTestId('remote-app-key').fill('k');
    await page.getByTestId('remote-app-secret').fill('s');
    await page.getByTestId('save-remote').click();
    await expect.poll(() => page.locator('.ant-notification').innerText(), { timeout: 60_000 }).toContain('服务地址');
    const settings = await harness.core.router.dispatch('settings:get', {});
    expect(settings).toMatchObject({ ok: true, value: { environment: 'sandbox' } });
    await page.close();
  });

  it('follows the system\'s motion setting live: no transitions when it asks for less motion', async () => {
    // This browser opens pages as a system asking for less motion (support/browser.ts); a page can say otherwise.
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    await page.goto(harness.url);
    await page.getByTestId('nav-settings').click();
    // The views' tab bar slides its ink bar under the chosen tab, in 0.3 s with motion.
    const inkBar = page.locator('.ant-tabs-ink-bar').first();
    const moving = async () => /[1-9]/.test(await inkBar.evaluate((element) => getComputedStyle(element).transitionDuration));
    await expect.poll(() => page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await expect.poll(moving).toBe(false);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(moving).toBe(true);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(moving).toBe(false);
    await page.close();
  });
});
