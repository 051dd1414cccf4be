/**
 * Each enterprise its own customers and goods (issue 23 point 2, "Done when": the libraries of two
 * enterprises), in Chromium against the harness: what the clerk adds under enterprise A is not seen under
 * B and B's own is not seen under A; 从其他企业复制 brings A's customers into B and leaves A as it was;
 * the issuance form's pickers under B offer B's rows only. Screenshots in test/e2e/artifacts/libraries-two-*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../sandbox/index.js';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-lib-two-'));
  harness = await startHarness({ dataDir, core: { dailyBackups: false } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uscc = (first17: string) => `${first17}${usccCheckCharacter(first17)}`;
const B_TAX = uscc('91440300MA5G8K2X7');
const B_NAME = '深圳乙方电子有限公司';
const A_CUSTOMER = { name: '北京甲方客户贸易有限公司', taxNumber: uscc('91110105MA01ABCD1') };
const B_CUSTOMER = { name: '广州乙方客户电器有限公司', taxNumber: uscc('91440101MA5CXY2K3') };
const A_GOODS = '甲方专用螺丝';
const B_GOODS = '乙方专用螺母';

async function addCustomer(page: Page, customer: { name: string; taxNumber: string }): Promise<void> {
  await page.getByTestId('customers-add').click();
  await page.getByTestId('customer-name').fill(customer.name);
  await page.getByTestId('customer-taxNumber').fill(customer.taxNumber);
  await page.getByTestId('customer-save').click();
  await expect.poll(() => page.getByTestId('customers-table').innerText()).toContain(customer.taxNumber);
}

async function addProduct(page: Page, name: string): Promise<void> {
  await page.getByTestId('products-add').click();
  await page.getByTestId('product-name').fill(name);
  await page.getByTestId('product-taxCode').fill('1080299000000000000');
  await page.getByTestId('product-unitPrice').fill('2.5');
  await page.getByTestId('product-rate').click();
  await page.locator('.ant-select-item-option[title="13%"]').click();
  await page.getByTestId('product-save').click();
  await expect.poll(() => page.getByTestId('products-table').innerText()).toContain(name);
}

/** Switches the desk in the header and waits until the libraries say whose they are. */
async function switchTo(page: Page, taxNumber: string, name: string): Promise<void> {
  await page.getByTestId('active-enterprise').click();
  await page.locator(`.ant-select-dropdown [data-testid="active-enterprise-option-${taxNumber}"]`).click();
  await expect.poll(() => page.getByTestId('libraries-enterprise').innerText()).toContain(name);
}

const tables = async (page: Page) => ({
  customers: await page.getByTestId('customers-table').innerText(),
  products: await page.getByTestId('products-table').innerText(),
});

/** The picker's offers for a fragment typed into a field of the issuance form (option test ids start with `prefix`). */
async function offers(page: Page, field: string, fragment: string, prefix: string, shot: string, awaited: string): Promise<string> {
  await page.getByTestId(field).fill(fragment);
  const options = page.locator(`[data-testid^="${prefix}"]:visible`);
  // The list opens with an animation and is redrawn when the search answers: read it once it shows the
  // row it must offer (a list read between two renders can be empty).
  let text = '';
  await expect.poll(async () => (text = (await options.allInnerTexts()).join('\n'))).toContain(awaited);
  await screenshot(page, shot);
  await page.keyboard.press('Escape');
  return text;
}

