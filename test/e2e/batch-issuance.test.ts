/**
 * A batch of 50 invoices from Excel, end to end in Chromium: the test writes a real .xlsx (50 valid
 * invoices, some of several lines, plus 2 deliberately wrong ones), the clerk imports it through the UI,
 * sees the per-row report, submits, watches the progress reach 50 已开具, exports the results sheet (read
 * back here), and finds the invoices in the history. The 2 wrong invoices are shown and never sent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-batch-'));
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const HEADERS = ['发票序号', '发票类型', '购买方名称', '购买方纳税人识别号', '备注', '商品名称', '税收分类编码', '数量', '含税单价', '税率'];
const uscc = (first17: string) => `${first17}${usccCheckCharacter(first17)}`;

/**
 * 50 valid invoices: numbers 1–40 one line each, 41–50 two lines each (grouped by 发票序号), alternating
 * 026 and 82; then row 61 with a 17% rate and row 62 with a wrong tax-ID check character.
 */
async function writeSheet(file: string): Promise<{ invalidRows: number[] }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('发票明细');
  sheet.addRow(HEADERS);
  for (let n = 1; n <= 50; n++) {
    const key = `B${String(n).padStart(3, '0')}`;
    const type = n % 2 === 0 ? '82' : '026';
    const buyer = `批量客户${String(n).padStart(2, '0')}有限公司`;
    const taxId = n % 5 === 0 ? uscc(`9111010500000${String(n).padStart(4, '0')}`) : '';
    sheet.addRow([key, type, buyer, taxId, `批次测试 ${n}`, '打印纸', '1060201070000000000', n, '25.00', '13%']);
    if (n > 40) sheet.addRow([key, '', '', '', '', '技术服务', '3040201000000000000', 1, '106.00', '6%']);
  }
  sheet.addRow(['X001', '026', '税率错误公司', '', '', '打印纸', '1060201070000000000', 1, '10', '17%']);
  const good = uscc('91110105MA01ABCD1');
  sheet.addRow(['X002', '026', '税号错误公司', `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`, '', '打印纸', '1060201070000000000', 1, '10', '13%']);
  await workbook.xlsx.writeFile(file);
  return { invalidRows: [sheet.rowCount - 1, sheet.rowCount] };
}

describe('batch issuance from Excel', () => {
  it('imports 52 invoices, reports the 2 wrong ones, issues the 50 valid ones and exports the results', async () => {
    const harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100, outboxMaxDelayMs: 1000 } });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
      const errors = collectPageErrors(page);
      await page.goto(harness.url);
      await page.getByTestId('environment-banner').waitFor();
      await page.getByTestId('nav-batch').click();
      await page.getByTestId('batch-view').waitFor();

      const file = path.join(dataDir, '四月批量开票.xlsx');
      const { invalidRows } = await writeSheet(file);
      harness.nextOpenPath = file;
      await page.getByTestId('batch-import').click();

      const rows = page.getByTestId('batch-row');
      await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(52);
      await expect.poll(() => page.locator('[data-testid="batch-row"][data-state="ready"]').count()).toBe(50);
      const invalid = page.locator('[data-testid="batch-row"][data-state="invalid"]');
      expect(await invalid.count()).toBe(2);
      const firstBad = page.locator(`[data-testid="batch-row"][data-first-row="${invalidRows[0]}"]`);
      await expect.poll(() => firstBad.innerText()).toContain(`第 ${invalidRows[0]} 行「税率」`);
      const secondBad = page.locator(`[data-testid="batch-row"][data-first-row="${invalidRows[1]}"]`);
      await expect.poll(() => secondBad.innerText()).toContain('「购买方纳税人识别号」');
      expect(await secondBad.innerText()).toContain('校验位不正确');
      await expect.poll(() => page.getByTestId('batch-summary').innerText()).toMatch(/通过\s*50/);
      await expect.poll(() => page.getByTestId('batch-submit').innerText()).toContain('50');
      await screenshot(page, 'batch-report');

      await page.getByTestId('batch-submit').click();
      const progress = page.getByTestId('batch-progress');
      await progress.waitFor({ timeout: 60_000 });
      await expect.poll(() => progress.getAttribute('data-issued'), { timeout: 180_000, interval: 250 }).toBe('50');
      expect(await progress.getAttribute('data-failed')).toBe('0');
      // The outcome counts issued and failed apart, green only because nothing failed.
      await expect.poll(() => page.getByTestId('batch-outcome-summary').innerText()).toContain('已开具 50 张，失败 0 张');
      expect(await page.getByTestId('batch-outcome-summary').getAttribute('data-tone')).toBe('success');
      expect(await page.getByTestId('batch-outcome-progress').innerText()).toBe('50/50');
      await expect.poll(() => page.locator('[data-testid="batch-row"][data-state="issued"]').count(), { timeout: 60_000 }).toBe(50);
      // The invalid rows stayed as they were: never sent.
      expect(await invalid.count()).toBe(2);
      await screenshot(page, 'batch-issued');

      const savedBefore = harness.savedPaths.length;
      await page.getByTestId('batch-export').click();
      await expect.poll(() => harness.savedPaths.length).toBe(savedBefore + 1);
      const resultsFile = harness.savedPaths.at(-1)!;
      await expect.poll(() => fs.existsSync(resultsFile)).toBe(true);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(resultsFile);
      const sheetRows: string[][] = [];
      workbook.worksheets[0]!.eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      expect(sheetRows[0]).toEqual(['行号', '发票序号', '购买方', '价税合计', '状态', '发票代码', '发票号码', '流水号', '错误']);
      const issuedRows = sheetRows.filter((r) => r[4] === '已开具');
      expect(issuedRows).toHaveLength(50);
      for (const row of issuedRows) expect(row[6]).toMatch(/^\d{8,20}$/);
      expect(new Set(issuedRows.map((r) => r[6])).size).toBe(50);
      const refusedRows = sheetRows.filter((r) => r[4] === '校验未通过');
      expect(refusedRows.map((r) => r[0])).toEqual(invalidRows.map(String));

      // The history lists them, issued, with the same invoice numbers.
      const listed = await harness.core.router.dispatch('history:list', { limit: 200 });
      expect(listed.ok).toBe(true);
      const history = (listed.ok ? listed.value : []) as InvoiceSummary[];
      expect(history).toHaveLength(50);
      expect(history.every((invoice) => invoice.status === 'issued')).toBe(true);
      expect(new Set(history.map((invoice) => invoice.invoiceNumber))).toEqual(new Set(issuedRows.map((r) => r[6])));
      expect(history.some((invoice) => invoice.buyerName === '税率错误公司' || invoice.buyerName === '税号错误公司')).toBe(false);

      await page.getByTestId('nav-history').click();
      const table = page.getByTestId('history-table');
      await expect.poll(() => table.innerText(), { timeout: 60_000 }).toContain('批量客户50有限公司');
      // The history renders only the rows in view (a virtual list): an older one is found by searching.
      await page.getByTestId('filter-text').locator('input').fill('批量客户07');
      await page.getByTestId('filter-text').locator('input').press('Enter');
      const sample = table.locator('tr', { hasText: '批量客户07有限公司' });
      await expect.poll(() => sample.innerText()).toContain('已开具');
      await screenshot(page, 'batch-history');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await harness.close();
    }
    // Its own waits go up to 60 s (50 issuances); the default 30 s test timeout cut it short on a busy
    // machine (it took 29.5 s on a quiet-ish one).
  }, 120_000);
});
