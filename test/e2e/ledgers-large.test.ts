/**
 * Issue 15.3 in Chromium for the two ledgers: the input ledger (进项台账) over 100,000 collected invoices
 * of the active enterprise and the received ledger (报销台账) over 100,000 received files, written in SQL
 * into the app's own database file once the harness runs (the active enterprise is only known then).
 * Each ledger shows its first page without loading the rest (data-loaded), is as tall as the whole
 * result (data-total), scrolls to row 90,000 and to the last row showing the rows a plain ordered query
 * gives there, and keeps only the rows in view in the page. Screenshots in test/e2e/artifacts/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_DB_FILE } from '../../main/core.js';
import { closeDatabase, openDatabase } from '../../main/db/open.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

const ROWS = 100_000;
let browser: Browser;
let harness: Harness;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-ledgers-'));
/** What a plain ordered query lists: fphm of the input ledger, id of the received ledger. */
let inputOrder: string[] = [];
let receivedOrder: number[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  harness = await startHarness({ dataDir });
  const choices = await harness.core.router.dispatch('enterprises:choices', {});
  if (!choices.ok) throw new Error(choices.error.message);
  const enterprise = (choices.value as { active: { taxNumber: string } }).active.taxNumber;
  const db = openDatabase(path.join(dataDir, HISTORY_DB_FILE));
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
    INSERT INTO collected_invoice (environment, enterprise, fplxdm, fpdm, fphm, kprq, issue_date, dqskssq, gmfsbh, xhfmc, xhfsbh, hjje, se, yxse, fpzt, rzzt, glzt, record_json, collected_at)
    SELECT 'sandbox', '${enterprise}', '01', '', printf('9%07d', i), strftime('%Y%m%d', date('2023-01-01', '+' || ((i * 7919) % 1100) || ' days')),
           date('2023-01-01', '+' || ((i * 7919) % 1100) || ' days'), '202501', '${enterprise}', '供应商' || (i % 500) || '有限公司', '9133' || printf('%014d', i % 500),
           printf('%d.%02d', i % 9000, i % 100), printf('%d.%02d', i % 900, i % 37), printf('%d.%02d', i % 900, i % 37), '0', '0', '0', '{}', '2025-01-01T00:00:00Z'
    FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
    INSERT INTO received_invoice (environment, file_hash, file_name, file_type, source, fplxdm, fpdm, fphm, kprq, hjje, hjse, jshj, xhfmc, data_json, status, created_at, updated_at, fpzl, last_code,
                                  verify_state, enterprise)
    SELECT 'sandbox', printf('h%08d', i), printf('收票%06d.pdf', i), 'pdf', 'qr', '10', '044002300111', printf('%08d', i), strftime('%Y%m%d', date('2022-01-01', '+' || (i % 1400) || ' days')),
           printf('%d.%02d', i % 3000, i % 100), '0.00', printf('%d.%02d', i % 3000, i % 100), '供应商' || (i % 400) || '餐饮有限公司', '{}', 'verified',
           '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', '10', '0001', 'consistent', '${enterprise}'
    FROM n;
  `);
  inputOrder = (
    db.prepare(`SELECT fphm FROM collected_invoice WHERE environment = 'sandbox' AND enterprise = ? ORDER BY issue_date DESC, id DESC`).all(enterprise) as Array<{ fphm: string }>
  ).map((row) => row.fphm);
  receivedOrder = (db.prepare(`SELECT id FROM received_invoice WHERE environment = 'sandbox' ORDER BY id DESC`).all() as Array<{ id: number }>).map((row) => row.id);
  closeDatabase(db);
}, 300_000);

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function scrollTo(table: Locator, index: number): Promise<void> {
  await table.evaluate((element, top) => {
    element.scrollTop = top;
  }, index * 36);
}
const rowAt = (table: Locator, index: number) => table.locator(`tr[data-index="${index}"]`);

async function open(nav: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('environment-banner').waitFor();
  await page.getByTestId(nav).click();
  return { page, errors };
}

describe('ledgers over 100,000 rows', () => {
  it('input ledger: first page only, then row 90,000 and the last row after scrolling there', async () => {
    const { page, errors } = await open('nav-ledger');
    const table = page.getByTestId('input-ledger-table');
    await table.waitFor();
    expect(inputOrder).toHaveLength(ROWS);
    await expect.poll(() => rowAt(table, 0).getAttribute('data-testid')).toBe(`ledger-row-${inputOrder[0]}`);
    await expect.poll(() => table.getAttribute('data-total')).toBe(String(ROWS));
    expect(Number(await table.getAttribute('data-loaded'))).toBeLessThanOrEqual(200);
    await expect.poll(() => page.getByTestId('ledger-totals').innerText()).toContain(`共 ${ROWS} 张`);
    await screenshot(page, 'input-ledger-large-first-page');

    await scrollTo(table, 90_000);
    await expect.poll(() => rowAt(table, 90_000).getAttribute('data-testid'), { timeout: 120_000 }).toBe(`ledger-row-${inputOrder[90_000]}`);
    expect(await rowAt(table, 90_001).getAttribute('data-testid')).toBe(`ledger-row-${inputOrder[90_001]}`);
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(60);
    await screenshot(page, 'input-ledger-large-row-90000');

    const last = ROWS - 1;
    await scrollTo(table, last);
    await expect.poll(() => rowAt(table, last).getAttribute('data-testid'), { timeout: 120_000 }).toBe(`ledger-row-${inputOrder[last]}`);
    expect(await rowAt(table, last).innerText()).toContain(inputOrder[last]);
    await screenshot(page, 'input-ledger-large-end');
    // Keyboard first: End then Enter opens the last invoice's detail.
    await table.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByTestId('ledger-detail').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('received ledger: first page only, then row 90,000 and the last row after scrolling there', async () => {
    const { page, errors } = await open('nav-intake');
    await page.getByTestId('intake-tab-ledger').click();
    const table = page.getByTestId('intake-ledger').getByTestId('ledger-table');
    await table.waitFor();
    expect(receivedOrder).toHaveLength(ROWS);
    await expect.poll(() => rowAt(table, 0).getAttribute('data-id')).toBe(String(receivedOrder[0]));
    await expect.poll(() => table.getAttribute('data-total')).toBe(String(ROWS));
    expect(Number(await table.getAttribute('data-loaded'))).toBeLessThanOrEqual(200);
    await expect.poll(() => page.getByTestId('ledger-totals').innerText()).toContain(`共 ${ROWS} 张`);
    await screenshot(page, 'received-ledger-large-first-page');

    await scrollTo(table, 90_000);
    await expect.poll(() => rowAt(table, 90_000).getAttribute('data-id'), { timeout: 120_000 }).toBe(String(receivedOrder[90_000]));
    expect(await rowAt(table, 90_001).getAttribute('data-id')).toBe(String(receivedOrder[90_001]));
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(60);
    await screenshot(page, 'received-ledger-large-row-90000');

    const last = ROWS - 1;
    await scrollTo(table, last);
    await expect.poll(() => rowAt(table, last).getAttribute('data-id'), { timeout: 120_000 }).toBe(String(receivedOrder[last]));
    expect(await rowAt(table, last).innerText()).toContain(`收票${String(receivedOrder[last]).padStart(6, '0')}.pdf`);
    await screenshot(page, 'received-ledger-large-end');
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
