/**
 * Messages by code (issue 9 point 5) in Chromium: in English, the rule book's field errors on the
 * issuance form, a failure sent by main (a spreadsheet import refused), the batch table's row problems
 * of an Excel batch with bad rows and a library import's report of bad rows read in English — the page
 * shows no CJK character or full-width punctuation outside data (the seller's own name, the 中文 switch
 * and the amount in words), as english-whole.test.ts checks for every view without mistakes. What main
 * words itself follows the page's language too: a red-letter form's progress note (sent by key) and the
 * history export written to a file (headers and state words; invoice data stays as it is).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceSummary, RedStarted } from '../../shared/ipc/index.js';
import { HISTORY_DB_FILE } from '../../main/core-config.js';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-english-messages-'));
  // Fast issuing and retries, and the sandbox's control API (a red-letter answer that never arrives).
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600, sandboxControlApi: true } });
});

afterAll(async () => {
  await shared?.page.close();
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const NOT_ENGLISH = /[\u3000-\u303f\u3400-\u9fff\uff01-\uff1f]/u;

async function chineseLines(page: Page, data: readonly string[]): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .split('\n')
    .map((line) => data.reduce((rest, value) => rest.split(value).join(''), line))
    .map((line) => line.replace(/[负零壹贰叁肆伍陆柒捌玖拾佰仟万亿元圆角分整]+/gu, ''))
    .filter((line) => NOT_ENGLISH.test(line));
}

async function openInEnglish(): Promise<{ page: Page; errors: string[]; data: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
  const errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('nav-issue').click();
  await page.getByTestId('issuance-form').waitFor();
  await page.getByText('English', { exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.innerText.includes('Issue invoice'))).toBe(true);
  // The switch reached main, which words its dialogs and exports in it and remembers it (main/i18n/).
  await expect.poll(() => fs.readFileSync(path.join(dataDir, 'ui-language.json'), 'utf8')).toContain('"en"');
  const info = await harness.core.router.dispatch('app:info', {});
  const seller = info.ok ? (info.value as { seller: { name: string } }).seller.name : '';
  return { page, errors, data: [seller, '中文'] };
}

type EnglishPage = Awaited<ReturnType<typeof openInEnglish>>;
/**
 * The page the first three tests share: loading the renderer and switching it to English is most of a
 * test's time, and each test starts from its own view (the switch and its reaching main are checked once).
 */
let shared: EnglishPage | undefined;
async function sharedEnglishPage(): Promise<EnglishPage> {
  shared ??= await openInEnglish();
  return shared;
}

