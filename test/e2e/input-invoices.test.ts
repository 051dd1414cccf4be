/**
 * The input side of the month in Chromium: add an enterprise with a tax-bureau user, switch to it from
 * the title bar, collect (progress shown), filter the ledger, certify three invoices — one red, which
 * ends RZCLZT 5 / SBYY 10 and is not offered for retry — and see the period summary. Then two more, which
 * the sandbox (through its test-only control API) fails with SBYY 7 (may be requested again) and SBYY 12
 * (may not): each shows its reason in Chinese and its retry rule, and the one action resends only the
 * first. Every reason of the table is driven in test/integration/input/certification-reasons.test.ts.
 * Last, with the app's clock two days before the selection deadline (GXJZR), the view warns.
 * Screenshots go to test/e2e/artifacts/input-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../shared/ipc/index.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

// A tax number whose generated invoices (seed 2026) include recent red special invoices.
const TAX_NUMBER = '913301012MA2H3E5Q5';
const NAME = '杭州代账演示商贸有限公司';
const IDENTITY_PWD = 'e2e-identity-pwd-5c1f9a';
const TAX_PWD = 'e2e-tax-pwd-77ab02';

let browser: Browser;
let harness: Harness;
let dataDir: string;
/** The app's clock (the sandbox keeps the wall clock): moved at the end to three days before the deadline. */
let clockMs: number | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-input-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, sandboxControlApi: true, clock: () => new Date(clockMs ?? Date.now()) } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function pick(page: Page, select: string, option: string): Promise<void> {
  await page.getByTestId(select).click();
  await page.getByTestId(option).click();
}

/** Ticks the row's checkbox in the ledger. */
async function tick(page: Page, index: number): Promise<string> {
  const row = page.locator('[data-testid^="ledger-row-"]').nth(index);
  const id = (await row.getAttribute('data-testid'))!.replace('ledger-row-', '');
  await row.locator('input[type="checkbox"]').check();
  return id;
}

