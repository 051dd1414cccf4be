/**
 * The 复核 of drafts in Chromium (docs/team-ledger.md §6): an 开票员 saves a draft and sends it for review (送复核),
 * cannot issue it while it waits (main answers DRAFT_AWAITING_REVIEW, shown in words naming the draft) and is not
 * offered 通过 / 退回; a 复核 returns it with a reason (typed, Enter), the 开票员 sends it again, the 复核 finds it
 * under 只看待复核 and approves it; the 开票员 opens the approved draft and issues it. Keyboard where the clerk
 * works (Ctrl+S, Ctrl+Enter, the sign-in's Enter). Screenshots in test/e2e/artifacts/draft-review-*.png.
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
const BUYER = '宁波海曙复核贸易有限公司';

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-draft-review-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100 } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signs out and the next clerk in, and waits until the page is theirs, on the form. */
async function switchClerk(page: Page, name: string, pin: string): Promise<void> {
  await signOut(page);
  await signInAs(page, name, pin);
  await page.getByTestId('nav-issue').click();
  await page.getByTestId('issuance-form').waitFor();
}

async function signInAs(page: Page, name: string, pin: string): Promise<void> {
  await signIn(page, name, pin);
  await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-clerk')).toBe(name);
}

/** The drafts popover, open; the draft's review state as its tag says it. */
async function openDrafts(page: Page): Promise<void> {
  await page.getByTestId('drafts').click();
  await page.locator('.ant-popover').filter({ hasText: '草稿' }).waitFor();
}
const reviewOf = (page: Page, id: number) => page.getByTestId(`draft-review-${id}`);

describe('the review of drafts', () => {
  it('an issuer sends a draft for review and cannot issue it; a reviewer returns, then approves it; the issuer issues it', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    // The team (settings → 操作员 is clerks.test.ts's): an admin first, then a reviewer and an issuer.
    const added = await page.evaluate(async () => {
      const results = [
        await window.api.clerks.add({ name: '王管理', role: 'admin', pin: '975310' }),
        await window.api.clerks.add({ name: '周复核', role: 'reviewer', pin: '135790' }),
        await window.api.clerks.add({ name: '李开票', role: 'issuer', pin: '246810' }),
      ];
      await window.api.clerks.signOut();
      return results.every((result) => result.ok);
    });
    expect(added).toBe(true);
    await page.reload();
    await signInAs(page, '李开票', '246810');

    // The issuer types an invoice, saves it as a draft (Ctrl+S) and sends it for review.
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('buyer-name').fill(BUYER);
    await page.getByTestId('line-0-name').fill('复印纸');
    await page.getByTestId('line-0-tax-code').fill('1060201070000000000');
    await page.getByTestId('line-0-quantity').fill('4');
    await page.getByTestId('line-0-unit-price').fill('28.25');
    await page.getByTestId('line-0-unit-price').press('Control+s');
    await expect.poll(() => page.getByTestId('current-draft').innerText()).toContain('当前草稿 #');
    const id = Number(/#(\d+)/.exec(await page.getByTestId('current-draft').innerText())![1]);
    await openDrafts(page);
    await expect.poll(() => reviewOf(page, id).innerText()).toContain('未送审');
    // An 开票员 is offered 送复核, never 通过 / 退回 nor the 待复核 filter.
    expect(await page.getByTestId(`draft-approve-${id}`).count()).toBe(0);
    expect(await page.getByTestId('drafts-pending-only').count()).toBe(0);
    await page.getByTestId(`draft-request-${id}`).click();
    await expect.poll(() => reviewOf(page, id).getAttribute('data-state')).toBe('pending');
    expect(await reviewOf(page, id).innerText()).toContain('李开票 送审');
    await screenshot(page, 'draft-review-sent');
    await page.keyboard.press('Escape');

    // Issuing it while it waits: main refuses, naming the draft.
    await expect.poll(() => page.getByTestId('current-draft-awaiting').innerText()).toContain('正在等待复核');
    await page.getByTestId('buyer-name').press('Control+Enter');
    const refusal = page.locator('.ant-notification-notice').filter({ hasText: '草稿待复核' });
    await expect.poll(() => refusal.innerText()).toContain(`草稿 #${id}（${BUYER}）正在等待复核，复核通过前不能开具`);
    await screenshot(page, 'draft-review-issue-refused');
    expect(await page.evaluate(async () => ((await window.api.history.list({})) as { ok: boolean; value: unknown[] }).value.length)).toBe(0);

    // The reviewer returns it with a reason (typed, Enter). Their form is a new one, bound to no draft.
    await switchClerk(page, '周复核', '135790');
    expect(await page.getByTestId('current-draft').count()).toBe(0);
    await openDrafts(page);
    await page.getByTestId(`draft-return-${id}`).click();
    await page.getByTestId(`draft-return-note-${id}`).fill('单价请与合同核对');
    await page.keyboard.press('Enter');
    await expect.poll(() => reviewOf(page, id).getAttribute('data-state')).toBe('returned');
    expect(await reviewOf(page, id).innerText()).toContain('原因：单价请与合同核对');
    await screenshot(page, 'draft-review-returned');
    await page.keyboard.press('Escape');

    // The issuer sees why and sends it again.
    await switchClerk(page, '李开票', '246810');
    await openDrafts(page);
    await expect.poll(() => reviewOf(page, id).innerText()).toContain('周复核 复核');
    await page.getByTestId(`draft-request-${id}`).click();
    await expect.poll(() => reviewOf(page, id).getAttribute('data-state')).toBe('pending');
    await page.keyboard.press('Escape');

    // The reviewer lists the drafts awaiting review and approves it.
    await switchClerk(page, '周复核', '135790');
    await openDrafts(page);
    await page.getByTestId('drafts-pending-only').click();
    await expect.poll(() => page.locator('[data-testid^="draft-review-"]').count()).toBe(1);
    await page.getByTestId(`draft-approve-${id}`).click();
    await expect.poll(() => page.locator('[data-testid^="draft-review-"]').count()).toBe(0);
    await page.getByTestId('drafts-pending-only').click();
    await expect.poll(() => reviewOf(page, id).innerText()).toContain('已通过');
    expect(await reviewOf(page, id).innerText()).toContain('周复核 复核');
    await screenshot(page, 'draft-review-approved');
    await page.keyboard.press('Escape');

    // The issuer opens the approved draft and issues it; the draft is taken with the invoice.
    await switchClerk(page, '李开票', '246810');
    await openDrafts(page);
    await page.getByTestId(`draft-open-${id}`).click();
    await expect.poll(() => page.getByTestId('buyer-name').inputValue()).toBe(BUYER);
    await expect.poll(() => page.getByTestId('current-draft').innerText()).toContain('已通过');
    await page.getByTestId('buyer-name').press('Control+Enter');
    await expect.poll(() => page.getByTestId('last-submitted-lsh').count()).toBe(1);
    await expect.poll(() => page.evaluate(async () => ((await window.api.issuance.listDrafts({})) as { ok: boolean; value: { rows: unknown[] } }).value.rows.length)).toBe(0);
    await page.getByTestId('nav-history').click();
    const row = page.getByTestId('history-table').locator('tr', { hasText: BUYER });
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('已开具');
    await screenshot(page, 'draft-review-issued');
    expect(errors).toEqual([]);
    await page.close();
  });
});