describe('messages by code, in English', () => {
  it('shows the form rule errors and a failure from main in English', async () => {
    const { page, errors, data } = await sharedEnglishPage();
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('issuance-form').waitFor();
    await page.getByTestId('invoice-type').click();
    await page.getByTestId('invoice-type-option-028').click();
    await page.getByTestId('buyer-name').fill('Rule Check Trading Ltd');
    await page.getByTestId('line-0-name').fill('Paper');
    await page.getByTestId('line-0-tax-code').fill('1060201070000000000');
    await page.getByTestId('line-0-quantity').fill('1');
    await page.getByTestId('line-0-unit-price').fill('0');
    await page.getByTestId('submit-invoice').click();

    // Rule book (028 needs the buyer's tax ID and bank details) and field schema (a unit price of 0).
    await expect.poll(() => page.getByTestId('error-buyerTaxNumber').innerText()).toContain('Buyer tax ID is required');
    await expect(page.getByTestId('error-buyerAccount').innerText()).resolves.toContain('Buyer account is required');
    await expect.poll(() => page.getByTestId('error-lines.0.unitPrice').innerText()).toContain('Unit price (tax incl.) is not valid');
    // A USCC whose check character is wrong: the shared tax-ID rule, in English.
    const base = '91330106MA2H7X8Y2';
    await page.getByTestId('buyer-tax-number').fill(base + (usccCheckCharacter(base) === '0' ? '1' : '0'));
    await expect.poll(() => page.getByTestId('error-buyerTaxNumber').innerText()).toMatch(/Buyer tax ID: The check character .* is wrong \(should be \w\)/);
    expect(await chineseLines(page, data)).toEqual([]);
    await screenshot(page, 'english-form-errors');

    // A failure main sends: a spreadsheet import of an encrypted workbook (an OLE file with EncryptionInfo).
    const encrypted = path.join(dataDir, 'encrypted.xlsx');
    const cfb = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    Buffer.from('EncryptionInfo', 'utf16le').copy(cfb, 1024);
    fs.writeFileSync(encrypted, cfb);
    await page.getByTestId('nav-libraries').click();
    harness.nextOpenPath = encrypted;
    await page.getByTestId('customers-import').click();
    await expect.poll(() => page.evaluate(() => document.body.innerText)).toContain('The workbook is password-protected (encrypted)');
    expect(await chineseLines(page, data)).toEqual([]);
    await screenshot(page, 'english-main-failure');
    expect(errors).toEqual([]);
  }, 180_000);

  it('shows the batch table’s row problems and a library import’s report in English', async () => {
    const { page, errors, data } = await sharedEnglishPage();
    const uscc = (first17: string) => `${first17}${usccCheckCharacter(first17)}`;
    const good = uscc('91110105MA01ABCD1');
    const wrongCheck = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;

    // A batch whose rows break the sheet's own checks, the rule book, a cell and the grouping by 发票序号.
    const batchFile = path.join(dataDir, 'april-batch.xlsx');
    const batchBook = new ExcelJS.Workbook();
    const sheet = batchBook.addWorksheet('发票明细');
    sheet.addRow(['发票序号', '发票类型', '购买方名称', '购买方纳税人识别号', '商品名称', '税收分类编码', '数量', '含税单价', '税率', '税额']);
    sheet.addRow(['E1', '026', 'Good Buyer Ltd', '', 'Paper', '1060201070000000000', 1, '10', '13%', '']);
    sheet.addRow(['E2', '026', 'Rate Buyer Ltd', '', 'Paper', '1060201070000000000', 1, '10', '17%', '']);
    sheet.addRow(['E3', '004', 'Special Buyer Ltd', '', 'Paper', '1060201070000000000', 1, '10', '13%', '']);
    sheet.addRow(['E4', 'ZZZ', 'Type Buyer Ltd', '', 'Paper', '1060201070000000000', 1, '10', '13%', '']);
    sheet.addRow(['E5', '026', 'Tax Buyer Ltd', '', 'Paper', '1060201070000000000', 1, '100', '13%', '20']);
    sheet.addRow(['E5', '007', '', '', 'Service', { formula: 'Z99*2' }, 1, '10', '6%', '']);
    sheet.addRow(['E6', '026', 'Check Buyer Ltd', wrongCheck, 'Paper', '1060201070000000000', 1, '10', '13%', '']);
    sheet.addRow(['E7', '026', 'No Rate Ltd', '', 'Paper', '1060201070000000000', 1, '10', '', '']);
    await batchBook.xlsx.writeFile(batchFile);
    await page.getByTestId('nav-batch').click();
    harness.nextOpenPath = batchFile;
    await page.getByTestId('batch-import').click();
    await expect.poll(() => page.getByTestId('batch-row').count(), { timeout: 60_000 }).toBe(7);
    const issues = page.getByTestId('batch-issue');
    await expect.poll(() => issues.count()).toBeGreaterThanOrEqual(7);
    const said = (await issues.allInnerTexts()).join('\n');
    expect(said).toContain('Row 3 “Tax rate”: "17%" is not a usable tax rate; use 13%, 9%, 6%, 5%, 3%, 2%, 1% or 0%');
    expect(said).toContain('Row 4 “Buyer tax ID”: Buyer tax ID is required (invoice type 004 needs the buyer tax ID)');
    expect(said).toContain('Row 5 “Invoice type”: "ZZZ" is not an invoice type that can be issued');
    expect(said).toContain('Row 6 “Tax”: Tax 20.00 differs from 11.50 computed from the amount by more than 0.06');
    expect(said).toContain('Row 7 “Invoice type”: Differs from row 6 of the same invoice key (026)');
    expect(said).toContain('Row 7 “Tax classification code”: The formula has no computed result');
    expect(said).toContain('Row 8 “Buyer tax ID”: The check character of the unified social credit code is wrong');
    expect(said).toContain('Row 9 “Tax rate”: Required: 13%, 9%, 6%, 5%, 3%, 2%, 1% or 0%');
    // The schema does not refuse the empty rate a second time.
    expect(said).not.toContain('Not a valid value');
    expect(await chineseLines(page, data)).toEqual([]);
    await screenshot(page, 'english-batch-problems');

    // A customer sheet with refused rows and rows saved with a remark.
    const libraryFile = path.join(dataDir, 'customers-en.xlsx');
    const libraryBook = new ExcelJS.Workbook();
    const customers = libraryBook.addWorksheet('customers');
    customers.addRow(['客户名称', '纳税人识别号', '地址', '手机号']);
    customers.addRow(['Alpha Trading Ltd', good, '', '']);
    customers.addRow(['Bad Check Ltd', wrongCheck, '', '']);
    customers.addRow(['Mobile Ltd', '', '', '12345']);
    customers.addRow(['Formula Ltd', { formula: 'Z99' }, '', '']);
    customers.addRow(['Alpha Trading Ltd', good, 'Room 1', '']);
    customers.addRow(['Legacy Shop', '110105123456789', '', '']);
    await libraryBook.xlsx.writeFile(libraryFile);
    await page.getByTestId('nav-libraries').click();
    harness.nextOpenPath = libraryFile;
    await page.getByTestId('customers-import').click();
    const report = page.getByTestId('import-report');
    await report.waitFor();
    const refused = page.getByTestId('import-report-errors');
    await expect.poll(() => refused.locator('tr[data-row]').count()).toBe(3);
    expect(await refused.locator('tr[data-row="3"]').innerText()).toContain('Tax ID: The check character of the unified social credit code is wrong');
    expect(await refused.locator('tr[data-row="4"]').innerText()).toContain('Mobile: Not valid');
    expect(await refused.locator('tr[data-row="5"]').innerText()).toContain('Tax ID: The formula has no computed result');
    const remarks = page.getByTestId('import-report-warnings');
    expect(await remarks.locator('tr[data-row="6"]').innerText()).toContain('Same entry as row 2; updated from this row');
    expect(await remarks.locator('tr[data-row="7"]').innerText()).toContain('Tax ID 110105123456789: a 15-character legacy tax ID cannot be checked');
    expect(await chineseLines(page, data)).toEqual([]);
    await screenshot(page, 'english-library-import-report');
    await page.getByTestId('import-report-close').click();
    await report.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  }, 240_000);

  it("words main's own texts in English: a red-letter form's progress note and the history export file", async () => {
    const { page, errors, data } = await sharedEnglishPage();
    const buyer = { buyerName: '杭州云栖商贸有限公司', buyerTaxNumber: '91330106MA27XK5R3T', buyerAddress: '浙江省杭州市西湖区文三路 100 号', buyerPhone: '0571-88886666', buyerBank: '中国工商银行杭州文三路支行', buyerAccount: '1202021109900012345' };
    const submitted = await harness.core.router.dispatch('issuance:submit', {
      invoiceType: '004',
      ...buyer,
      issuer: 'Li Si',
      lines: [{ name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060.00', rate: '0.06' }],
    });
    if (!submitted.ok) throw new Error(submitted.error.message);
    const lsh = (submitted.value as InvoiceSummary).lsh;
    const issued = async () => {
      const detail = await harness.core.router.dispatch('history:detail', { id: (submitted.value as InvoiceSummary).id });
      return detail.ok && (detail.value as { summary: { status: string } }).summary.status === 'issued';
    };
    await expect.poll(issued, { timeout: 90_000 }).toBe(true);

    // Every answer to the red-letter application is lost: the form waits to retry, a note main sends by key.
    const info = await harness.core.router.dispatch('app:info', {});
    const serviceBaseUrl = info.ok ? (info.value as { serviceBaseUrl: string }).serviceBaseUrl : '';
    const faults = (body: object) => fetch(`${serviceBaseUrl.replace(/\/$/, '')}/sandbox/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await faults({ dropRate: 1, endpoints: ['applyRedLetter'] })).ok).toBe(true);
    try {
      const started = await harness.core.router.dispatch('reversal:start', {
        blueInvoiceId: (submitted.value as InvoiceSummary).id,
        reason: '2',
        letterReason: '2',
        letterSubReason: 'not-delivered',
        terminal: 'kpzd-01',
      });
      if (!started.ok || (started.value as RedStarted).kind !== 'form') throw new Error('expected a red-letter form');
      const formLsh = (started.value as Extract<RedStarted, { kind: 'form' }>).form.lsh;

      await page.getByTestId('nav-history').click();
      await page.getByTestId(`history-row-${lsh}`).click();
      await page.getByTestId(`invoice-detail-${lsh}`).waitFor();
      const note = page.getByTestId(`form-message-${formLsh}`);
      await expect.poll(async () => ((await note.count()) > 0 ? note.innerText() : ''), { timeout: 60_000 }).toMatch(/^Waiting to retry: /);
      expect(await note.innerText()).not.toMatch(NOT_ENGLISH);
      expect(await chineseLines(page, [...data, ...Object.values(buyer), '技术服务'])).toEqual([]);
      await screenshot(page, 'english-red-letter-note');
    } finally {
      await faults({});
    }

    // The history export: the clerk's own file, in the language of the screen it came from.
    await page.keyboard.press('Escape');
    const saved = harness.savedPaths.length;
    await page.getByTestId('history-export').click();
    await expect.poll(() => harness.savedPaths.length, { timeout: 60_000 }).toBe(saved + 1);
    const file = harness.savedPaths[saved] as string;
    expect(path.basename(file)).toMatch(/^invoice-history-\d{8}\.xlsx$/);
    await expect.poll(() => fs.existsSync(file)).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await expect.poll(async () => workbook.xlsx.readFile(file).then(() => workbook.worksheets.length, () => 0)).toBeGreaterThan(0);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Direction', 'Invoice type', 'Invoice code', 'Invoice number', 'Date', 'Counterparty', 'Counterparty tax ID', 'Total', 'Tax', 'State', 'Blue/red', 'Reversal', 'Rates and levies']);
    const row = (sheet?.getRow(2).values as unknown[]).slice(1);
    // Everything but the counterparty's name (data) is English.
    expect(row.filter((_, index) => index !== 5).filter((cell) => NOT_ENGLISH.test(String(cell ?? '')))).toEqual([]);
    expect(row[0]).toBe('Output');
    expect(errors).toEqual([]);
    await page.close();
    shared = undefined;

    // The next start of the page opens in the language main remembers, without a click.
    const again = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    await again.goto(harness.url);
    await again.getByTestId('nav-issue').click();
    await again.getByTestId('issuance-form').waitFor();
    await expect.poll(() => again.evaluate(() => document.documentElement.innerText.includes('Issue invoice'))).toBe(true);
    expect(await again.evaluate(() => document.documentElement.lang)).toBe('en');
    await again.close();
  }, 240_000);

  it('shows batch rows stored by an older version (Chinese column and sentence) as they were stored', async () => {
    // What a version before messages by code wrote into the history database (a real SQLite file, written beside the running core).
    const db = new Database(path.join(dataDir, HISTORY_DB_FILE));
    const batchId = Number(db.prepare(`INSERT INTO batch (environment, file_name, created_at) VALUES ('sandbox', 'old-batch.xlsx', '2025-03-01T08:00:00.000Z')`).run().lastInsertRowid);
    const stored = { row: 2, column: '税率', message: '「17%」不是可用的税率，只能是 13%、9%、6%、5%、3%、1% 或 0%', severity: 'error' };
    const insertRow = db.prepare(
      `INSERT INTO batch_row (batch_id, seq, first_row, last_row, ghdwmc, jshj, draft_json, errors_json, valid, submit_error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insertRow.run(batchId, 1, 2, 2, 'Old Buyer A', null, null, JSON.stringify([stored]), 0, null);
    insertRow.run(batchId, 2, 3, 3, 'Old Buyer B', '113.00', JSON.stringify({ invoiceType: '026' }), '[]', 1, '提交失败：SQLITE_BUSY');
    db.close();

    const { page, errors, data } = await openInEnglish();
    await page.getByTestId('nav-batch').click();
    await page.getByTestId('batch-recent').click();
    await page.locator('.ant-select-item-option', { hasText: 'old-batch.xlsx' }).click();
    await expect.poll(() => page.getByTestId('batch-row').count()).toBe(2);
    const shown = await page.getByTestId('batch-table').innerText();
    expect(shown).toContain(`Row 2 “税率”: ${stored.message}`);
    expect(shown).toContain('提交失败：SQLITE_BUSY');
    // The stored Chinese is data here; everything around it is English.
    expect(await chineseLines(page, [...data, stored.message, '税率', '提交失败：SQLITE_BUSY'])).toEqual([]);
    await screenshot(page, 'english-batch-old-rows');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
