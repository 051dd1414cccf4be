/**
 * Settings → 操作日志 in Chromium (issue 24: every row records who did what): an admin added on a desk without
 * clerks, an 开票员 added, a refused sign-in and the admin signed in again each show as one row — newest
 * first, the actor (本机 for the desk itself and the refused attempt), the desk, the action in words, the
 * record and its details; a clerk changed while the log is on screen shows without a refresh; the action filter
 * narrows it; an 开票员 is not shown the card and main refuses them the channel.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { addClerk, signIn } from './support/clerks.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-audit-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100 } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const rowTexts = (page: Page) => page.getByTestId('audit-table').locator('tbody tr.ant-table-row').allInnerTexts();

describe('操作日志', () => {
  it('shows who did what, newest first, live, filtered, to an admin only', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('clerks-none').waitFor();
    await addClerk(page, '王管理', 'admin', '975310');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-clerk')).toBe('王管理');
    await addClerk(page, '李开票', 'issuer', '246810');
    await expect.poll(() => page.getByTestId('clerks-team').innerText()).toContain('李开票');

    // Signed out, a wrong PIN, then the admin again.
    await page.getByTestId('clerk-menu').click();
    await page.getByTestId('clerk-sign-out').click();
    await signIn(page, '王管理', '000000');
    await expect.poll(() => page.getByTestId('sign-in-problem').innerText()).toContain('姓名或 PIN 不正确');
    await page.getByTestId('sign-in-pin').fill('975310');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('admin');
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('audit-card');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
    const rows = await rowTexts(page);
    expect(rows[0]).toContain('登录');
    expect(rows[0]).toContain('王管理');
    expect(rows[1]).toContain('登录被拒');
    expect(rows[1]).toContain('本机');
    expect(rows[1]).toContain('原因: 姓名或 PIN 不正确');
    expect(rows[2]).toContain('退出登录');
    expect(rows[3]).toContain('添加操作员');
    expect(rows[3]).toContain('李开票');
    expect(rows[4]).toContain('添加操作员');
    expect(rows[4]).toContain('本机');
    expect(await page.getByTestId('audit-total').innerText()).toContain('5');
    await screenshot(page, 'audit-log');

    // Live: a role changed in 操作员 above shows here without 刷新.
    await page.getByTestId('clerk-row-李开票').locator('[data-testid^="clerk-role-"]').click();
    await page.locator('.ant-select-dropdown:visible').getByText('复核', { exact: true }).click();
    await expect.poll(async () => (await rowTexts(page))[0]).toContain('修改角色');
    // The detail in words: the role as the clerk knows it, not main's code.
    expect((await rowTexts(page))[0]).toContain('改为: 复核');
    expect((await rowTexts(page))[0]).not.toContain('reviewer');

    // Filtered by action.
    await page.getByTestId('audit-action').click();
    await page.keyboard.type('添加操作员');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await rowTexts(page)).length).toBe(2);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'audit-log-filtered');

    // An 开票员 is not shown the log, and main refuses it.
    const refused = (await page.evaluate(async () => {
      await window.api.clerks.signOut();
      await window.api.clerks.signIn({ name: '李开票', pin: '246810' });
      return window.api.audit.list({});
    })) as { ok: boolean; error?: { key: string } };
    expect(refused).toMatchObject({ ok: false, error: { key: 'auth.forbidden' } });
    expect(errors).toEqual([]);
  });

  it('names an invoice by its number, its type and blue or red, and a red invoice as its own event', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('sign-in').or(page.getByTestId('environment-banner')).first().waitFor();
    // The admin issues a blue 电子普通发票 and reverses it in full, straight through the page's API.
    const blue = (await page.evaluate(async () => {
      await window.api.clerks.signOut();
      await window.api.clerks.signIn({ name: '王管理', pin: '975310' });
      const submitted = await window.api.issuance.submit({
        invoiceType: '026',
        buyerName: '杭州云栖商贸有限公司',
        issuer: '王管理',
        lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '2', unitPrice: '25.00', rate: '0.13' }],
      } as never);
      if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
      return submitted.value as { id: number; lsh: string };
    }))!;
    expect(blue).not.toBeNull();
    const numberOf = async (id: number) =>
      page.evaluate(async (invoiceId) => {
        const detail = await window.api.history.detail({ id: invoiceId });
        return detail.ok ? ((detail.value as { summary: { invoiceNumber: string | null } }).summary.invoiceNumber ?? null) : null;
      }, id);
    await expect.poll(() => numberOf(blue.id), { timeout: 60_000 }).not.toBeNull();
    const red = (await page.evaluate(async (id) => {
      const started = await window.api.reversal.start({ blueInvoiceId: id, reason: '2' } as never);
      if (!started.ok) throw new Error(JSON.stringify(started.error));
      return (started.value as { invoice: { id: number } }).invoice;
    }, blue.id))!;
    expect(red).not.toBeNull();
    await expect.poll(() => numberOf(red.id), { timeout: 60_000 }).not.toBeNull();
    const blueNumber = (await numberOf(blue.id))!;
    const redNumber = (await numberOf(red.id))!;

    await page.reload();
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('audit-card').scrollIntoViewIfNeeded();
    const row = (action: string) => page.getByTestId(`audit-row-${action}`).first();
    await expect.poll(() => row('reversal.redIssued').innerText()).toContain(`No.${redNumber}（电子普通发票 · 红字）`);
    expect(await row('reversal.redIssued').innerText()).toContain('开具红字发票');
    expect(await row('reversal.redIssued').innerText()).toContain(`蓝字发票号码: ${blueNumber}`);
    expect(await row('invoice.submitted').innerText()).toContain(`No.${blueNumber}（电子普通发票 · 蓝字）`);
    // The type in words, blue or red in words: not the codes main stored.
    expect(await row('invoice.submitted').innerText()).toContain('发票类型: 电子普通发票');
    expect(await row('invoice.submitted').innerText()).toContain('蓝字/红字: 蓝字');
    expect(await row('invoice.submitted').innerText()).not.toMatch(/发票类型: 026|: blue/);
    // A clerk's event names the clerk, not a row id.
    expect(await row('clerk.signedIn').innerText()).toContain('操作员 王管理');
    await screenshot(page, 'audit-log-invoices');
    expect(errors).toEqual([]);
    await page.close();
  });
});
