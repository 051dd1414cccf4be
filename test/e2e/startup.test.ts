/**
 * The window at once (issue 26 point 3), in Chromium on the browser harness, which serves the page before
 * the core has started as the app's window does. The sandbox's process is started by a launcher that
 * runs a real Node process which ends before it is ready (as a broken sandbox would) once the test opens
 * its gate: the page shows the start-up state first, then — without waiting for any timeout — what
 * failed and what to do; nothing else answers meanwhile. Retry with a working sandbox opens the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeSandboxLauncher, type SandboxLauncher } from '../../main/sandbox-service/launcher.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-startup-'));

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A sandbox entry that waits for `gate` to exist, then ends with code 3 without ever reporting ready. */
function brokenSandbox(gate: string): string {
  const file = path.join(dir, 'broken-sandbox.cjs');
  fs.writeFileSync(
    file,
    `const fs = require('node:fs');
setInterval(() => {
  if (!fs.existsSync(${JSON.stringify(gate)})) return;
  process.stderr.write('broken sandbox (test): ending before it is ready\\n');
  process.exit(3);
}, 50);
`,
  );
  return file;
}

describe('start-up screen', () => {
  it('shows the start-up state at once, then what failed when the sandbox cannot start, and starts on retry', async () => {
    const gate = path.join(dir, 'gate');
    const broken = createNodeSandboxLauncher({ file: brokenSandbox(gate), execArgv: [] });
    const working = createNodeSandboxLauncher();
    let launcher: SandboxLauncher = broken;
    harness = await startHarness({ dataDir: path.join(dir, 'data'), sandboxLauncher: { launch: (config) => launcher.launch(config) }, waitForStart: false });
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);

    await page.getByTestId('startup-starting').waitFor();
    await expect(page.getByTestId('startup-starting').innerText()).resolves.toContain('正在启动发票工作台');
    await screenshot(page, 'startup-starting');
    // While starting, the app's other calls are refused, not left hanging.
    await expect(harness.core.router.dispatch('app:info', {})).resolves.toMatchObject({ ok: false, error: { code: 'APP_STARTING' } });

    fs.writeFileSync(gate, '');
    await page.getByTestId('startup-failed').waitFor();
    await expect(page.getByTestId('startup-what').innerText()).resolves.toContain('测试环境的开票服务（沙箱）未能启动');
    await expect(page.getByTestId('startup-todo').innerText()).resolves.toContain('sandbox 文件夹改名');
    await expect(page.getByTestId('startup-detail').innerText()).resolves.toContain('code 3');
    await expect(page.getByText(path.join(dir, 'data'), { exact: false }).count()).resolves.toBeGreaterThan(0);
    expect(await page.getByTestId('nav-issue').count()).toBe(0);
    await screenshot(page, 'startup-failed-sandbox');

    await page.getByTestId('startup-open-folder').click();
    await expect.poll(() => harness!.openedPaths).toEqual([path.join(dir, 'data')]);

    launcher = working;
    await page.getByTestId('startup-retry').click();
    await page.getByTestId('nav-issue').waitFor();
    await expect(harness.core.router.dispatch('app:info', {})).resolves.toMatchObject({ ok: true, value: { environment: 'sandbox' } });
    await screenshot(page, 'startup-retried');
    expect(errors).toEqual([]);
  });
});
