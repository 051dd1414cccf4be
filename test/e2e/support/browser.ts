/**
 * @needs chromium
 * Debian's Chromium (its headless shell when installed, test/support/chromium-path.ts) driven by
 * playwright-core (a test tool's own browser download fails on these machines). The flags keep a root-run
 * headless Chromium from calling out to a closed network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from '../../harness/server.js';
import { chromiumPath } from '../../support/chromium-path.js';

export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test/e2e/artifacts');

/**
 * `motion: 'reduced'` (the default) opens every page as on a system asking for less motion, which the desk
 * honours (renderer/src/app/theme.ts): antd's transitions — a third of the browser's work in the tests that
 * open many dialogs — are left out. `motion: 'full'` keeps them, for tests of what happens as an animation
 * ends. (Playwright emulates 'no-preference' unless told otherwise, so Chromium's own switch would not hold.)
 */
export async function launchChromium(options: { motion?: 'reduced' | 'full' } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  if (options.motion === 'full') return browser;
  const newPage = browser.newPage.bind(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newPage = (pageOptions = {}) => newPage({ reducedMotion: 'reduce', ...pageOptions });
  browser.newContext = (contextOptions = {}) => newContext({ reducedMotion: 'reduce', ...contextOptions });
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fails the test on any page error or console error, so a broken UI cannot pass quietly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * Waits until the focus is back inside `selector` (by default an open drawer). A dialog opened from a drawer
 * gives the focus back to the button that opened it a moment after it leaves the page; a key typed before that
 * lands on the body, which no drawer listens to — on a busy machine the moment is long enough to lose an
 * Escape (print, print-dialog). The focus coming back is the keyboard behaviour a clerk relies on: waited for.
 */
export async function focusBackIn(page: Page, selector = '.ant-drawer'): Promise<void> {
  await expect.poll(() => page.evaluate((inside) => (document.activeElement?.closest(inside) ?? null) !== null, selector)).toBe(true);
}