describe('the libraries of two enterprises', () => {
  it('keeps each enterprise its own customers and goods, copies A’s customers into B, and B’s pickers offer B’s rows', async () => {
    await harness.core.router.dispatch('enterprises:initialise', {
      taxNumber: B_TAX,
      agencyName: B_NAME,
      address: '深圳市南山区科技园 1 号',
      phone: '0755-86001234',
      bank: '招商银行深圳分行',
      account: '755900112233',
      taxUser: { idCard: '440301199001011234', name: '李会计', phone: '13800138000', loginIdentity: '7', email: '', identityPwd: 'Id-Pwd-e2e', taxPwd: 'Tax-Pwd-e2e' },
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    const errors = collectPageErrors(page);
    await page.goto(harness.url);
    await page.getByTestId('environment-banner').waitFor();
    await page.getByTestId('nav-libraries').click();
    await expect.poll(() => page.getByTestId('libraries-enterprise').innerText()).toContain(DEMO_ENTERPRISE.name);

    // A: one customer and one product.
    await addCustomer(page, A_CUSTOMER);
    await addProduct(page, A_GOODS);
    await screenshot(page, 'libraries-two-1-enterprise-a');

    // B sees none of them; its own are added.
    await switchTo(page, B_TAX, B_NAME);
    await expect.poll(async () => (await tables(page)).customers).not.toContain(A_CUSTOMER.name);
    expect((await tables(page)).products).not.toContain(A_GOODS);
    await addCustomer(page, B_CUSTOMER);
    await addProduct(page, B_GOODS);
    await screenshot(page, 'libraries-two-2-enterprise-b-own');

    // A does not see B's.
    await switchTo(page, DEMO_ENTERPRISE.taxNumber, DEMO_ENTERPRISE.name);
    await expect.poll(async () => (await tables(page)).customers).toContain(A_CUSTOMER.name);
    expect(await tables(page)).toMatchObject({ customers: expect.not.stringContaining(B_CUSTOMER.name), products: expect.not.stringContaining(B_GOODS) });
    expect((await tables(page)).products).toContain(A_GOODS);

    // B copies A's customer library: A's customer joins B's own; goods are not copied with it.
    await switchTo(page, B_TAX, B_NAME);
    await page.getByTestId('customers-copy').click();
    await page.getByTestId('customers-copy-from').click();
    await page.getByTestId(`customers-copy-from-option-${DEMO_ENTERPRISE.taxNumber}`).click();
    await screenshot(page, 'libraries-two-3-copy-dialog');
    await page.getByTestId('customers-copy-confirm').click();
    await expect.poll(async () => (await tables(page)).customers).toContain(A_CUSTOMER.name);
    const copied = await tables(page);
    expect(copied.customers).toContain(B_CUSTOMER.name);
    expect(copied.products).toContain(B_GOODS);
    expect(copied.products).not.toContain(A_GOODS);
    await screenshot(page, 'libraries-two-4-b-after-copy');

    // A is unchanged by the copy.
    await switchTo(page, DEMO_ENTERPRISE.taxNumber, DEMO_ENTERPRISE.name);
    await expect.poll(async () => (await tables(page)).customers).toContain(A_CUSTOMER.name);
    const a = await tables(page);
    expect(a.customers).not.toContain(B_CUSTOMER.name);
    expect(a.products).toContain(A_GOODS);
    expect(a.products).not.toContain(B_GOODS);
    await screenshot(page, 'libraries-two-5-a-unchanged');

    // Under B the issuance form's pickers offer B's rows: its own customer and the copied one, its own goods only.
    await switchTo(page, B_TAX, B_NAME);
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('issuance-form').waitFor();
    const buyers = await offers(page, 'buyer-name', '有限公司', 'customer-option-', 'libraries-two-6-b-buyer-picker', B_CUSTOMER.name);
    expect(buyers).toContain(B_CUSTOMER.name);
    expect(buyers).toContain(A_CUSTOMER.name);
    const goods = await offers(page, 'line-0-name', '专用', 'product-option-', 'libraries-two-7-b-goods-picker', B_GOODS);
    expect(goods).toContain(B_GOODS);
    expect(goods).not.toContain(A_GOODS);

    // …and under A, A's goods, not B's.
    await page.getByTestId('nav-libraries').click();
    await switchTo(page, DEMO_ENTERPRISE.taxNumber, DEMO_ENTERPRISE.name);
    await page.getByTestId('nav-issue').click();
    const goodsOfA = await offers(page, 'line-0-name', '专用', 'product-option-', 'libraries-two-8-a-goods-picker', A_GOODS);
    expect(goodsOfA).toContain(A_GOODS);
    expect(goodsOfA).not.toContain(B_GOODS);

    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
