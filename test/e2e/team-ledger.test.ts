/**
 * Settings → 团队账本 in Chromium against the real PostgreSQL (test/support/pg.ts): the clerk fills in the
 * server, database, user, TLS and password, saves, and 测试连接 signs in — then a wrong password is named
 * as such. The card says the desk keeps its own ledger until it switches; the password is never shown again
 * and is stored only sealed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../main/ledger/pg/pool.js';
import { startHarness, type Harness } from '../harness/server.js';
import { createTestDatabase, type TestDatabase } from '../support/pg.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
let team: TestDatabase;
/** The clerk's own login role: a random password, everyday rights on the ledger tables only. */
let clerk: { user: string; password: string };

beforeAll(async () => {
  team = await createTestDatabase();
  const pool = createTeamPool(team.address, team.password);
  await migrateTeamLedger(pool);
  await pool.end();
  clerk = await team.createRole();
  await team.exec(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${clerk.user}`);
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-team-'));
  harness = await startHarness({ dataDir });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  await team?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function chooseTls(page: Page, label: string): Promise<void> {
  await page.getByTestId('team-tls').click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
}

describe('settings → 团队账本', () => {
  it('saves the connection with a sealed password, tests it against PostgreSQL, and names a wrong password', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 1400 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('team-ledger');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('team-not-yet').innerText()).toContain('本机现在使用自己的账本');
    // Nothing saved yet: there is nothing to test.
    await expect(page.getByTestId('team-test').isDisabled()).resolves.toBe(true);

    await page.getByTestId('team-host').fill(team.address.host);
    await page.getByTestId('team-port').fill(String(team.address.port));
    await page.getByTestId('team-database').fill(team.address.database);
    await page.getByTestId('team-user').fill(clerk.user);
    // This machine's server runs without TLS; the clerk says so explicitly (verify-full is the default).
    await chooseTls(page, '不加密');
    await page.getByTestId('team-password').fill(clerk.password);
    await page.getByTestId('team-save').click();
    await expect.poll(() => card.innerText()).toContain('已保存密码');
    await expect(page.getByTestId('team-password').inputValue()).resolves.toBe('');

    await page.getByTestId('team-test').click();
    await expect.poll(() => page.getByTestId('team-result').innerText(), { timeout: 30_000 }).toContain('连接成功');
    await expect(page.getByTestId('team-result').innerText()).resolves.toContain('这个账号可以读写账本');
    expect((await page.content()).includes(clerk.password)).toBe(false);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'team-ledger-connected');

    // The password is in the desk's database only sealed.
    const db = new Database(path.join(dataDir, 'history.db'), { readonly: true });
    const stored = db.prepare(`SELECT sealed FROM secret WHERE name = 'team.password'`).get() as { sealed: Buffer } | undefined;
    db.close();
    expect(stored).toBeDefined();
    expect(stored!.sealed.includes(Buffer.from(clerk.password))).toBe(false);

    await page.getByTestId('team-password').fill(`${clerk.password}-typo`);
    await page.getByTestId('team-save').click();
    await expect.poll(async () => page.getByTestId('team-result').count()).toBe(0);
    await page.getByTestId('team-test').click();
    await expect.poll(() => page.getByTestId('team-result').innerText(), { timeout: 30_000 }).toContain('连接失败');
    await expect(page.getByTestId('team-result').innerText()).resolves.toContain('用户名或密码不对');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'team-ledger-wrong-password');

    // Another server with the stored password is refused: it must be typed again for a new address.
    await page.getByTestId('team-host').fill('elsewhere.example.com');
    await page.getByTestId('team-save').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error, .ant-notification').first().innerText(), { timeout: 30_000 }).toContain('密码');
    expect(await harness.core.router.dispatch('teamLedger:get', {})).toMatchObject({ ok: true, value: { address: { host: team.address.host }, enabled: false } });
    expect(errors).toEqual([]);
    await page.close();
  });
});