async function dispatch<T>(channel: string, payload: unknown): Promise<T> {
  const result = await harness.core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** Tells the sandbox how the next certification of an invoice ends (null: as its rules say). */
async function forceOutcome(row: LedgerRow, SBYY: string | null): Promise<void> {
  const { serviceBaseUrl } = await dispatch<{ serviceBaseUrl: string }>('app:info', {});
  const answer = await fetch(`${serviceBaseUrl}/sandbox/control/certification-outcome`, { method: 'POST', body: JSON.stringify({ FPDM: row.FPDM, FPHM: row.FPHM, SBYY }) });
  expect(answer.status).toBe(200);
}

async function ledgerRow(fphm: string): Promise<LedgerRow> {
  const page = await dispatch<{ rows: LedgerRow[] }>('collection:ledger', { FPLXDM: '01', RZZT: '0', limit: 200 });
  return page.rows.find((row) => row.FPHM === fphm)!;
}

describe('input invoices', () => {
  it('adds an enterprise, switches to it, collects, filters, certifies and sums up', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 960 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();

    // 1. Add an enterprise with its tax-bureau user.
    await page.getByTestId('nav-enterprises').click();
    await page.getByTestId('enterprises-add').click();
    await page.getByTestId('enterprise-taxNumber').fill(TAX_NUMBER);
    await page.getByTestId('enterprise-agencyName').fill(NAME);
    await page.getByTestId('enterprise-address').fill('杭州市西湖区文三路 100 号');
    await page.getByTestId('enterprise-phone').fill('0571-88001234');
    await page.getByTestId('enterprise-bank').fill('中国银行杭州文三路支行');
    await page.getByTestId('enterprise-account').fill('356700112233');
    await page.getByTestId('enterprise-idCard').fill('330106199002021234');
    await page.getByTestId('enterprise-name').fill('王办税');
    await page.getByTestId('enterprise-userPhone').fill('13900139000');
    await pick(page, 'enterprise-loginIdentity', 'enterprise-loginIdentity-option-7');
    await page.getByTestId('enterprise-identityPwd').fill(IDENTITY_PWD);
    await page.getByTestId('enterprise-taxPwd').fill(TAX_PWD);
    await page.getByTestId('enterprise-save').click();
    await expect.poll(() => page.getByTestId(`enterprise-passwords-${TAX_NUMBER}`).innerText(), { timeout: 60_000 }).toContain('已设置');
    await expect(page.content()).resolves.not.toContain(IDENTITY_PWD);
    await screenshot(page, 'input-1-enterprise-added');

    // 2. Switch to it from the title bar.
    await pick(page, 'active-enterprise', `active-enterprise-option-${TAX_NUMBER}`);
    await expect.poll(() => page.getByTestId('active-enterprise').innerText()).toContain(NAME);

    // 3. Collect: every kind since the last collection, with progress per run.
    await page.getByTestId('nav-ledger').click();
    await page.getByTestId('collection-sync').click();
    await page.getByTestId('collection-runs').waitFor();
    await screenshot(page, 'input-2-collecting');
    await expect
      .poll(async () => (await page.locator('[data-testid^="collection-run-"][data-status="done"]').count()), { timeout: 60_000 })
      .toBe(6);
    await expect.poll(() => page.getByTestId('ledger-totals').innerText()).toMatch(/共 [1-9]\d* 张/);
    await screenshot(page, 'input-3-collected');

    // 4. Filter: normal, uncertified special invoices; pick the two latest, then a red one.
    await pick(page, 'ledger-filter-type', 'ledger-option-type-01');
    await pick(page, 'ledger-filter-RZZT', 'ledger-option-RZZT-0');
    await pick(page, 'ledger-filter-FPZT', 'ledger-option-FPZT-0');
    await pick(page, 'ledger-filter-GLZT', 'ledger-option-GLZT-0');
    await page.getByTestId('ledger-filter-amountMin').fill('0');
    await page.getByTestId('ledger-search').click();
    await expect.poll(() => page.locator('[data-testid^="ledger-row-"]').count()).toBeGreaterThan(2);
    await screenshot(page, 'input-4-filtered');
    const blue = [await tick(page, 0), await tick(page, 1)];
    await page.getByTestId('ledger-filter-amountMin').fill('');
    await page.getByTestId('ledger-filter-amountMax').fill('-0.01');
    await page.getByTestId('ledger-search').click();
    // A red invoice: its amount negative (a cell starting with "-"; the dates have dashes of their own).
    await expect.poll(async () => /\t-\d/.test(await page.locator('[data-testid^="ledger-row-"]').first().innerText())).toBe(true);
    const red = await tick(page, 0);
    await expect(page.getByTestId('ledger-certify').innerText()).resolves.toContain('3');

    // 5. Certify the three: all eligible here; the service refuses the red one.
    await page.getByTestId('ledger-certify').click();
    await expect.poll(async () => page.locator('[data-testid^="certify-row-"][data-reason="eligible"]').count()).toBe(3);
    await screenshot(page, 'input-5-certify-selection');
    await page.getByTestId('certify-send').click();
    await page.getByTestId('certify-drawer').waitFor({ state: 'hidden' });

    // 6. Results: two certified, the red one failed with SBYY 10 and not offered again; the summary.
    await page.getByTestId('nav-certification').click();
    await expect.poll(() => page.locator('[data-testid^="certification-batch-"][data-status="done"]').count(), { timeout: 60_000 }).toBe(1);
    for (const number of blue) await expect(page.getByTestId(`certification-item-${number}`).getAttribute('data-rzclzt')).resolves.toBe('4');
    await expect(page.getByTestId(`certification-item-${red}`).getAttribute('data-sbyy')).resolves.toBe('10');
    await expect(page.getByTestId(`certification-item-${red}`).innerText()).resolves.toContain('不可再次申请');
    await expect.poll(() => page.getByTestId('certification-summary-items').innerText()).toContain('成功 2 · 失败 1 · 可再申请 0');
    await expect(page.getByTestId('certification-retry').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('certification-summary-certified').innerText()).resolves.toMatch(/已认证 [2-9]\d* 张|已认证 \d{2,} 张/);
    // The batch's outcome counts the certified and the failed apart: never 已完成 over the red one's failure.
    await expect(page.locator('[data-testid^="certification-outcome-"]').first().innerText()).resolves.toBe('已认证 2 张，失败 1 张');
    await expect(page.locator('[data-testid^="certification-outcome-"]').first().getAttribute('data-tone')).resolves.toBe('warning');
    await screenshot(page, 'input-6-certified-summary');

    // 7. Two more: the service fails one with SBYY 7 (may be requested again), the other with SBYY 12 (may not).
    await page.getByTestId('nav-ledger').click();
    await page.getByTestId('ledger-filter-amountMax').fill('');
    await page.getByTestId('ledger-filter-amountMin').fill('0');
    await page.getByTestId('ledger-search').click();
    await expect.poll(async () => /\t-\d/.test(await page.locator('[data-testid^="ledger-row-"]').first().innerText())).toBe(false);
    const [month, credit] = [await tick(page, 0), await tick(page, 1)];
    expect([month, credit].some((number) => blue.includes(number))).toBe(false);
    const monthRow = await ledgerRow(month);
    await forceOutcome(monthRow, '7');
    await forceOutcome(await ledgerRow(credit), '12');
    await page.getByTestId('ledger-certify').click();
    await expect.poll(async () => page.locator('[data-testid^="certify-row-"][data-reason="eligible"]').count()).toBe(2);
    await page.getByTestId('certify-send').click();
    await page.getByTestId('certify-drawer').waitFor({ state: 'hidden' });
    await page.getByTestId('nav-certification').click();
    await expect.poll(() => page.locator('[data-testid^="certification-batch-"][data-status="done"]').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId(`certification-item-${month}`).innerText()).toContain('申请月份不符 · 可再次申请');
    await expect(page.getByTestId(`certification-item-${credit}`).innerText()).resolves.toContain('信用等级异常 · 不可再次申请');
    await expect.poll(() => page.getByTestId('certification-summary-items').innerText()).toContain('可再申请 1');
    await screenshot(page, 'input-7-reasons');

    // 8. Resent in one action once the service would accept it: only the retryable one goes, and succeeds.
    await forceOutcome(monthRow, null);
    await expect.poll(() => page.getByTestId('certification-retry').isDisabled()).toBe(false);
    await page.getByTestId('certification-retry').click();
    await expect.poll(() => page.locator('[data-testid^="certification-batch-"][data-status="done"]').count(), { timeout: 60_000 }).toBe(3);
    await expect.poll(() => page.locator(`[data-testid="certification-item-${month}"][data-rzclzt="4"]`).count()).toBe(1);
    await expect(page.locator(`[data-testid="certification-item-${credit}"]`).count()).resolves.toBe(1);
    // The failed attempt still says its reason may be requested again, and that it was.
    await expect(page.locator(`[data-testid="certification-item-${month}"][data-sbyy="7"]`).innerText()).resolves.toContain('申请月份不符 · 可再次申请，已重新提交');
    await expect.poll(() => page.getByTestId('certification-summary-items').innerText()).toContain('可再申请 0');
    await expect(page.getByTestId('certification-retry').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'input-8-retried');

    // 9. Two days before the selection deadline the certification view warns.
    const { deadline } = await dispatch<{ deadline: string }>('certification:summary', {});
    clockMs = Date.UTC(Number(deadline.slice(0, 4)), Number(deadline.slice(4, 6)) - 1, Number(deadline.slice(6, 8)) - 2, 4);
    // (The view reads the summary when it opens and after each batch: a fresh start of the page opens it.)
    await page.reload();
    await page.getByTestId('environment-banner').waitFor();
    await page.getByTestId('nav-certification').click();
    const dashed = `${deadline.slice(0, 4)}-${deadline.slice(4, 6)}-${deadline.slice(6, 8)}`;
    await expect.poll(() => page.getByTestId('certification-deadline-warning').innerText()).toContain(`距本期勾选截止日（${dashed}）只剩 2 天`);
    await screenshot(page, 'input-9-deadline-warning');

    // The passwords were never shown and are in no file of the app's own data.
    await expect(page.content()).resolves.not.toContain(TAX_PWD);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
