/**
 * Every view tells the truth by itself (issue 23 points 1 and 2), through the change feed: writes made
 * while a view is open — here through the core's router, as the outbox, another view or (later) another
 * desk would make them — show without 刷新 or 查询:
 * the 红字信息表 follows its red invoice to 已开具; the 进项台账 shows 已认证 after certification; the
 * certification deadline warning appears in the app frame on the desk's clock, whatever view is open; the
 * enterprise switch clears the history's ticked invoices (nothing left to print for the other enterprise);
 * and a restore is confirmed and every page shows the restored data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupView, CertificationCheckResult, InvoiceSummary, LedgerRow } from '../../shared/ipc/index.js';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
/** The app's clock (the sandbox keeps the wall clock): moved to two days before the deadline for the warning. */
let clockMs: number | undefined;

const GOODS = [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '10', unitPrice: '25.00', rate: '0.13' }];
const BUYER_004 = {
  buyerName: '杭州云栖商贸有限公司',
  buyerTaxNumber: '91330106MA27XK5R3T',
  buyerAddress: '浙江省杭州市西湖区文三路 100 号',
  buyerPhone: '0571-88886666',
  buyerBank: '招商银行杭州分行',
  buyerAccount: '571900112233',
};
const OTHER_TAX = `91440300MA5G8K2X7${usccCheckCharacter('91440300MA5G8K2X7')}`;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-feed-'));
  harness = await startHarness({
    dataDir,
    core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600, dailyBackups: false, clock: () => new Date(clockMs ?? Date.now()) },
  });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function dispatch<T>(channel: string, payload: unknown): Promise<T> {
  const result = await harness.core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** Issues an invoice through the router and waits (on the event) until the sandbox issued it. */
async function issue(draft: Record<string, unknown>): Promise<InvoiceSummary> {
  const queued = await dispatch<InvoiceSummary>('issuance:submit', draft);
  await expect.poll(async () => (await dispatch<InvoiceSummary[]>('history:list', {})).find((row) => row.id === queued.id)?.status, { timeout: 60_000 }).toBe('issued');
  return queued;
}

async function open(page: Page, view: string): Promise<void> {
  await page.getByTestId(`nav-${view}`).click();
}

describe('views follow the ledger by themselves', () => {
  it('red-letter forms, input ledger, deadline warning, enterprise switch and restore', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 960 }, locale: 'zh-CN' });
    // The page's timers run on a clock the test can move (the deadline warning's clock); time flows as usual otherwise.
    await page.clock.install();
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();

    // 1. 红字信息表: a form applied for while the list is open appears, gets its number, and its red
    //    invoice goes from 排队 to 已开具 — with no 刷新.
    const blue = await issue({ invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    await open(page, 'forms');
    await page.getByTestId('forms-table').waitFor();
    const started = await dispatch<{ kind: string; form: { lsh: string } }>('reversal:start', { blueInvoiceId: blue.id, reason: '2', letterReason: '2', letterSubReason: 'not-delivered', terminal: 'kpzd-01' });
    const row = page.getByTestId(`form-row-${started.form.lsh}`);
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('approved');
    await expect.poll(() => row.getAttribute('data-red-status'), { timeout: 60_000 }).toBe('issued');
    await expect.poll(() => row.innerText()).toContain('已开具');
    await screenshot(page, 'feed-1-red-letter-form-issued');

    // 2. 进项台账: collected while open, then certified elsewhere — the row says 已认证 by itself.
    await open(page, 'ledger');
    const { runIds } = await dispatch<{ runIds: number[] }>('collection:sync', {});
    await expect.poll(async () => (await dispatch<Array<{ id: number; status: string }>>('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 }).toBe(runIds.length);
    const candidates = (await dispatch<{ rows: LedgerRow[] }>('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 })).rows;
    const eligible = (await dispatch<CertificationCheckResult>('certification:check', { ids: candidates.map((r) => r.id), SQRZLX: '1' })).find((r) => r.reason === null)!;
    const ledgerRow = page.getByTestId(`ledger-row-${eligible.FPHM}`);
    await expect.poll(() => ledgerRow.getAttribute('data-rzzt'), { timeout: 30_000 }).toBe('0');
    await screenshot(page, 'feed-2-input-ledger-before');
    const { PCHs } = await dispatch<{ PCHs: string[] }>('certification:submitSelection', { ids: [eligible.id], SQRZLX: '1' });
    await expect.poll(async () => (await dispatch<{ status: string }>('certification:get', { PCH: PCHs[0] })).status, { timeout: 60_000 }).toBe('done');
    await expect.poll(() => ledgerRow.getAttribute('data-rzzt'), { timeout: 30_000 }).toBe('1');
    await screenshot(page, 'feed-3-input-ledger-certified');

    // 3. The deadline comes closer with no write: on the desk's clock the warning shows in the app frame,
    //    on whatever view is open (here the history), without opening 勾选认证.
    await open(page, 'history');
    expect(await page.getByTestId('desk-deadline-warning').count()).toBe(0);
    const { deadline } = await dispatch<{ deadline: string }>('certification:summary', {});
    clockMs = Date.UTC(Number(deadline.slice(0, 4)), Number(deadline.slice(4, 6)) - 1, Number(deadline.slice(6, 8)) - 2, 4);
    await page.clock.fastForward('10:00');
    const dashed = `${deadline.slice(0, 4)}-${deadline.slice(4, 6)}-${deadline.slice(6, 8)}`;
    await expect.poll(() => page.getByTestId('desk-deadline-warning').innerText(), { timeout: 30_000 }).toContain(`距本期勾选截止日（${dashed}）只剩 2 天`);
    await screenshot(page, 'feed-4-deadline-warning-on-clock');
    clockMs = undefined;

    // 4. The enterprise switch clears the history's ticked invoices: nothing of one enterprise is printed for another.
    await dispatch('enterprises:initialise', {
      taxNumber: OTHER_TAX,
      agencyName: '深圳切换测试贸易有限公司',
      address: '深圳市南山区科技园 1 号',
      phone: '0755-86001234',
      bank: '招商银行深圳分行',
      account: '755900112233',
      taxUser: { idCard: '440301199001011234', name: '李会计', phone: '13800138000', loginIdentity: '7', email: '', identityPwd: 'Id-Pwd-e2e', taxPwd: 'Tax-Pwd-e2e' },
    });
    const historyRows = page.locator('[data-testid="history-table"] tr[data-lsh]');
    await expect.poll(() => historyRows.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    await historyRows.nth(0).locator('input[data-check="true"]').click();
    await historyRows.nth(1).locator('input[data-check="true"]').click();
    await expect.poll(() => page.getByTestId('history-selection').getAttribute('data-count')).toBe('2');
    await screenshot(page, 'feed-5-ticked-before-switch');
    await page.getByTestId('active-enterprise').click();
    await page.getByTestId(`active-enterprise-option-${OTHER_TAX}`).click();
    await page.getByTestId('history-selection-hint').waitFor();
    expect(await page.getByTestId('history-print-selected').count()).toBe(0);
    await expect.poll(() => historyRows.count()).toBe(0);
    await screenshot(page, 'feed-6-switched-selection-cleared');
    await page.getByTestId('active-enterprise').click();
    await page.getByTestId('active-enterprise-option-' + (await dispatch<{ choices: Array<{ taxNumber: string }> }>('enterprises:choices', {})).choices[0]!.taxNumber).click();
    await expect.poll(() => historyRows.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await page.getByTestId('history-selection').count()).toBe(0);

    // 5. Restore: a backup, then one more invoice; restoring the backup is confirmed and the history shows
    //    the restored data by itself (the invoice issued after the backup is gone from the list).
    const backup = await dispatch<BackupView>('ledger:backupNow', {});
    const before = await historyRows.count();
    const later = await issue({ invoiceType: '026', buyerName: '恢复后消失的客户', issuer: '测试', lines: GOODS });
    await expect.poll(() => historyRows.count(), { timeout: 30_000 }).toBe(before + 1);
    await open(page, 'settings');
    await page.getByTestId(`ledger-restore-${backup.name}`).click();
    await expect.poll(() => page.getByText('已从备份恢复').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await screenshot(page, 'feed-7-restore-confirmed');
    await open(page, 'history');
    await expect.poll(() => historyRows.count(), { timeout: 30_000 }).toBe(before);
    expect(await page.locator(`[data-testid="history-table"] tr[data-lsh="${later.lsh}"]`).count()).toBe(0);
    await screenshot(page, 'feed-8-history-after-restore');

    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);
});
