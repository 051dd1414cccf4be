/**
 * Paths only from the clerk (issue 22.6, docs/security.md): a page that names a path main did not hand out
 * — as hostile script in the renderer would — gets `intake:addPaths` refused (VALIDATION_FAILED,
 * intake.pathNotGranted) and nothing reaches the queue; the preload-only grant channel is refused by the
 * bridge as Electron's page cannot reach it; a path main handed out itself (the file picker, through the
 * harness's dialog port) is read. Screenshot in test/e2e/artifacts/.
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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-intake-paths-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('intake paths', () => {
  it('a renderer call of intake:addPaths with a path main did not hand out is refused; a picked file is read', async () => {
    const harness = await startHarness({ dataDir });
    try {
      const secret = path.join(dataDir, 'not-for-the-page.png');
      fs.writeFileSync(secret, await qrPng('01,32,,24312000000012345678,2260.00,20240415,,C3D4'));
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
      const errors = collectPageErrors(page);
      await page.goto(harness.url);
      await page.getByTestId('nav-intake').click();
      await page.getByTestId('intake-view').waitFor();

      // Script in the page names paths itself: refused, whatever the path.
      const refused = await page.evaluate(async (paths) => {
        const api = (window as unknown as { api: { intake: { addPaths(request: unknown): Promise<{ ok: boolean; error?: { code: string; key: string } }> } } }).api;
        const answers = [];
        for (const target of paths) answers.push(await api.intake.addPaths({ paths: [target], origin: 'drop' }));
        // What the page is shown, for the screenshot: the refusal as the app words its key.
        const box = document.createElement('pre');
        box.dataset.testid = 'hostile-call';
        box.style.cssText = 'position:fixed;right:12px;bottom:12px;z-index:9999;background:#fff1f0;border:1px solid #ff4d4f;padding:12px;font-size:13px;max-width:640px;white-space:pre-wrap';
        box.textContent = `window.api.intake.addPaths(${JSON.stringify(paths)})\n→ ${JSON.stringify(answers.map((answer) => answer.error ?? answer))}`;
        document.body.append(box);
        return answers;
      }, [secret, '/etc/hostname']);
      for (const answer of refused) expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'intake.pathNotGranted' } });

      // The grant channel is the preload's alone: the bridge refuses it as Electron's page cannot reach it.
      const grant = await page.evaluate(async ({ origin, token, target }) => {
        const response = await fetch(`${origin}/__bridge/invoke`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bridge-token': token }, body: JSON.stringify({ channel: 'intake:grantPaths', payload: { paths: [target] } }) });
        return response.status;
      }, { origin: harness.origin, token: harness.token, target: secret });
      expect(grant).toBe(403);
      expect(await page.evaluate(async (target) => {
        const api = (window as unknown as { api: { intake: { addPaths(request: unknown): Promise<{ ok: boolean }> } } }).api;
        return (await api.intake.addPaths({ paths: [target], origin: 'drop' })).ok;
      }, secret)).toBe(false);
      expect(await page.getByTestId('intake-item').count()).toBe(0);
      await screenshot(page, 'intake-paths-1-refused');

      // The same file chosen by the clerk in main's own dialog is read.
      harness.nextOpenPath = secret;
      await page.getByTestId('intake-pick').click();
      await expect.poll(() => page.locator('[data-testid="intake-item"][data-name="not-for-the-page.png"]').getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      await screenshot(page, 'intake-paths-2-picked');
      // The one console error is the bridge's 403 to the grant call above.
      expect(errors.filter((error) => !error.includes('status of 403'))).toEqual([]);
    } finally {
      await harness.close();
    }
  }, 300_000);
});
