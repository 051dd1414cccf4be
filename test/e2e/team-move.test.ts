/**
 * Settings → 团队账本 → 迁入团队账本 in Chromium against the real PostgreSQL (test/support/pg.ts): a desk
 * that has issued invoices saves its team ledger, the clerk moves in — main asks for the confirmation in
 * its own dialog (the harness answers yes and keeps the question), progress arrives as events, and the
 * card says what was moved and when; the team ledger then holds the desk's invoices. Moving in again is
 * refused in words, naming the tables that already hold rows; a declined confirmation writes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamPool } from '../../main/ledger/pg/pool.js';
import type { TeamMoveProgress } from '../../shared/ipc/schemas/team-ledger.js';
import { startHarness, type Harness } from '../harness/server.js';
import { createTestDatabase, type TestDatabase } from '../support/pg.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { coreCalls, PRINT_BUYER } from './support/print-core.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
let team: TestDatabase;

beforeAll(async () => {
  team = await createTestDatabase();
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-team-move-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 50, outboxBaseDelayMs: 50, outboxMaxDelayMs: 300, dailyBackups: false } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  await team?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const { dispatch, issue } = coreCalls(() => harness);
const lines = [{ name: '办公椅', taxCode: '1060201070000000000', quantity: '2', unitPrice: '113.00', rate: '0.13' }];

describe('settings → 团队账本 → 迁入团队账本', () => {
  it('moves the desk ledger in after a confirmation in main, shows progress and the outcome, and refuses a second move', async () => {
    const first = await issue({ invoiceType: '026', ...PRINT_BUYER, issuer: '李四', lines });
    const second = await issue({ invoiceType: '026', buyerName: '个人客户张三', issuer: '李四', lines });
    await dispatch('teamLedger:save', { ...team.address, password: team.password });
    const progress: TeamMoveProgress[] = [];
    harness.core.onEvent((event, payload) => {
      if (event === 'teamLedger:moveProgress') progress.push(payload as TeamMoveProgress);
    });

    const page = await browser.newPage({ viewport: { width: 1366, height: 1600 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('team-ledger');
    await card.scrollIntoViewIfNeeded();

    // Declined: nothing happens, nothing is written.
    harness.confirmAnswer = false;
    await page.getByTestId('team-move').click();
    await expect.poll(() => harness.confirmQuestions.length).toBe(1);
    await expect.poll(() => page.getByTestId('team-move').isEnabled()).toBe(true);
    expect(await page.getByTestId('team-move-result').count()).toBe(0);
    expect(progress).toEqual([]);

    harness.confirmAnswer = true;
    await page.getByTestId('team-move').click();
    await expect.poll(() => page.getByTestId('team-move-result').innerText(), { timeout: 60_000 }).toContain('已迁入团队账本');
    expect(harness.confirmQuestions[1]).toMatchObject({ title: '迁入团队账本', confirmLabel: '迁入' });
    expect(harness.confirmQuestions[1]!.detail).toContain(team.name);
    const result = await page.getByTestId('team-move-result').innerText();
    expect(result).toMatch(/共迁入 \d+ 条记录（1 家企业），各表各企业的条数和金额与本机一致/);
    await expect.poll(() => page.getByTestId('team-moved-in').innerText()).toMatch(new RegExp(`本机账本已于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} 迁入团队账本 ${team.name}`));
    const total = progress.at(-1)!.total;
    expect(total).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({ moved: total, total, table: null });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'team-move-done');

    const pool = createTeamPool(team.address, team.password, { log: () => {} });
    const moved = await pool.query<{ lsh: string }>(`SELECT lsh FROM issued_invoice ORDER BY id`);
    await pool.end();
    expect(moved.rows.map((row) => row.lsh)).toEqual([first.lsh, second.lsh]);

    await page.getByTestId('team-move').click();
    await expect.poll(() => page.getByTestId('team-move-result').innerText(), { timeout: 60_000 }).toContain('未迁入');
    expect(await page.getByTestId('team-move-result').innerText()).toContain('团队账本里已经有数据（开票记录、发票明细、待发送请求、操作记录）');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'team-move-refused');
    expect(errors).toEqual([]);
    await page.close();
  });
});
