/**
 * The recovery screen in Chromium (issue 10 points 1 and 2): a data folder whose history.db was emptied
 * opens on the recovery screen, not on the issuing form; the newest good backup is offered and restoring
 * it brings the history back; starting fresh is only possible after typing the confirmation word. A
 * read-only data folder (a tmpfs remounted read-only; root here and in CI) says so and offers Retry, not
 * restore or start fresh; Retry after the folder takes writes again opens the same history.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE } from '../../main/core.js';
import type { BackupView } from '../../shared/ipc/index.js';
import { startHarness, type Harness } from '../harness/server.js';
import { createTestCipher } from '../support/test-cipher.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
const harnesses: Harness[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  for (const harness of harnesses) await harness.close();
  await browser?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder with one saved draft and a manual backup, whose history.db is then emptied. */
async function emptiedFolder(): Promise<{ dataDir: string; backup: BackupView }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-recovery-'));
  dirs.push(dataDir);
  const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
  await core.router.dispatch('issuance:saveDraft', { invoiceType: '026', buyerName: '恢复测试买方', total: '10.00', content: {} });
  const backup = await core.router.dispatch('ledger:backupNow', {});
  await core.close();
  if (!backup.ok) throw new Error(backup.error.message);
  fs.truncateSync(path.join(dataDir, HISTORY_DB_FILE), 0);
  return { dataDir, backup: backup.value as BackupView };
}

async function open(dataDir: string) {
  const harness = await startHarness({ dataDir, core: { dailyBackups: false } });
  harnesses.push(harness);
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  await page.goto(harness.url);
  return { harness, page };
}

describe('recovery screen', () => {
  it('refuses an emptied history and restores the newest good backup', async () => {
    const { dataDir } = await emptiedFolder();
    const { harness, page } = await open(dataDir);
    const errors = collectPageErrors(page);
    await page.getByTestId('recovery-screen').waitFor();
    await expect(page.getByTestId('recovery-problem').innerText()).resolves.toContain('是空的');
    expect(await page.getByTestId('nav-issue').count()).toBe(0);
    await screenshot(page, 'recovery-empty');
    const submit = await harness.core.router.dispatch('issuance:submit', {});
    expect(submit).toMatchObject({ ok: false, error: { code: 'DATABASE_RECOVERY' } });

    await page.getByTestId('recovery-restore').click();
    await page.getByTestId('nav-issue').waitFor();
    const drafts = await harness.core.router.dispatch('issuance:listDrafts', {});
    expect(drafts).toMatchObject({ ok: true, value: { rows: [{ buyerName: '恢复测试买方' }] } });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('starts fresh only after the confirmation word is typed', async () => {
    const { dataDir } = await emptiedFolder();
    const { page } = await open(dataDir);
    await page.getByTestId('recovery-screen').waitFor();
    await expect(page.getByTestId('recovery-fresh').isDisabled()).resolves.toBe(true);
    await page.getByTestId('recovery-fresh-word').fill('好的');
    await expect(page.getByTestId('recovery-fresh').isDisabled()).resolves.toBe(true);
    await page.getByTestId('recovery-fresh-word').fill('重新开始');
    await page.getByTestId('recovery-fresh').click();
    await page.getByTestId('nav-issue').waitFor();
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('ledger-data').waitFor();
    await screenshot(page, 'settings-data-and-backups');
    await page.close();
  }, 120_000);

  it('a read-only data folder: the screen says so, offers Retry, and Retry opens the same history once it is writable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-readonly-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dataDir]);
    try {
      const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
      await core.router.dispatch('issuance:saveDraft', { invoiceType: '026', buyerName: '只读测试买方', total: '10.00', content: {} });
      await core.close();
      execFileSync('mount', ['-o', 'remount,ro', dataDir]);

      const { harness, page } = await open(dataDir);
      const errors = collectPageErrors(page);
      await page.getByTestId('recovery-screen').waitFor();
      await expect(page.getByTestId('recovery-problem').innerText()).resolves.toContain('只读');
      expect(await page.getByTestId('recovery-restore').count()).toBe(0);
      expect(await page.getByTestId('recovery-fresh').count()).toBe(0);
      await screenshot(page, 'recovery-read-only');
      // Still read-only: Retry keeps the screen.
      await page.getByTestId('recovery-retry').click();
      await expect.poll(() => harness.core.router.dispatch('ledger:status', {})).toMatchObject({ ok: true, value: { problem: 'read-only' } });
      await page.getByTestId('recovery-screen').waitFor();

      execFileSync('mount', ['-o', 'remount,rw', dataDir]);
      await page.getByTestId('recovery-retry').click();
      await page.getByTestId('nav-issue').waitFor();
      const drafts = await harness.core.router.dispatch('issuance:listDrafts', {});
      expect(drafts).toMatchObject({ ok: true, value: { rows: [{ buyerName: '只读测试买方' }] } });
      expect(errors).toEqual([]);
      await page.close();
      await harness.close();
      harnesses.splice(harnesses.indexOf(harness), 1);
    } finally {
      execFileSync('umount', ['-l', dataDir]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
