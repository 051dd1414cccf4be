/**
 * Messages by code (issue 9 point 5) in Chromium: in English, the rule book's field errors on the
 * issuance form and a failure sent by main (a spreadsheet import refused) read in English — the page
 * shows no CJK character or full-width punctuation outside data (the seller's own name, the 中文 switch
 * and the amount in words), as english-whole.test.ts checks for every view without mistakes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckCharacter } from '../../shared/rules/uscc.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-english-messages-'));
  harness = await startHarness({ dataDir });
});

afterAll(async () => {
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
  await page.getByTestId('issuance-form').waitFor();
  await page.getByText('English', { exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.innerText.includes('Issue invoice'))).toBe(true);
  // The switch reached main, which words its dialogs and exports in it and remembers it (main/i18n/).
  await expect.poll(() => fs.readFileSync(path.join(dataDir, 'ui-language.json'), 'utf8')).toContain('"en"');
  const info = await harness.core.router.dispatch('app:info', {});
  const seller = info.ok ? (info.value as { seller: { name: string } }).seller.name : '';
  return { page, errors, data: [seller, '中文'] };
}

describe('messages by code, in English', () => {
  it('shows the form rule errors and a failure from main in English', async () => {
    const { page, errors, data } = await openInEnglish();
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
    await page.close();
  }, 180_000);
});
