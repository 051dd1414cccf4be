/**
 * The clerk's issuance journeys in Chromium against the browser harness (real core, embedded sandbox over
 * real HTTP): a 028 with three lines including a discount, an 81 with tspz 54 freight transport, a 差额征税
 * invoice with its 扣除额, a rule violation shown on its field with nothing sent, a draft saved and reopened, and the issued invoice's
 * PDF opened from the app. Screenshots are kept under test/e2e/artifacts/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

const BUYER_ID = (() => {
  const first17 = '91310115MA1K4ABCD';
  return first17 + usccCheckCharacter(first17);
})();

let browser: Browser;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-issuance-'));
  harness = await startHarness({ dataDir, core: { sandboxIssueDelayMs: 300, outboxBaseDelayMs: 100 } });
});

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openForm(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
  const errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('environment-banner').waitFor();
  await page.getByTestId('nav-issue').click();
  await page.getByTestId('issuance-form').waitFor();
  return { page, errors };
}

async function pick(page: Page, select: string, option: string): Promise<void> {
  await page.getByTestId(select).click();
  await page.getByTestId(option).click();
}

async function fillLine(page: Page, index: number, line: { name: string; taxCode: string; quantity: string; unitPrice: string }) {
  await page.getByTestId(`line-${index}-name`).fill(line.name);
  await page.getByTestId(`line-${index}-tax-code`).fill(line.taxCode);
  await page.getByTestId(`line-${index}-quantity`).fill(line.quantity);
  await page.getByTestId(`line-${index}-unit-price`).fill(line.unitPrice);
}

async function historyRows(): Promise<{ buyerName: string; status: string }[]> {
  const result = await harness.core.router.dispatch('history:list', { limit: 100 });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as { rows?: { buyerName: string; status: string }[] }).rows ?? (result.value as { buyerName: string; status: string }[]);
}

async function expectIssuedInHistory(page: Page, buyer: string): Promise<void> {
  await page.getByTestId('nav-history').click();
  const row = page.getByTestId('history-table').locator('tr', { hasText: buyer });
  await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('已开具');
}

describe('issuance form', () => {
  it('a rule violation is shown on its field and nothing is sent', async () => {
    const { page, errors } = await openForm();
    const historyBefore = (await historyRows()).length;
    await pick(page, 'invoice-type', 'invoice-type-option-028');
    await page.getByTestId('buyer-name').fill('规则校验测试有限公司');
    await fillLine(page, 0, { name: '办公用品', taxCode: '1060201070000000000', quantity: '1', unitPrice: '10' });
    await page.getByTestId('submit-invoice').click();

    // 028 needs the buyer's tax ID and bank details: each message sits on its own field, in Chinese.
    await expect.poll(() => page.getByTestId('error-buyerTaxNumber').innerText()).toContain('购买方纳税人识别号 不能为空');
    await expect(page.getByTestId('error-buyerAccount').innerText()).resolves.toContain('购买方账号 不能为空');
    await expect(page.getByTestId('issue-summary').isVisible()).resolves.toBe(true);

    // A USCC whose check character is wrong is refused on the field; legacy IDs only warn.
    const wrong = BUYER_ID.slice(0, 17) + (BUYER_ID.endsWith('0') ? '1' : '0');
    await page.getByTestId('buyer-tax-number').fill(wrong);
    await expect.poll(() => page.getByTestId('error-buyerTaxNumber').innerText()).toContain('校验位不正确');
    await page.getByTestId('line-0-unit-price').fill('0');
    await expect.poll(() => page.getByTestId('error-lines.0.unitPrice').innerText()).toContain('不能为 0');
    await screenshot(page, 'issuance-rule-violation');

    await page.keyboard.press('Control+Enter');
    // A refused submit moves the focus to the first field in error (it was in the unit price, a later one),
    // in the same handler that decides not to send: once it is there, nothing was sent.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const first = document.querySelector('[data-testid="issuance-form"] .ant-form-item-has-error');
          return first !== null && first.contains(document.activeElement);
        }),
      )
      .toBe(true);
    // Nothing of this buyer reached the history (other tests on this harness may have issued before).
    const history = await historyRows();
    expect(history.filter((row) => row.buyerName === '规则校验测试有限公司')).toEqual([]);
    expect(history).toHaveLength(historyBefore);
    await expect(page.getByTestId('recent-submissions').innerText()).resolves.toContain('提交的发票会显示在这里');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('issues a 028 with three lines including a discount, and opens its PDF', async () => {
    const buyer = '上海星河贸易有限公司';
    const { page, errors } = await openForm();
    await pick(page, 'invoice-type', 'invoice-type-option-028');
    await page.getByTestId('buyer-name').fill(buyer);
    await page.getByTestId('buyer-tax-number').fill(BUYER_ID);
    await page.getByTestId('buyer-address').fill('上海市浦东新区世纪大道100号');
    await page.getByTestId('buyer-phone').fill('021-58881234');
    await page.getByTestId('buyer-bank').fill('中国银行上海浦东支行');
    await page.getByTestId('buyer-account').fill('6222000011112222333');
    await fillLine(page, 0, { name: '办公用品', taxCode: '1060201070000000000', quantity: '3', unitPrice: '33.33' });

    // Keyboard: Alt+D puts a discount under the line the cursor is in, Alt+N adds a line.
    await page.getByTestId('line-0-unit-price').focus();
    await page.keyboard.press('Alt+d');
    await expect.poll(() => page.getByTestId('line-1').getAttribute('data-kind')).toBe('discount');
    await expect(page.getByTestId('line-0').getAttribute('data-kind')).resolves.toBe('discounted');
    await page.getByTestId('line-1-discount').fill('9.99');
    await page.keyboard.press('Alt+n');
    await fillLine(page, 2, { name: '文件夹', taxCode: '1060201070000000000', quantity: '10', unitPrice: '5.50' });

    // 99.99 − 9.99 + 55.00 = 145.00; tax 11.50 − 1.15 + 6.33 = 16.68, in decimals.
    await expect.poll(() => page.getByTestId('total-amount').innerText()).toBe('145.00');
    await expect(page.getByTestId('total-tax').innerText()).resolves.toBe('16.68');
    await expect(page.getByTestId('total-in-words').innerText()).resolves.toBe('壹佰肆拾伍元整');
    await screenshot(page, 'issuance-028-form');

    await page.getByTestId('preview').click();
    await expect.poll(() => page.getByTestId('review-in-words').innerText()).toBe('壹佰肆拾伍元整');
    await screenshot(page, 'issuance-028-review');
    await page.getByTestId('review-confirm').click();

    const recent = page.locator('[data-testid^="recent-"][data-status]').first();
    await expect.poll(() => recent.getAttribute('data-status'), { timeout: 60_000 }).toBe('issued');
    await expect(page.locator('.ant-notification').innerText()).resolves.toContain('发票已开具');
    await screenshot(page, 'issuance-028-issued');

    // Relative to what was opened before, so the test holds whatever ran before it on this harness.
    const openedBefore = harness.openedPaths.length;
    await page.locator('[data-testid^="open-pdf-"]').first().click();
    await expect.poll(() => harness.openedPaths.length, { timeout: 60_000 }).toBe(openedBefore + 1);
    const file = harness.openedPaths[openedBefore]!;
    expect(file.startsWith(dataDir)).toBe(true);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await expectIssuedInHistory(page, buyer);
    await screenshot(page, 'issuance-028-history');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('issues an 81 with tspz 54 freight transport', async () => {
    const buyer = '杭州顺达物流有限公司';
    const { page, errors } = await openForm();
    await pick(page, 'invoice-type', 'invoice-type-option-81');
    await pick(page, 'special-kind', 'special-kind-option-54');
    await page.getByTestId('buyer-name').fill(buyer);
    await page.getByTestId('buyer-tax-number').fill(BUYER_ID);
    await fillLine(page, 0, { name: '运输服务', taxCode: '3010102020100000000', quantity: '1', unitPrice: '1090' });
    await pick(page, 'line-0-rate', 'rate-option-0.09');

    await page.getByTestId('specific-business').waitFor();
    const row = (index: number, field: string) => page.getByTestId(`specificBusiness-hwysfw-${index}-${field}`);
    await row(0, 'qyd').fill('浙江省杭州市西湖区');
    await row(0, 'ddd').fill('上海市浦东新区');
    await row(0, 'ysgjhp').fill('浙A12345');
    await row(0, 'yshwmc').fill('电子元件');
    await page.getByTestId('hwysfw-add').click();
    await row(1, 'qyd').fill('上海市浦东新区');
    await row(1, 'ddd').fill('江苏省苏州市工业园区');
    await row(1, 'ysgjhp').fill('沪B54321');
    await row(1, 'yshwmc').fill('服务器');
    await expect.poll(() => page.getByTestId('total-amount').innerText()).toBe('1090.00');
    await expect(page.getByTestId('total-in-words').innerText()).resolves.toBe('壹仟零玖拾元整');
    await screenshot(page, 'issuance-81-freight-form');

    await page.getByTestId('buyer-name').focus();
    await page.keyboard.press('Control+Enter');
    const recent = page.locator('[data-testid^="recent-"][data-status]').first();
    await expect.poll(() => recent.getAttribute('data-status'), { timeout: 60_000 }).toBe('issued');
    await expectIssuedInHistory(page, buyer);
    await screenshot(page, 'issuance-81-freight-history');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('issues a 差额征税 invoice from the keyboard: the levy in words, its 扣除额 under the line, the tax after it', async () => {
    const buyer = '北京旅途假期旅行社有限公司';
    const { page, errors } = await openForm();
    await page.getByTestId('buyer-name').fill(buyer);
    await fillLine(page, 0, { name: '旅游服务', taxCode: '3040802000000000000', quantity: '1', unitPrice: '10600' });
    await pick(page, 'line-0-rate', 'rate-option-0.06');
    await page.getByTestId('line-0-more').click();

    // The levy offers 一般计税 and the six kinds in words; typing a name and Enter picks it.
    await page.getByTestId('line-0-special-levy').click();
    await expect(page.getByTestId('levy-option-normal').innerText()).resolves.toBe('一般计税');
    await page.keyboard.type('差额');
    await page.keyboard.press('Enter');
    await page.getByTestId('deduction').waitFor();
    // Enter once more goes on from the levy to the 扣除额 that appeared right after it.
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await expect.poll(focused).toBe('deduction');
    // Without its deduction the invoice is refused, the message on the 扣除额 field naming the line.
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.getByTestId('error-deduction').innerText()).toBe('扣除额 不能为空（第 1 行为差额征税，须填写扣除额）');
    await expect.poll(focused).toBe('deduction');
    await page.keyboard.type('8480');

    // (10600 − 8480) × 6 / 106 = 120.00, on the line and in the totals.
    await expect.poll(() => page.getByTestId('line-0-tax').innerText()).toBe('120.00');
    await expect(page.getByTestId('total-tax').innerText()).resolves.toBe('120.00');
    await expect(page.getByTestId('total-amount').innerText()).resolves.toBe('10600.00');
    await screenshot(page, 'issuance-difference-levy-form');
    await page.keyboard.press('Control+Enter');
    const recent = page.locator('[data-testid^="recent-"][data-status]').first();
    await expect.poll(() => recent.getAttribute('data-status'), { timeout: 60_000 }).toBe('issued');
    await expectIssuedInHistory(page, buyer);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('saves a draft and opens it again after a reload', async () => {
    const { page, errors } = await openForm();
    await page.getByTestId('buyer-name').fill('草稿测试有限公司');
    await fillLine(page, 0, { name: '咨询服务', taxCode: '3040201990000000000', quantity: '2', unitPrice: '' });
    await page.getByTestId('buyer-name').focus();
    await page.keyboard.press('Control+s');
    await page.getByTestId('current-draft').waitFor();

    await page.reload();
    await page.getByTestId('nav-issue').click();
    await page.getByTestId('drafts').click();
    // The draft listed under its buyer's name, not whichever entry happens to come first.
    await page.locator('.ant-list-item', { hasText: '草稿测试有限公司' }).locator('[data-testid^="draft-open-"]').click();
    await expect.poll(() => page.getByTestId('buyer-name').inputValue()).toBe('草稿测试有限公司');
    await expect(page.getByTestId('line-0-quantity').inputValue()).resolves.toBe('2');
    expect(errors).toEqual([]);
    await page.close();
  });
});
