/**
 * The UI tells a clerk why a button is not theirs (issue 34 point 5), in Chromium against the real core: an
 * 开票员 in settings finds 恢复 and 更改备份文件夹… greyed — no longer offered and refused after the click — and
 * every admin's button greyed says, on hover, which right it needs (需要管理员权限; in English "Needs administrator
 * rights"); an admin sees them enabled. And settings → 操作员 shows a clerk locked after wrong PINs, which the
 * admin unlocks there (issue 34 point 3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { signIn, signOut } from './support/clerks.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-rights-'));
  harness = await startHarness({ dataDir });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Hovers the span around a greyed control and answers the tooltip's text. */
async function why(page: Page, testId: string): Promise<string> {
  await page.getByTestId(`${testId}-why`).hover();
  const tip = page.locator('[role="tooltip"]:visible').last();
  await tip.waitFor({ timeout: 5000 }).catch(async (error: unknown) => {
    await screenshot(page, `rights-no-tip-${testId}`);
    throw new Error(`no tooltip on ${testId}: ${String(error)}`);
  });
  const text = await tip.innerText();
  await page.mouse.move(0, 0);
  await tip.waitFor({ state: 'hidden' });
  return text;
}

const ADMIN_BUTTONS = ['test-connection', 'use-sandbox', 'save-remote', 'ledger-choose-folder', 'tax-code-import', 'team-save'];

describe('buttons that are not the clerk’s', () => {
  it('are greyed for an issuer, each saying which right it needs, in both languages; an admin has them', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    const added = await page.evaluate(async () => {
      const results = [
        await window.api.clerks.add({ name: '王管理', role: 'admin', pin: '975310' }),
        await window.api.clerks.add({ name: '李开票', role: 'issuer', pin: '246810' }),
        await window.api.ledger.backupNow(),
      ];
      await window.api.clerks.signOut();
      return results.every((result) => result.ok);
    });
    expect(added).toBe(true);
    await page.reload();
    await signIn(page, '李开票', '246810');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('issuer');

    await page.getByTestId('nav-settings').click();
    const restore = page.locator('[data-testid^="ledger-restore-"][data-testid$="-why"]');
    await expect.poll(() => restore.count()).toBeGreaterThan(0);
    const restoreId = (await restore.first().getAttribute('data-testid'))!.replace(/-why$/, '');
    expect(await page.getByTestId(restoreId).isDisabled()).toBe(true);
    expect(await why(page, restoreId)).toBe('需要管理员权限');
    for (const id of ADMIN_BUTTONS) {
      expect(await page.getByTestId(id).isDisabled(), id).toBe(true);
      expect(await why(page, id), id).toBe('需要管理员权限');
    }
    // Backing up and checking are every clerk's: enabled, with nothing to explain.
    expect(await page.getByTestId('ledger-backup-now').isEnabled()).toBe(true);
    expect(await page.getByTestId('ledger-backup-now-why').count()).toBe(0);
    await page.getByTestId('ledger-data').scrollIntoViewIfNeeded();
    await page.getByTestId(`${restoreId}-why`).hover();
    await page.locator('[role="tooltip"]:visible').last().waitFor();
    await screenshot(page, 'rights-restore-greyed');
    await page.mouse.move(0, 0);
    await page.locator('[role="tooltip"]:visible').waitFor({ state: 'detached' }).catch(() => undefined);
    await expect.poll(() => page.locator('[role="tooltip"]:visible').count()).toBe(0);

    await page.getByTestId('language-switch').getByText('English', { exact: true }).click();
    await expect.poll(() => page.getByTestId('nav-settings').innerText()).toBe('Settings');
    expect(await why(page, restoreId)).toBe('Needs administrator rights');
    expect(await why(page, 'ledger-choose-folder')).toBe('Needs administrator rights');
    await page.getByTestId('language-switch').getByText('中文', { exact: true }).click();

    // The admin: the same buttons enabled, no tooltip of a missing right.
    await signOut(page);
    await signIn(page, '王管理', '975310');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('admin');
    await page.getByTestId('nav-settings').click();
    await expect.poll(() => page.getByTestId(restoreId).isEnabled()).toBe(true);
    for (const id of ['test-connection', 'save-remote', 'ledger-choose-folder', 'team-save']) {
      expect(await page.getByTestId(id).isEnabled(), id).toBe(true);
      expect(await page.getByTestId(`${id}-why`).count(), id).toBe(0);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a clerk locked after five wrong PINs in settings → 操作员, where the admin unlocks them', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    // Whoever the desk has signed in (main keeps the session across pages) signs out first.
    await page.getByTestId('environment-banner').or(page.getByTestId('sign-in')).first().waitFor();
    await page.evaluate(() => window.api.clerks.signOut());
    await page.reload();
    await signIn(page, '王管理', '975310');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('admin');
    // Someone guesses the issuer's PIN (at this desk, straight through the API): the fifth wrong one locks.
    const answers = await page.evaluate(async () => {
      const keys: string[] = [];
      for (const pin of ['000001', '000002', '000003', '000004', '000005']) {
        const answer = await window.api.clerks.signIn({ name: '李开票', pin });
        keys.push(answer.ok ? 'signed in' : answer.error.key);
      }
      return keys;
    });
    expect(answers).toEqual(['clerks.signInRefused', 'clerks.signInRefused', 'clerks.signInRefused', 'clerks.signInRefused', 'clerks.locked']);
    await page.getByTestId('nav-settings').click();
    const row = page.getByTestId('clerk-row-李开票');
    await expect.poll(() => row.innerText()).toContain('已锁定');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'clerks-locked');
    await row.locator('[data-testid^="clerk-unlock-"]').click();
    await expect.poll(() => row.innerText()).not.toContain('已锁定');
    expect(await row.locator('[data-testid^="clerk-unlock-"]').count()).toBe(0);
    // 操作日志 says both in words.
    await expect.poll(() => page.getByTestId('audit-row-clerk.lockedOut').innerText()).toContain('连续输错 PIN，已锁定');
    expect(await page.getByTestId('audit-row-clerk.lockedOut').innerText()).toContain('李开票');
    await expect.poll(() => page.getByTestId('audit-row-clerk.unlocked').innerText()).toContain('解除锁定');
    // The issuer signs in again.
    await signOut(page);
    await signIn(page, '李开票', '246810');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('issuer');
    expect(errors).toEqual([]);
    await page.close();
  });
});
