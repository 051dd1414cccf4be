/**
 * The customer and product libraries, end to end in Chromium: the clerk adds a customer (a wrong USCC
 * check character is refused on the field first) and a product, searches both, imports a customer sheet
 * with one bad row (reported by row and column, the rest saved), deletes one, and exports to Excel —
 * the exported file is read back here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  // With antd's transitions: the report's closing animation hands focus back (below).
  browser = await launchChromium({ motion: 'full' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-lib-'));
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uscc = (first17: string) => `${first17}${usccCheckCharacter(first17)}`;
const XINGHE = uscc('91110105MA01ABCD1');
const WRONG = `${XINGHE.slice(0, 17)}${XINGHE[17] === '0' ? '1' : '0'}`;

describe('customer and product libraries', () => {
  it('adds, searches, imports with a per-row report, deletes and exports', async () => {
    const harness = await startHarness({ dataDir });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
      const errors = collectPageErrors(page);
      await page.goto(harness.url);
      await page.getByTestId('environment-banner').waitFor();
      await page.getByTestId('nav-libraries').click();
      await page.getByTestId('libraries-view').waitFor();

      // A customer: the wrong check character is refused on the field, then corrected.
      await page.getByTestId('customers-add').click();
      await page.getByTestId('customer-name').fill('北京星河贸易有限公司');
      await page.getByTestId('customer-taxNumber').fill(WRONG);
      await page.getByTestId('customer-address').fill('北京市朝阳区建国路 1 号');
      await page.getByTestId('customer-email').fill('not-an-email');
      const form = page.getByTestId('customer-form');
      await expect.poll(() => form.innerText()).toContain(`校验位不正确（应为 ${XINGHE[17]}）`);
      await expect.poll(() => form.innerText()).toContain('邮箱格式不正确');
      await screenshot(page, 'libraries-customer-validation');
      await page.getByTestId('customer-save').click();
      expect(await page.getByTestId('customers-row').count()).toBe(0); // nothing saved while refused
      await page.getByTestId('customer-taxNumber').fill(XINGHE);
      await page.getByTestId('customer-email').fill('finance@xinghe.example.com');
      await page.getByTestId('customer-save').click();
      await expect.poll(() => page.getByTestId('customers-table').innerText()).toContain(XINGHE);

      // A product, with a rate chosen from the list.
      await page.getByTestId('products-add').click();
      await page.getByTestId('product-name').fill('技术服务');
      await page.getByTestId('product-taxCode').fill('30402010000');
      await expect.poll(() => page.getByTestId('product-form').innerText()).toContain('税收分类编码必须是19位数字');
      await page.getByTestId('product-taxCode').fill('3040201000000000000');
      await page.getByTestId('product-unitPrice').fill('1060');
      await page.getByTestId('product-rate').click();
      await page.locator('.ant-select-item-option[title="6%"]').click();
      await page.getByTestId('product-save').click();
      await expect.poll(() => page.getByTestId('products-table').innerText()).toContain('3040201000000000000');
      expect(await page.getByTestId('products-table').innerText()).toContain('6%');

      // Import a customer sheet with one bad row.
      const sheetFile = path.join(dataDir, '客户导入.xlsx');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('客户');
      sheet.addRow(['客户名称', '纳税人识别号', '地址', '电话']);
      sheet.addRow(['杭州云栖商贸有限公司', uscc('91330106MA2H7X8Y2'), '杭州市西湖区', '0571-88880000']);
      sheet.addRow(['上海浦江实业有限公司', uscc('91310115MA1K3AB12'), '上海市浦东新区', '']);
      sheet.addRow(['校验位错误有限公司', WRONG, '', '']);
      sheet.addRow(['北京星河贸易有限公司', XINGHE, '北京市朝阳区建国路 2 号', '010-88886666']);
      await workbook.xlsx.writeFile(sheetFile);
      harness.nextOpenPath = sheetFile;
      await page.getByTestId('customers-import').click();
      const report = page.getByTestId('import-report');
      await report.waitFor();
      const reportErrors = page.getByTestId('import-report-errors');
      await expect.poll(() => reportErrors.locator('tr[data-row]').count()).toBe(1);
      expect(await reportErrors.locator('tr[data-row="4"]').innerText()).toContain('「纳税人识别号」统一社会信用代码校验位不正确');
      expect(await report.innerText()).toMatch(/新增\s*2/);
      expect(await report.innerText()).toMatch(/更新\s*1/);
      expect(await page.getByTestId('import-report-warnings').innerText()).toContain('已更新该客户');
      await screenshot(page, 'libraries-import-report');
      await page.getByTestId('import-report-close').click();
      // The report closes with an animation and hands focus back to 导入 when it is done: typing into the
      // search box before then can lose the text to that hand-back.
      await report.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('customers-row').count()).toBe(3);

      // Search by name fragment and by tax-ID fragment; products by code fragment.
      const search = page.getByTestId('customers-search').locator('input');
      await search.fill('云栖');
      expect(await search.inputValue()).toBe('云栖');
      await search.press('Enter');
      await expect.poll(() => page.getByTestId('customers-row').count()).toBe(1);
      expect(await page.getByTestId('customers-row').getAttribute('data-name')).toBe('杭州云栖商贸有限公司');
      await search.fill(XINGHE.slice(4, 12));
      await search.press('Enter');
      await expect.poll(() => page.getByTestId('customers-row').first().getAttribute('data-name')).toBe('北京星河贸易有限公司');
      const productSearch = page.getByTestId('products-search').locator('input');
      await productSearch.fill('304020');
      await productSearch.press('Enter');
      await expect.poll(() => page.getByTestId('products-row').count()).toBe(1);
      await productSearch.fill('不存在的商品');
      await productSearch.press('Enter');
      await expect.poll(() => page.getByTestId('products-row').count()).toBe(0);
      await productSearch.fill('');
      await productSearch.press('Enter');
      await expect.poll(() => page.getByTestId('products-row').count()).toBe(1);
      await search.fill('');
      await search.press('Enter');
      await expect.poll(() => page.getByTestId('customers-row').count()).toBe(3);

      // Delete, with confirmation.
      const shanghai = page.locator('[data-testid="customers-row"][data-name="上海浦江实业有限公司"]');
      await shanghai.locator('[data-testid^="customers-delete-"]').click();
      await page.getByTestId('customers-delete-confirm').click();
      await expect.poll(() => page.getByTestId('customers-row').count()).toBe(2);

      // Export to Excel and read it back.
      await page.getByTestId('customers-export-xlsx').click();
      await expect.poll(() => harness.savedPaths.length).toBe(1);
      const exported = harness.savedPaths[0]!;
      await expect.poll(() => fs.existsSync(exported)).toBe(true);
      const back = new ExcelJS.Workbook();
      await back.xlsx.readFile(exported);
      const values = JSON.stringify(back.worksheets[0]!.getSheetValues());
      expect(values).toContain('杭州云栖商贸有限公司');
      expect(values).toContain(XINGHE);
      expect(values).toContain('北京市朝阳区建国路 2 号');
      expect(values).not.toContain('上海浦江实业有限公司');
      await screenshot(page, 'libraries');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await harness.close();
    }
  });
});
