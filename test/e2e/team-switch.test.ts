/**
 * Settings → 团队账本 → 切换到团队账本 in Chromium against the real PostgreSQL (through a TCP proxy the test can
 * close, the server untouched): the desk restarts on the team ledger and the header says so; with the
 * database out of reach the header says 未连接团队账本, and it comes back by itself; 回到本机账本 returns to the
 * desk's own ledger and the header's word goes away.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness/server.js';
import { createTeamLedgerDb, type TeamLedgerDb } from '../team/support/desks.js';
import { startTcpProxy, type TcpProxy } from '../team/support/tcp-proxy.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
let team: TeamLedgerDb;
let proxy: TcpProxy;

beforeAll(async () => {
  team = await createTeamLedgerDb();
  proxy = await startTcpProxy(team.database.address);
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-team-switch-'));
  harness = await startHarness({ dataDir, core: { dailyBackups: false } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  await proxy?.close();
  await team?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('switching a desk to the team ledger', () => {
  it('restarts on it, shows it in the header, says when it is out of reach, and switches back', async () => {
    const { address, password } = team.desk;
    expect(await harness.core.router.dispatch('teamLedger:save', { ...address, port: proxy.port, password })).toMatchObject({ ok: true });
    const page = await browser.newPage({ viewport: { width: 1366, height: 1200 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('team-ledger');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('team-not-yet').innerText()).toContain('本机现在使用自己的账本');
    await expect(page.getByTestId('team-ledger-state').count()).resolves.toBe(0);

    await page.getByTestId('team-switch').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '切换到团队账本' }).click();
    const state = page.getByTestId('team-ledger-state');
    await expect.poll(() => state.innerText().catch(() => '')).toBe(`团队账本 ${address.database}`);
    await expect.poll(() => page.getByTestId('team-active').innerText()).toContain('本机正在使用团队账本');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'team-switch-on-team');

    await proxy.close();
    await expect.poll(() => state.innerText().catch(() => '')).toBe('未连接团队账本');
    await screenshot(page, 'team-switch-unreachable');
    await proxy.open();
    await expect.poll(() => state.innerText().catch(() => '')).toBe(`团队账本 ${address.database}`);

    await page.getByTestId('team-switch-back').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '回到本机账本' }).click();
    await expect.poll(() => page.getByTestId('team-ledger-state').count()).toBe(0);
    await expect.poll(() => page.getByTestId('team-not-yet').innerText()).toContain('本机现在使用自己的账本');
    await screenshot(page, 'team-switch-back');
    expect(errors).toEqual([]);
    await page.close();
  });
});
