/**
 * Clerks who sign their work, in Chromium (issue 24 point 5): on a desk without clerks the first one is added
 * in settings → 操作员 as an admin, who adds an 开票员; signed out, the desk shows only the sign-in screen
 * (name, PIN, Enter; a wrong PIN is said); the issuer issues an invoice whose 开票人 and 开票员 are the clerk,
 * is not offered 冲红 nor enterprise management, and main refuses those channels called straight from the
 * page with auth.forbidden naming the right. A page still showing an admin's button after main's clerk
 * changed gets the refusal in words: main's check is what counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../sandbox/index.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { addClerk, signIn, signOut } from './support/clerks.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
const BUYER = '杭州云栖商贸有限公司';

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-clerks-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100 } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Refusal = { ok: boolean; error?: { code: string; key: string; params: Record<string, unknown> } };

describe('clerks and rights', () => {
  it('signs an issuer in, signs their invoice, and refuses them reversal and enterprise management in main', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();

    // No clerks: the desk works as before; settings → 操作员 adds the first one, an admin, who is then signed in.
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('clerks-none').waitFor();
    await page.getByTestId('clerks-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'clerks-none');
    await addClerk(page, '王管理', 'admin', '975310');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-clerk')).toBe('王管理');
    await addClerk(page, '李开票', 'issuer', '246810');
    await expect.poll(() => page.getByTestId('clerks-team').innerText()).toContain('李开票');
    expect(await page.getByTestId('clerk-row-李开票').innerText()).toContain('开票员');
    await page.getByTestId('clerks-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'clerks-team');

    // Signed out: only the sign-in screen; a wrong PIN is said and nothing opens.
    await signOut(page);
    expect(await page.getByTestId('nav-history').count()).toBe(0);
    await signIn(page, '李开票', '111111');
    await expect.poll(() => page.getByTestId('sign-in-problem').innerText()).toContain('姓名或 PIN 不正确');
    await screenshot(page, 'clerks-sign-in-refused');
    await page.getByTestId('sign-in-pin').fill('246810');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('issuer');

    // The issuer issues: 开票人 is the clerk.
    await page.getByTestId('nav-issue').click();
    await expect.poll(() => page.getByTestId('issuer').inputValue()).toBe('李开票');
    await page.getByTestId('buyer-name').fill(BUYER);
    await page.getByTestId('line-0-name').fill('办公用品');
    await page.getByTestId('line-0-tax-code').fill('1060201070000000000');
    await page.getByTestId('line-0-quantity').fill('2');
    await page.getByTestId('line-0-unit-price').fill('50.00');
    await page.getByTestId('submit-invoice').click();
    await page.getByTestId('nav-history').click();
    const row = page.getByTestId('history-table').locator('tr', { hasText: BUYER });
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('已开具');
    await row.click();
    await expect.poll(() => page.getByTestId('detail-clerk').innerText()).toBe('李开票');
    expect(await page.getByTestId('invoice-drawer').innerText()).toContain('开票人');
    // 冲红 is not offered to an 开票员.
    expect(await page.getByTestId('action-red').count()).toBe(0);
    await screenshot(page, 'clerks-issuer-detail');
    const lsh = (await row.getAttribute('data-lsh')) ?? '';
    await page.keyboard.press('Escape');

    // Nor enterprise management.
    await page.getByTestId('nav-enterprises').click();
    await page.getByTestId(`enterprise-row-${DEMO_ENTERPRISE.taxNumber}`).waitFor();
    expect(await page.getByTestId('enterprises-add').count()).toBe(0);
    expect(await page.getByTestId(`enterprise-edit-${DEMO_ENTERPRISE.taxNumber}`).count()).toBe(0);
    await screenshot(page, 'clerks-issuer-enterprises');

    // Called straight from the page, main refuses both, naming the missing right.
    const invoiceId = Number(await page.evaluate(async (serial) => {
      const list = await window.api.history.list({});
      return list.ok ? (list.value as Array<{ id: number; lsh: string }>).find((r) => r.lsh === serial)?.id : null;
    }, lsh));
    expect(invoiceId).toBeGreaterThan(0);
    const reversal = (await page.evaluate((id) => window.api.reversal.start({ invoiceId: id } as never), invoiceId)) as Refusal;
    expect(reversal).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', key: 'auth.forbidden', params: { right: 'review', role: 'issuer' } } });
    const enterprise = (await page.evaluate(() => window.api.enterprises.initialise({} as never))) as Refusal;
    expect(enterprise).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', key: 'auth.forbidden', params: { right: 'admin' } } });

    // The admin's page, while main's clerk became the issuer (signed in over the admin straight through
    // window.api — no signed-out moment, which would bring the page to its sign-in screen): 测试连接 is still on
    // screen, and main refuses it — said in words.
    await signOut(page);
    await signIn(page, '王管理', '975310');
    await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('admin');
    await page.getByTestId('nav-settings').click();
    await expect.poll(() => page.getByTestId('test-connection').isEnabled()).toBe(true);
    const switched = (await page.evaluate(() => window.api.clerks.signIn({ name: '李开票', pin: '246810' }))) as { ok: boolean };
    expect(switched.ok).toBe(true);
    // The sign-in is an audit event, so the open 操作日志 reloads and is refused too: that notice is closed first,
    // so the one asserted below is 测试连接's own.
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '无权操作' });
    await expect.poll(() => notice.count()).toBe(1);
    await notice.locator('.ant-notification-notice-close').click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.getByTestId('test-connection').click();
    await expect.poll(() => notice.innerText()).toContain('当前操作员的角色（开票员）没有「管理」权限');
    await screenshot(page, 'clerks-refused-in-words');
    expect(errors).toEqual([]);
    await page.close();
  });
});
