/**
 * Received invoices a clerk can rely on, in Chromium against the harness (embedded sandbox over real
 * HTTP, real SQLite), issue 22: an invoice the tax authority does not know is 查无此票 in red with nothing
 * compared (never a green 已查验); after clicking a file in the queue Enter accepts it; an invoice made out
 * to another buyer is flagged and accepted only with a reason; the 报销台账 shows kinds, dates and states
 * in words and is each enterprise's own (switched in the header: other rows, other totals); its export
 * read back with exceljs has the words and the codes in their own columns. Screenshots in
 * test/e2e/artifacts/intake-ledger-*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../sandbox/index.js';
import type { EnterpriseInput } from '../../shared/ipc/index.js';
import { startHarness } from '../harness/server.js';
import { qrPng } from '../support/intake-fixtures.js';
import { DIGITAL, digitalXml } from '../support/intake-files.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { drop, item, knownSpecialInvoice } from './support/intake.js';

const OTHER: EnterpriseInput = {
  taxNumber: '91320100MA1W5T3K8N',
  agencyName: '南京收票测试有限公司',
  address: '南京市鼓楼区中山路 1 号',
  phone: '025-86001234',
  bank: '建设银行南京分行',
  account: '320900112233',
  taxUser: { idCard: '320102199001011234', name: '周会计', phone: '13700137000', loginIdentity: '1', email: '', identityPwd: 'e2e-id-pwd', taxPwd: 'e2e-tax-pwd' },
};

let browser: Browser;
let dataDir: string;
beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-intake-ledger-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('received invoices in words, per enterprise', () => {
  it('0009 is 查无此票; Enter accepts from the queue; another buyer needs a reason; each enterprise its own 报销台账 and export', async () => {
    const harness = await startHarness({ dataDir, core: { sandboxControlApi: true } });
    try {
      const dispatch = async (channel: string, payload: unknown) => {
        const result = await harness.core.router.dispatch(channel, payload);
        if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
        return result.value as { serviceBaseUrl: string };
      };
      const info = await dispatch('app:info', {});
      const known = await knownSpecialInvoice(info.serviceBaseUrl);
      // A second enterprise this desk serves (set up here; the clerk switches to it in the header below).
      await dispatch('enterprises:initialise', OTHER);

      const page = await browser.newPage({ viewport: { width: 1500, height: 1100 }, locale: 'zh-CN' });
      const errors = collectPageErrors(page);
      await page.goto(harness.url);
      await page.getByTestId('environment-banner').waitFor();
      await page.getByTestId('nav-intake').click();
      await page.getByTestId('intake-view').waitFor();
      await drop(page, [
        { name: '未知发票.png', bytes: await qrPng('01,01,044031900111,99999999,100.00,20240302,,FFFF,'), type: 'image/png' },
        { name: '专票.png', bytes: await qrPng(`01,01,${known.fpdm},${known.fphm},${known.hjje},${known.kprq},${known.jym},0000,`), type: 'image/png' },
        { name: '别家的数电票.xml', bytes: digitalXml().replaceAll(DIGITAL.gmfsbh, '91440300MA5G00000X'), type: 'text/xml' },
      ]);
      for (const name of ['未知发票.png', '专票.png', '别家的数电票.xml']) await expect.poll(() => item(page, name).getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');

      // Enter accepts after clicking a file in the queue (the focus is on the queue, not in a field).
      await item(page, '未知发票.png').click();
      await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe('未知发票.png');
      await page.keyboard.press('Enter');
      await expect.poll(() => item(page, '未知发票.png').getAttribute('data-status')).toBe('accepted');
      // …and the next file opens, the focus following it: Enter goes on accepting.
      await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe('专票.png');
      await page.keyboard.press('Enter');
      await expect.poll(() => item(page, '专票.png').getAttribute('data-status')).toBe('accepted');

      // An invoice the authority does not know: 查无此票 in red, nothing compared, never a green 已查验.
      await item(page, '未知发票.png').click();
      await page.getByTestId('intake-verify').click();
      await expect.poll(() => page.getByTestId('intake-verification').getAttribute('data-code'), { timeout: 60_000 }).toBe('0009');
      expect(await page.getByTestId('intake-verification').getAttribute('data-state')).toBe('not-found');
      expect(await page.getByTestId('intake-state-title').innerText()).toBe('查无此票');
      expect(await page.getByTestId('intake-comparison').count()).toBe(0);
      expect(await page.locator('[data-testid="intake-verification"] .ant-alert-error').count()).toBe(1);
      await expect.poll(() => item(page, '未知发票.png').getByTestId('intake-state').innerText()).toBe('查无此票');
      expect(await item(page, '未知发票.png').getByTestId('intake-state').getAttribute('class')).toContain('ant-tag-error');
      expect(await item(page, '未知发票.png').innerText()).not.toContain('已查验');
      await screenshot(page, 'intake-ledger-1-not-found');
      // The known invoice: 查验一致, green; the QR carried no seller name, the verification fills it.
      await item(page, '专票.png').click();
      await page.getByTestId('intake-verify').click();
      await expect.poll(() => page.getByTestId('intake-verification').getAttribute('data-state'), { timeout: 60_000 }).toBe('consistent');

      // Made out to another buyer: flagged; accepted only with a reason (Enter in the reason accepts).
      await item(page, '别家的数电票.xml').click();
      await page.getByTestId('intake-buyer-mismatch').waitFor();
      expect(await page.getByTestId('intake-buyer-mismatch').innerText()).toContain('91440300MA5G00000X');
      expect(await page.getByTestId('intake-accept').isDisabled()).toBe(true);
      await screenshot(page, 'intake-ledger-2-buyer-mismatch');
      await page.getByTestId('intake-buyer-reason').fill('员工代垫，财务已批准');
      await page.getByTestId('intake-buyer-reason').press('Enter');
      await expect.poll(() => item(page, '别家的数电票.xml').getAttribute('data-status')).toBe('accepted');
      await item(page, '别家的数电票.xml').click();
      await expect.poll(() => page.getByTestId('intake-buyer-mismatch').innerText()).toContain('员工代垫，财务已批准');
      await screenshot(page, 'intake-ledger-3-accepted-with-reason');

      // The demo enterprise's 报销台账, in words.
      await page.getByTestId('intake-tab-ledger').click();
      await page.getByTestId('ledger-search').click();
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(3);
      expect(await page.getByTestId('ledger-enterprise').innerText()).toContain(DEMO_ENTERPRISE.name);
      const demoTotals = await page.getByTestId('ledger-totals').innerText();
      expect(demoTotals).toContain('共 3 张');
      // Sums of the same invoices: the known one (its 税额 and 价税合计 filled by the verification) and the 数电
      // XML; the unknown one's QR gave 金额 only, so it is said apart, not summed.
      const both = (a: string, b: string) => new Decimal(a).plus(b).toFixed(2);
      expect(demoTotals).toContain(`金额 ${both(known.hjje, DIGITAL.fpje)}，税额 ${both(known.se, DIGITAL.fpse)}，价税合计 ${both(known.jshj, DIGITAL.jshj)}`);
      expect(await page.getByTestId('ledger-incomplete').innerText()).toContain('其中 1 张金额不全');
      const rowText = (fphm: string) => page.locator('[data-testid="ledger-row"]', { hasText: fphm }).innerText();
      const unknownRow = await rowText('99999999');
      expect(unknownRow).toContain('2024-03-02');
      expect(unknownRow).toContain('增值税专用发票');
      expect(unknownRow).toContain('查无此票');
      expect(unknownRow).not.toContain('0009');
      const knownRow = await rowText(known.fphm);
      expect(knownRow).toContain(known.xhfmc);
      expect(knownRow).toContain('查验一致');
      expect(await rowText(DIGITAL.fphm)).toContain('购买方不符');
      await screenshot(page, 'intake-ledger-4-demo-enterprise');

      // Its export read back: words, and the codes in their own columns.
      await page.getByTestId('ledger-export').click();
      await expect.poll(() => harness.savedPaths.length).toBe(1);
      await expect.poll(() => page.getByText('报销台账已导出到').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(harness.savedPaths[0] as string);
      const sheet = book.getWorksheet('报销台账')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => Object.fromEntries(header.map((name, column) => [name, sheet.getRow(index + 2).getCell(column + 1).value])));
      expect(rows).toHaveLength(3);
      expect(rows.find((row) => row['发票号码'] === '99999999')).toMatchObject({
        开票日期: '2024-03-02', 发票种类: '增值税专用发票', 查验结果: '查无此票', 发票种类代码: '01', 查验状态代码: 'not-found', 查验结果代码: '0009',
      });
      expect(rows.find((row) => row['发票号码'] === known.fphm)).toMatchObject({ 销售方名称: known.xhfmc, 查验结果: '查验一致', 查验结果代码: '0001', 作废标志: 'N' });
      expect(rows.find((row) => row['发票号码'] === DIGITAL.fphm)).toMatchObject({ 发票种类: '数电专票', 查验结果: '未查验', '购买方不符（接受理由）': '员工代垫，财务已批准', 发票种类代码: '21' });

      // Switch the enterprise in the header: its own ledger (empty, then what it takes in), other totals.
      await page.getByTestId('active-enterprise').click();
      await page.getByTestId(`active-enterprise-option-${OTHER.taxNumber}`).click();
      await expect.poll(() => page.getByTestId('ledger-enterprise').innerText()).toContain(OTHER.agencyName);
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(0);
      await page.getByTestId('intake-tab-queue').click();
      await drop(page, [{ name: '南京的票.png', bytes: await qrPng('01,04,044031900111,70000002,50.00,20240303,09876543210987654322,FFFF,'), type: 'image/png' }]);
      await expect.poll(() => item(page, '南京的票.png').getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      // Read but not accepted yet: not in the 报销台账.
      await page.getByTestId('intake-tab-ledger').click();
      await page.getByTestId('ledger-search').click();
      await expect.poll(() => page.getByTestId('ledger-totals').innerText()).toContain('共 0 张');
      expect(await page.getByTestId('ledger-row').count()).toBe(0);
      await page.getByTestId('intake-tab-queue').click();
      await item(page, '南京的票.png').click();
      await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe('南京的票.png');
      await page.keyboard.press('Enter');
      await expect.poll(() => item(page, '南京的票.png').getAttribute('data-status')).toBe('accepted');
      await page.getByTestId('intake-tab-ledger').click();
      await page.getByTestId('ledger-search').click();
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(1);
      expect(await rowText('70000002')).toContain('增值税普通发票');
      const otherTotals = await page.getByTestId('ledger-totals').innerText();
      expect(otherTotals).toContain('共 1 张');
      // Its QR carries 金额 50.00 only: counted, said apart, not summed beside nothing.
      expect(otherTotals).toContain('金额 0.00');
      expect(await page.getByTestId('ledger-incomplete').innerText()).toContain('其中 1 张金额不全');
      expect(otherTotals).not.toBe(demoTotals);
      await screenshot(page, 'intake-ledger-5-other-enterprise');

      // And back: the demo enterprise's rows and totals as they were.
      await page.getByTestId('active-enterprise').click();
      await page.getByTestId(`active-enterprise-option-${DEMO_ENTERPRISE.taxNumber}`).click();
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(3);
      await expect.poll(() => page.getByTestId('ledger-totals').innerText()).toBe(demoTotals);
      expect(errors).toEqual([]);
    } finally {
      await harness.close();
    }
  }, 600_000);
});
