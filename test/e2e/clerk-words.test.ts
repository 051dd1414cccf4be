/**
 * The clerk's words everywhere (issue 23 point 7, "Done when": a test walks every clerk-facing date, rate
 * and state in both languages). The real sandbox and ledger are seeded with data that reaches every view —
 * blue and red invoices of several rates (13%, 9%, 6%, 3%, 0% 免税), a red-letter form, print log entries,
 * received invoices in several states, collected and certified input invoices, libraries, a second
 * enterprise — then every view, tab, select, drawer and dialog is opened in Chinese and in English and its
 * visible text is read by the clerk-words scanner (test/e2e/support/clerk-words.ts): no US or ISO dates,
 * no decimal rates, no raw codes or keys, no Chinese in English outside data, no English codes in Chinese.
 * Screenshots in test/e2e/artifacts/words-*: one of each view, drawer and dialog per language (every read is
 * scanned; an open select's list, or the same drawer for another invoice, adds words to scan but no new screen).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE, RECEIVED_CONTROL_PATH, type ReceivedInvoice } from '../../sandbox/index.js';
import type { CertificationCheckResult, InvoiceSummary, LedgerRow } from '../../shared/ipc/index.js';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { CUPS_PDF_PRINTER } from '../support/cups-pdf.js';
import { qrPng } from '../support/intake-fixtures.js';
import { DIGITAL, digitalXml } from '../support/intake-files.js';
import { ARTIFACTS_DIR, collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { describeFindings, scanClerkText, type ClerkLanguage } from './support/clerk-words.js';
import { drop, item } from './support/intake.js';
import { coreCalls, PRINT_BUYER } from './support/print-core.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-words-'));
  harness = await startHarness({ dataDir, core: { sandboxControlApi: true, sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600, dailyBackups: false } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const { dispatch, issue } = coreCalls(() => harness);
const OTHER_TAX = `91440300MA5G8K2X7${usccCheckCharacter('91440300MA5G8K2X7')}`;
const CUSTOMER_TAX = `91110105MA01ABCD1${usccCheckCharacter('91110105MA01ABCD1')}`;
const line = (name: string, rate: string, extra: Record<string, string> = {}) => ({ name, taxCode: '1060201070000000000', quantity: '2', unitPrice: '113.00', rate, ...extra });

/** Everything a clerk reaches: issued, reversed, printed, received, collected, certified, libraries, enterprises. */
async function seed(page: Page): Promise<Array<string | RegExp>> {
  await dispatch('customers:save', { name: '北京星河贸易有限公司', taxNumber: CUSTOMER_TAX, address: '北京市朝阳区建国路 1 号', phone: '010-88886666' });
  await dispatch('products:save', { name: '技术服务', taxCode: '3040201000000000000', unitPrice: '1060', rate: '0.06' });
  await dispatch('products:save', { name: '图书', taxCode: '1060201070000000000', unitPrice: '50', rate: '0.00', specialLevy: '1' });
  await dispatch('enterprises:initialise', {
    taxNumber: OTHER_TAX,
    agencyName: '深圳用语测试贸易有限公司',
    address: '深圳市南山区科技园 1 号',
    phone: '0755-86001234',
    bank: '招商银行深圳分行',
    account: '755900112233',
    taxUser: { idCard: '440301199001011234', name: '李会计', phone: '13800138000', loginIdentity: '7', email: '', identityPwd: 'Id-Pwd-e2e', taxPwd: 'Tax-Pwd-e2e' },
  });
  const special = await issue({ invoiceType: '004', ...PRINT_BUYER, issuer: '李四', lines: [line('办公椅', '0.13'), line('运输服务', '0.09')] });
  const general = await issue({ invoiceType: '007', ...PRINT_BUYER, issuer: '李四', lines: [line('图书', '0.00', { specialLevy: '1' }), line('咨询服务', '0.06')] });
  const electronic = await issue({ invoiceType: '026', buyerName: '个人客户张三', issuer: '李四', lines: [line('打印纸', '0.03')] });
  await dispatch('print:print', { invoiceIds: [special.id, general.id], documents: ['invoice'], printer: CUPS_PDF_PRINTER, copies: 1, mode: 'overlay' });
  await expect.poll(async () => (await dispatch<{ jobs: Array<{ status: string }> }>('print:log', { invoiceId: special.id })).jobs.map((job) => job.status)).toContain('printed');
  await dispatch('reversal:start', { blueInvoiceId: electronic.id, reason: '2' });
  const started = await dispatch<{ form: { lsh: string } }>('reversal:start', { blueInvoiceId: special.id, reason: '2', letterReason: '2', letterSubReason: 'not-delivered', terminal: 'kpzd-01' });
  await expect.poll(async () => (await dispatch<{ rows: Array<{ lsh: string; redInvoiceStatus: string | null }> }>('reversal:listForms', {})).rows.find((form) => form.lsh === started.form.lsh)?.redInvoiceStatus, { timeout: 60_000 }).toBe('issued');
  await expect.poll(async () => (await dispatch<InvoiceSummary[]>('history:list', {})).filter((row) => row.status === 'issued').length).toBeGreaterThanOrEqual(5);

  // Input invoices collected and one certified.
  const { runIds } = await dispatch<{ runIds: number[] }>('collection:sync', {});
  await expect.poll(async () => (await dispatch<Array<{ id: number; status: string }>>('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 }).toBe(runIds.length);
  const candidates = (await dispatch<{ rows: LedgerRow[] }>('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 })).rows;
  const eligible = (await dispatch<CertificationCheckResult>('certification:check', { ids: candidates.map((r) => r.id), SQRZLX: '1' })).find((r) => r.reason === null)!;
  const { PCHs } = await dispatch<{ PCHs: string[] }>('certification:submitSelection', { ids: [eligible.id], SQRZLX: '1' });
  await expect.poll(async () => (await dispatch<{ status: string }>('certification:get', { PCH: PCHs[0] })).status, { timeout: 60_000 }).toBe('done');

  // Received invoices: 查无此票, 查验一致, another buyer's accepted with a reason, one left to review.
  const info = await dispatch<{ serviceBaseUrl: string }>('app:info', {});
  const received = ((await (await fetch(`${info.serviceBaseUrl}${RECEIVED_CONTROL_PATH}?buyer=${DEMO_ENTERPRISE.taxNumber}`)).json()) as { invoices: ReceivedInvoice[] }).invoices;
  const limit = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const known = received.find((invoice) => invoice.fplxdm === '01' && invoice.fpzt === '0' && invoice.kprq < limit && !invoice.hjje.startsWith('-'))!;
  await page.getByTestId('nav-intake').click();
  await drop(page, [
    { name: '未知发票.png', bytes: await qrPng('01,01,044031900111,99999999,100.00,20240302,,FFFF,'), type: 'image/png' },
    { name: '专票.png', bytes: await qrPng(`01,01,${known.fpdm},${known.fphm},${known.hjje},${known.kprq},${known.jym},0000,`), type: 'image/png' },
    { name: '别家的数电票.xml', bytes: digitalXml().replaceAll(DIGITAL.gmfsbh, '91440300MA5G00000X'), type: 'text/xml' },
    { name: '待审的数电票.xml', bytes: digitalXml(), type: 'text/xml' },
  ]);
  for (const name of ['未知发票.png', '专票.png', '别家的数电票.xml', '待审的数电票.xml']) await expect.poll(() => item(page, name).getAttribute('data-status'), { timeout: 120_000 }).toMatch(/ready|duplicate/);
  for (const name of ['未知发票.png', '专票.png']) {
    await item(page, name).click();
    await page.getByTestId('intake-accept').click();
    await expect.poll(() => item(page, name).getAttribute('data-status')).toBe('accepted');
    await item(page, name).click();
    await page.getByTestId('intake-verify').click();
    await expect.poll(() => page.getByTestId('intake-verification').getAttribute('data-state'), { timeout: 60_000 }).toMatch(/not-found|consistent/);
  }
  await item(page, '别家的数电票.xml').click();
  await page.getByTestId('intake-buyer-reason').fill('员工代垫，财务已批准');
  await page.getByTestId('intake-buyer-reason').press('Enter');
  await expect.poll(() => item(page, '别家的数电票.xml').getAttribute('data-status')).toBe('accepted');

  // Data shown as it is, in any language: names, goods, addresses, reasons the clerk typed.
  const sellers = (await dispatch<{ rows: LedgerRow[] }>('collection:ledger', { limit: 500 })).rows.map((row) => row.XHFMC ?? '');
  return [
    DEMO_ENTERPRISE.name, '深圳用语测试贸易有限公司', '北京星河贸易有限公司', '北京市朝阳区建国路 1 号', ...Object.values(PRINT_BUYER),
    '技术服务', '图书', '办公椅', '运输服务', '咨询服务', '打印纸', '个人客户张三', '李四', '李会计', '员工代垫，财务已批准',
    known.xhfmc, '深圳数电科技有限公司', '上海演示科技有限公司', '*信息技术服务*软件维护', ...sellers, '深圳市南山区科技园 1 号', '招商银行深圳分行',
    '未知发票.png', '专票.png', '别家的数电票.xml', '待审的数电票.xml', '中文',
    // A red invoice's remark names its blue invoice in the words the tax rules prescribe (invoice data).
    /对应正数发票代码:\d+号码:\d+/u,
    // Goods on collected input invoices, named as the tax classification has them (*经营租赁*通行费).
    /\*[^*\t\n]+\*[^\t\n]*/u,
    // The tax-code table's CSV header: the file format, which the settings name as it is.
    'code,name,short_name,rate,description,keywords,parent_code',
  ];
}

interface Walk {
  page: Page;
  language: ClerkLanguage;
  data: Array<string | RegExp>;
  found: Record<string, string[]>;
  /** The screens already photographed in this language (a full-page screenshot costs about a second). */
  shots: Set<string>;
}

/**
 * Reads the page as the clerk sees it — its visible text and the placeholders of its visible fields — and keeps
 * what is not the clerk's. `screen` names the screenshot, taken the first time that screen is read (null: none).
 */
async function read(walk: Walk, place: string, screen: string | null = place): Promise<void> {
  const { page, language } = walk;
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-btn-loading').count()).toBe(0);
  const text = await page.evaluate(() => {
    const visible = (node: Element) => (node as HTMLElement).offsetParent !== null;
    const placeholders = [...document.querySelectorAll('[placeholder]')].filter(visible).map((node) => node.getAttribute('placeholder') ?? '');
    // Not read: a select's screen-reader list (0 × 0, the option values for assistive tools) and the print
    // preview, which is the paper form itself (its 开票日期 is printed as the form has it, 2026年11月27日).
    const skipped = [...document.querySelectorAll<HTMLElement>('[role="listbox"], [data-testid="print-preview"]')].filter(
      (node) => node.dataset.testid === 'print-preview' || node.getBoundingClientRect().width === 0,
    );
    const displays = skipped.map((node) => node.style.display);
    for (const node of skipped) node.style.display = 'none';
    // Tags and a chart's legend items stand apart on screen by their margins, not by a space innerText would show.
    const spaces = [...document.querySelectorAll('.ant-tag, .recharts-legend-item')].map((tag) => {
      const space = document.createTextNode(' ');
      tag.after(space);
      return space;
    });
    const body = document.body.innerText;
    for (const space of spaces) space.remove();
    skipped.forEach((node, index) => (node.style.display = displays[index] ?? ''));
    return [body, ...placeholders].join('\n');
  });
  const findings = scanClerkText(text, { language, data: walk.data });
  if (findings.length > 0) {
    walk.found[`${language} ${place}`] = describeFindings(findings);
    fs.writeFileSync(path.join(ARTIFACTS_DIR, 'words-findings.json'), JSON.stringify(walk.found, null, 1));
  }
  if (screen !== null && !walk.shots.has(screen)) {
    walk.shots.add(screen);
    await screenshot(page, `words-${language}-${screen}`);
  }
}

/** Opens each select of what `scope` shows (its options are words too), reads it, closes it again (the view's own screenshot shows the select). */
async function readSelects(walk: Walk, place: string, scope: string): Promise<void> {
  const { page } = walk;
  const selects = page.locator(`${scope} .ant-select:not(.ant-select-disabled):not(.ant-select-auto-complete):visible`);
  const count = await selects.count();
  for (let index = 0; index < count; index += 1) {
    await selects.nth(index).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor();
    await read(walk, `${place}-select-${index}`, null);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
  }
}

/** Whether a dialog or drawer is on screen (antd puts the test id on a modal's root, which has no box of its own). */
const shown = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const root = document.querySelector(`[data-testid="${id}"]`);
    if (!root) return false;
    return [root, ...root.querySelectorAll('*')].slice(0, 60).some((node) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
  }, testId);

/** Opens a dialog or drawer with `open`, reads it, and closes it with Escape. */
async function readOverlay(walk: Walk, place: string, open: () => Promise<void>, testId: string, screen: string | null = place): Promise<void> {
  await open();
  await expect.poll(() => shown(walk.page, testId)).toBe(true);
  await read(walk, place, screen);
  await closeTop(walk.page);
  await expect.poll(() => shown(walk.page, testId)).toBe(false);
}

/** Closes the topmost dialog or drawer with its close button (Escape may be taken by a focused field). */
async function closeTop(page: Page): Promise<void> {
  await page.locator('.ant-modal-wrap:visible .ant-modal-close, .ant-drawer-open .ant-drawer-close').last().click();
}

// The open view's tab panel (antd 6 marks it by aria-hidden, not by a tabpane class).
const PANE = '[role="tabpanel"][aria-hidden="false"]';

async function walkHistory(walk: Walk): Promise<void> {
  const { page } = walk;
  const rows = page.locator('[data-testid="history-table"] tr[data-lsh]');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  const count = await rows.count();
  for (let index = 0; index < count; index += 1) {
    await rows.nth(index).click();
    await expect.poll(() => shown(page, 'invoice-drawer')).toBe(true);
    await expect.poll(() => page.getByTestId('invoice-actions').count()).toBe(1);
    await read(walk, `history-drawer-${index}`, 'history-drawer');
    const print = page.getByTestId('action-print');
    if ((await print.count()) > 0 && (await print.isEnabled())) {
      await readOverlay(walk, `history-print-${index}`, () => print.click(), 'print-dialog', 'history-print');
    }
    const red = page.getByTestId('action-red');
    if ((await red.count()) > 0 && (await red.isEnabled())) {
      await readOverlay(walk, `history-red-${index}`, () => red.click(), 'red-dialog', 'history-red');
    }
    await closeTop(page);
    await expect.poll(() => shown(page, 'invoice-drawer')).toBe(false);
  }
}

/** Every view, tab, select, drawer and dialog, in the language the page is in now. */
async function walkAll(walk: Walk, formLsh: string): Promise<void> {
  const { page } = walk;
  const views = await page.locator('[data-testid^="nav-"]').evaluateAll((nodes) => nodes.map((node) => (node.getAttribute('data-testid') ?? '').slice(4)));
  expect(views.length).toBeGreaterThanOrEqual(11);
  for (const view of views) {
    await page.getByTestId(`nav-${view}`).click();
    if (view === 'ledger') await expect.poll(() => page.locator('[data-testid^="ledger-row-"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    if (view === 'certification') await page.getByTestId('certification-summary-items').waitFor();
    await read(walk, view);
    await readSelects(walk, view, PANE);
    if (view === 'history') await walkHistory(walk);
    if (view === 'forms') {
      await page.getByTestId('forms-lookup').fill(formLsh);
      await page.getByTestId('forms-lookup-go').click();
      await page.getByTestId('form-lookup').waitFor();
      await page.getByTestId('form-lookup-number').waitFor();
      await read(walk, 'forms-lookup');
      await closeTop(page);
      await expect.poll(() => shown(page, 'form-lookup')).toBe(false);
    }
    if (view === 'libraries') {
      await readOverlay(walk, 'libraries-customer-form', () => page.getByTestId('customers-add').click(), 'customer-form');
      await readOverlay(walk, 'libraries-product-form', () => page.getByTestId('products-add').click(), 'product-form');
      await page.getByTestId('customers-copy').click();
      await page.getByTestId('customers-copy-from').click();
      await page.getByTestId(`customers-copy-from-option-${OTHER_TAX}`).waitFor();
      await read(walk, 'libraries-copy');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
      await closeTop(page);
      await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    }
    if (view === 'intake') {
      for (const name of ['未知发票.png', '专票.png', '别家的数电票.xml', '待审的数电票.xml']) {
        await item(page, name).click();
        await expect.poll(() => page.getByTestId('intake-review').getAttribute('data-name')).toBe(name);
        await read(walk, `intake-item-${name}`, 'intake-item');
      }
      await page.getByTestId('intake-tab-ledger').click();
      await page.locator('[data-testid="intake-ledger"] [data-testid="ledger-search"]').click();
      await expect.poll(() => page.locator('[data-testid="intake-ledger"] [data-testid="ledger-row"]').count()).toBeGreaterThanOrEqual(3);
      await read(walk, 'intake-ledger');
      await readSelects(walk, 'intake-ledger', '[data-testid="intake-ledger"]');
      await page.getByTestId('intake-tab-queue').click();
    }
    if (view === 'ledger') {
      const first = page.locator('[data-testid^="ledger-row-"]').first();
      await first.click();
      await page.getByTestId('ledger-detail').waitFor();
      await read(walk, 'ledger-detail');
      await first.locator('input[type="checkbox"]').check();
      await readOverlay(walk, 'ledger-certify', () => page.getByTestId('ledger-certify').click(), 'certify-drawer');
    }
    if (view === 'enterprises') {
      await readOverlay(walk, 'enterprises-add', () => page.getByTestId('enterprises-add').click(), 'enterprise-form');
      await readOverlay(walk, 'enterprises-edit', () => page.getByTestId(`enterprise-edit-${OTHER_TAX}`).click(), 'enterprise-form');
    }
  }
  await page.getByTestId('active-enterprise').click();
  await page.getByTestId(`active-enterprise-option-${OTHER_TAX}`).waitFor();
  await read(walk, 'header-enterprises', null);
  await page.keyboard.press('Escape');
}

describe("the clerk's words", () => {
  it('every view, select, drawer and dialog shows dates, rates and states as words, in Chinese and in English', async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    const data = await seed(page);
    const forms = await dispatch<{ rows: Array<{ lsh: string }> }>('reversal:listForms', {});
    const found: Record<string, string[]> = {};

    await walkAll({ page, language: 'zh-CN', data, found, shots: new Set() }, forms.rows[0]!.lsh);
    await page.getByTestId('nav-issue').click();
    await page.getByText('English', { exact: true }).click();
    await walkAll({ page, language: 'en', data, found, shots: new Set() }, forms.rows[0]!.lsh);

    expect(found).toEqual({});
    expect(errors).toEqual([]);
    await page.close();
  }, 900_000);
});
