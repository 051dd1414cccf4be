/**
 * Two desks of one team in Chromium (issue 24, "Done when": two harness instances on one team ledger): each
 * desk its own data folder, both on the same PostgreSQL team ledger and the same sandbox service (one sandbox
 * serving both, as a team shares one service — desk B can only reverse what desk A issued at the same service).
 * - The team's clerks live on the team ledger: an admin at desk A adds 王五 (开票员) and 李四 (复核); desk B,
 *   open all along and without clerks so far, asks for a sign-in by itself, and 李四 signs in there.
 * - 李四 has desk B's history open; 王五 issues a blue invoice through desk A's form; it appears in B's list,
 *   then 已开具, without a reload or a navigation (the page keeps a marker a reload would wipe).
 * - 王五 finds no 冲红 on it at desk A, and main refuses `reversal:start` called straight from A's page.
 * - 李四 reverses it in full at desk B; desk A's open history shows the red invoice and the blue one 已全额冲红,
 *   again without a reload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { startHarness, type Harness } from '../harness/server.js';
import { createTeamLedgerDb, sandboxAsService, type TeamLedgerDb } from '../team/support/desks.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { addClerk, signIn, signOut } from './support/clerks.js';

let browser: Browser;
let team: TeamLedgerDb;
let sandbox: RunningSandbox;
const desks: Harness[] = [];
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-two-desks-'));
const BUYER = '杭州云栖商贸有限公司';

beforeAll(async () => {
  team = await createTeamLedgerDb();
  sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), issueDelayMs: 300, onError: () => {} });
  browser = await launchChromium();
  for (const name of ['desk-a', 'desk-b']) {
    const dataDir = path.join(root, name);
    fs.mkdirSync(dataDir);
    desks.push(await startHarness({ dataDir, core: { dailyBackups: false, service: sandboxAsService(sandbox.baseUrl), outboxBaseDelayMs: 100, outboxMaxDelayMs: 600 } }));
  }
}, 120_000);

afterAll(async () => {
  for (const desk of desks) await desk.close();
  await browser?.close();
  await sandbox?.close();
  await team?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function dispatch(desk: Harness, channel: string, payload: unknown): Promise<unknown> {
  const answer = await desk.core.router.dispatch(channel, payload);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.key} ${answer.error.message}`);
  return answer.value;
}

/**
 * Set up as a clerk sets up a team desk (settings → 正式服务 and → 团队账本, here through the router; the cards
 * have their own tests): the team's service saved — the one the harness already talks to — then the team
 * ledger saved and switched to, which restarts the core on it (the next call waits for that).
 */
async function joinTeam(desk: Harness): Promise<void> {
  const service = sandboxAsService(sandbox.baseUrl);
  await dispatch(desk, 'settings:setRemote', { baseUrl: service.baseUrl, appKey: service.appKey, appSecret: service.appSecret, seller: service.seller });
  await dispatch(desk, 'teamLedger:save', { ...team.desk.address, password: team.desk.password });
  await dispatch(desk, 'teamLedger:switch', { to: 'team' });
  await expect.poll(() => dispatch(desk, 'teamLedger:get', {}), { timeout: 60_000 }).toMatchObject({ enabled: true, connection: { state: 'connected' } });
}

/** A page on a desk, with a marker a reload or a navigation away would wipe (see `stayedOpen`). */
async function openDesk(desk: Harness): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
  const errors = collectPageErrors(page);
  await page.goto(desk.url);
  await page.evaluate(() => ((window as unknown as { openedOnce: boolean }).openedOnce = true));
  return { page, errors };
}

const stayedOpen = (page: Page) => page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce === true);

/** Signs in through the page (support/clerks.ts) and waits until the header names the clerk. */
async function signInAs(page: Page, name: string, pin: string): Promise<void> {
  await signIn(page, name, pin);
  await expect.poll(() => page.getByTestId('clerk-menu').getAttribute('data-clerk').catch(() => null)).toBe(name);
}

type Refusal = { ok: boolean; error?: { code: string; key: string; params: Record<string, unknown> } };

