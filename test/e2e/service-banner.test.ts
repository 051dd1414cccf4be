/**
 * 服务不可达 in Chromium: the sandbox process is killed (SIGKILL) while it cannot start again, the app
 * shell shows the banner (zh-CN, then en) with a restart button, the clerk's history stays on screen;
 * once the sandbox can start, the button brings the service back and the banner goes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { createGatedLauncher } from '../support/gated-launcher.js';
import { childrenNamed } from '../support/sandbox-process.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
const launcher = createGatedLauncher();

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-service-banner-'));
  harness = await startHarness({ dataDir, sandboxLauncher: launcher });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('service banner', () => {
  it('shows 服务不可达 when the sandbox process dies and clears it after a restart from the banner', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await expect.poll(() => page.getByTestId('nav-history').isVisible()).toBe(true);
    expect(await page.getByTestId('service-banner').count()).toBe(0);

    launcher.hold();
    const sandboxes = childrenNamed('fapiao-sandbox');
    expect(sandboxes).toHaveLength(1);
    process.kill(sandboxes[0]!, 'SIGKILL');

    const banner = page.getByTestId('service-banner');
    await expect.poll(() => banner.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await banner.innerText()).toContain('服务不可达');
    await expect.poll(() => banner.getAttribute('data-state'), { timeout: 20_000 }).toBe('unreachable');
    await screenshot(page, 'service-banner-unreachable-zh');

    await page.getByTestId('language-switch').getByText('English', { exact: true }).click();
    await expect.poll(() => banner.innerText()).toContain('Service unreachable');
    expect(await banner.innerText()).not.toMatch(/[\u4e00-\u9fff\uff01-\uff5e\u3001\u3002]/);
    await screenshot(page, 'service-banner-unreachable-en');

    launcher.release();
    await page.getByTestId('service-reconnect').click();
    await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(0);
    expect(childrenNamed('fapiao-sandbox')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