describe('two desks on one team ledger', () => {
  it('shows an invoice issued at one desk live at the other, which reverses it; an issuer is refused 冲红 in main', async () => {
    const [deskA, deskB] = desks as [Harness, Harness];
    for (const desk of desks) await joinTeam(desk);
    const a = await openDesk(deskA);
    const b = await openDesk(deskB);
    const teamState = `团队账本 ${team.database.address.database}`;
    for (const { page } of [a, b]) await expect.poll(() => page.getByTestId('team-ledger-state').innerText().catch(() => '')).toBe(teamState);
    // No clerk on the team yet: desk B, open, works as a desk without clerks.
    await b.page.getByTestId('nav-history').waitFor();

    // a. The team's first clerk, an admin, at desk A; then 王五 (开票员) and 李四 (复核) — on the team ledger.
    await a.page.getByTestId('nav-settings').click();
    await a.page.getByTestId('clerks-none').waitFor();
    await addClerk(a.page, '张管理', 'admin', '975310');
    await expect.poll(() => a.page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('admin');
    await addClerk(a.page, '王五', 'issuer', '246810');
    await addClerk(a.page, '李四', 'reviewer', '135790');
    expect(await a.page.getByTestId('clerk-row-王五').innerText()).toContain('开票员');
    expect(await a.page.getByTestId('clerk-row-李四').innerText()).toContain('复核');
    await a.page.getByTestId('clerks-card').scrollIntoViewIfNeeded();
    await screenshot(a.page, 'two-desks-a-clerks');

    // Desk B, open all along, has never had a clerk of its own: the team's clerks ask for a sign-in there too, at
    // once and without a reload.
    await b.page.getByTestId('sign-in').waitFor();
    expect(await stayedOpen(b.page)).toBe(true);
    await screenshot(b.page, 'two-desks-b-sign-in');
    await signInAs(b.page, '李四', '135790');
    expect(await b.page.getByTestId('clerk-menu').getAttribute('data-role')).toBe('reviewer');
    await expect.poll(() => b.page.getByTestId('team-ledger-state').innerText()).toBe(teamState);
    await b.page.getByTestId('nav-history').click();
    await b.page.getByTestId('history-table').waitFor();
    expect(await b.page.getByTestId('history-table').locator('tr', { hasText: BUYER }).count()).toBe(0);
    await screenshot(b.page, 'two-desks-b-history-before');

    // b. 王五 issues at desk A through the form.
    await signOut(a.page);
    await signInAs(a.page, '王五', '246810');
    await a.page.getByTestId('nav-issue').click();
    await expect.poll(() => a.page.getByTestId('issuer').inputValue()).toBe('王五');
    await a.page.getByTestId('buyer-name').fill(BUYER);
    await a.page.getByTestId('line-0-name').fill('办公用品');
    await a.page.getByTestId('line-0-tax-code').fill('1060201070000000000');
    await a.page.getByTestId('line-0-quantity').fill('2');
    await a.page.getByTestId('line-0-unit-price').fill('50.00');
    await screenshot(a.page, 'two-desks-a-issue-form');
    await a.page.getByTestId('submit-invoice').click();

    // …and it shows in 李四's open list at desk B, then 已开具, with nothing reloaded.
    const rowAtB = b.page.getByTestId('history-table').locator('tr', { hasText: BUYER }).first();
    await expect.poll(() => rowAtB.innerText().catch(() => ''), { timeout: 60_000 }).toContain(BUYER);
    await expect.poll(() => rowAtB.innerText(), { timeout: 60_000 }).toContain('已开具');
    await expect.poll(() => b.page.getByTestId('history-count').getAttribute('data-count')).toBe('1');
    expect(await stayedOpen(b.page)).toBe(true);
    const lsh = (await rowAtB.getAttribute('data-lsh')) ?? '';
    expect(lsh).not.toBe('');
    await screenshot(b.page, 'two-desks-b-history-live');

    // c. 王五 at desk A: the invoice, signed by him, without 冲红; main refuses the channel called from the page.
    await a.page.getByTestId('nav-history').click();
    await a.page.getByTestId(`history-row-${lsh}`).click();
    await a.page.getByTestId(`invoice-detail-${lsh}`).waitFor();
    await expect.poll(() => a.page.getByTestId('detail-clerk').innerText()).toBe('王五');
    expect(await a.page.getByTestId('action-red').count()).toBe(0);
    await screenshot(a.page, 'two-desks-a-issuer-detail');
    const invoiceId = await a.page.evaluate(async (serial) => {
      const list = await window.api.history.list({});
      return list.ok ? (list.value as Array<{ id: number; lsh: string }>).find((row) => row.lsh === serial)?.id : undefined;
    }, lsh);
    expect(invoiceId).toBeGreaterThan(0);
    const refused = (await a.page.evaluate((id) => window.api.reversal.start({ invoiceId: id } as never), invoiceId)) as Refusal;
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', key: 'auth.forbidden', params: { right: 'review', role: 'issuer', channel: 'reversal:start' } } });
    await a.page.keyboard.press('Escape');
    await a.page.waitForFunction(() => document.querySelector('.ant-drawer-open') === null);

    // d. 李四 reverses it in full at desk B…
    await b.page.getByTestId(`history-row-${lsh}`).click();
    await b.page.getByTestId(`invoice-detail-${lsh}`).waitFor();
    await b.page.getByTestId('action-red').click();
    await b.page.getByTestId('red-dialog-body').waitFor();
    await expect.poll(() => b.page.getByTestId('red-total').innerText()).toBe('100.00');
    await screenshot(b.page, 'two-desks-b-red-dialog');
    await b.page.getByTestId('red-submit').click();
    await expect.poll(() => b.page.getByTestId('reversal-state').getAttribute('data-state'), { timeout: 60_000 }).toBe('full');
    await screenshot(b.page, 'two-desks-b-reversed');

    // …and desk A's open list shows the red invoice issued and the blue one 已全额冲红, with nothing reloaded.
    const redAtA = a.page.getByTestId('history-table').locator('tr', { hasText: '-100.00' });
    await expect.poll(() => redAtA.innerText().catch(() => ''), { timeout: 60_000 }).toContain('已开具');
    expect(await redAtA.innerText()).toContain('红字');
    await expect.poll(() => a.page.getByTestId(`reversal-${lsh}`).getAttribute('data-reversal').catch(() => null), { timeout: 60_000 }).toBe('full');
    expect(await stayedOpen(a.page)).toBe(true);
    await screenshot(a.page, 'two-desks-a-sees-reversal');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.page.close();
    await b.page.close();
  }, 300_000);
});
