/**
 * Month-end as an accountant tries it on a fresh desk (issue 33): one month of invoices covering every kind
 * of levy — 13 % goods and services, 9 % goods and services, 6 % services, 5 % and 3 % 简易征收 goods and
 * services, 1 % 减按, 免税, 零税率, 不征税, 差额征税 with its 扣除额, a 即征即退 line, a discount under a services
 * line — on special (004, 028, 81) and other invoices (007, 026, 82), a red reversal in full and one in part,
 * a voided paper invoice (voided at the sandbox, learnt through its print status) and an invoice of another
 * enterprise. The invoices go through the page's IPC bridge, one through the form as a clerk types it. Then, in
 * the UI: 统计 for the month, its export read back with exceljs, and 概览's bars by rate.
 *
 * Every expected figure is worked out from the lines sent, by hand (support/month-end.ts): je = quantity × unit
 * price (tax included), se = je × sl / (1 + sl) — on 差额征税 (je − kce) × sl / (1 + sl) —, sales = je − se, red
 * lines negative, voided apart, and the schedule row of each line written by hand in the data (`row`). Nothing
 * is read from the desk's stored lines or worked out with the product's figures code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOID_CONTROL_PATH } from '../../sandbox/index.js';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';
import { addTo, ALL_ROWS, expectedMonth, figure, INVOICES, lineFigures, numbers, OTHER_ENTERPRISE, OTHER_INVOICE, PART_RETURNED, sum, TYPED, yuan, zero, type Draft, type Money, type Sent, type Sides } from './support/month-end.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
let page: Page;
let errors: string[];
/** Each serial as main last told of it (kept from the start, so no event is missed). */
const latest = new Map<string, InvoiceSummary>();
const statusOf = (lsh: string) => latest.get(lsh)?.status;
const sent: Sent[] = [];

async function api<T>(channel: string, payload: unknown = {}): Promise<T> {
  const result = await page.evaluate(
    async ({ channel, payload }) => {
      const [feature, verb] = channel.split(':') as [string, string];
      const bridge = window.api as unknown as Record<string, Record<string, (p: unknown) => Promise<unknown>>>;
      return bridge[feature]![verb]!(payload);
    },
    { channel, payload },
  );
  const answer = result as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value;
}

/** Resolves once every serial is issued, looking again at each event main emits. */
function issued(lshs: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const failed = lshs.find((lsh) => statusOf(lsh) === 'failed');
      if (failed) finish(new Error(`${failed} failed`));
      else if (lshs.every((lsh) => statusOf(lsh) === 'issued')) finish();
    };
    const timer = setTimeout(() => finish(new Error(`not issued: ${lshs.filter((lsh) => statusOf(lsh) !== 'issued').join(', ')}`)), 90_000);
    const stop = harness.core.onEvent(look);
    function finish(error?: Error) {
      clearTimeout(timer);
      stop();
      if (error) reject(error);
      else resolve();
    }
    look();
  });
}

const draftOf = ({ lines, ...draft }: Draft) => ({ issuer: '李四', ...draft, lines: lines.map(({ row: _row, also: _also, ...line }) => line) });
async function submit(draft: Draft): Promise<InvoiceSummary> {
  const queued = await api<InvoiceSummary>('issuance:submit', draftOf(draft));
  sent.push({ type: draft.invoiceType, side: 'blue', lines: draft.lines, ...(draft.deduction ? { deduction: draft.deduction } : {}) });
  return queued;
}

/** The 82 typed as a clerk types it: type, buyer, the line, its rate and levy; submitted from the form. */
async function typeInvoice(draft: Draft): Promise<string> {
  const line = draft.lines[0]!;
  await page.getByTestId('nav-issue').click();
  await page.getByTestId('issuance-form').waitFor();
  await page.getByTestId('invoice-type').click();
  await page.getByTestId(`invoice-type-option-${draft.invoiceType}`).click();
  await page.getByTestId('buyer-name').fill(draft.buyerName);
  await page.getByTestId('line-0-name').fill(line.name);
  await page.getByTestId('line-0-tax-code').fill(line.taxCode!);
  await page.getByTestId('line-0-quantity').fill(line.quantity!);
  await page.getByTestId('line-0-unit-price').fill(line.unitPrice!);
  await page.getByTestId('line-0-rate').click();
  await page.getByTestId(`rate-option-${line.rate}`).click();
  await page.getByTestId('line-0-more').click();
  await page.getByTestId('line-0-special-levy').click();
  await page.getByTestId(`levy-option-${line.specialLevy}`).click();
  // 2060 × 3 / 103 = 60.00 on the line, before it is sent.
  await expect.poll(() => page.getByTestId('line-0-tax').innerText()).toBe(yuan(lineFigures(line, 'blue', undefined).se));
  await page.getByTestId('submit-invoice').click();
  await expect.poll(() => page.getByTestId('last-submitted-lsh').innerText()).toMatch(/\S/);
  sent.push({ type: draft.invoiceType, side: 'blue', lines: draft.lines });
  return (await page.getByTestId('last-submitted-lsh').innerText()).trim();
}

const chinaNow = new Date(Date.now() + 8 * 3_600_000);
const year = chinaNow.getUTCFullYear();
const month = chinaNow.getUTCMonth() + 1;
const firstDay = `${year}-${String(month).padStart(2, '0')}-01`;
const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-month-end-'));
  harness = await startHarness({ dataDir, core: { sandboxControlApi: true, sandboxIssueDelayMs: 50, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600, dailyBackups: false } });
  harness.core.onEvent((event, payload) => {
    if (event === 'issuance:updated') latest.set(payload.lsh, payload);
  });
  page = await browser.newPage({ viewport: { width: 1600, height: 1400 }, locale: 'zh-CN' });
  errors = collectPageErrors(page);
  await page.goto(harness.url);
  await page.getByTestId('dashboard-view').waitFor();
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('month-end on a fresh desk', () => {
  it('issues a month of every levy, and 统计, its export and 概览 agree with the accountant to the fen', async () => {
    // Another enterprise's invoice first (in none of the figures below), then back to the demo enterprise.
    const { taxNumber: demo } = (await api<{ seller: { taxNumber: string } }>('app:info')).seller;
    await api('enterprises:initialise', OTHER_ENTERPRISE);
    await api('enterprises:activate', { taxNumber: OTHER_ENTERPRISE.taxNumber });
    const other = await api<InvoiceSummary>('issuance:submit', draftOf(OTHER_INVOICE));
    await issued([other.lsh]);
    await api('enterprises:activate', { taxNumber: demo });

    // The month: one invoice typed in the form, the others through the bridge.
    const typed = await typeInvoice(TYPED);
    const blue: Record<keyof typeof INVOICES, InvoiceSummary> = Object.fromEntries(
      await Promise.all(Object.entries(INVOICES).map(async ([name, draft]) => [name, await submit(draft)] as const)),
    ) as Record<keyof typeof INVOICES, InvoiceSummary>;
    await issued([typed, ...Object.values(blue).map((i) => i.lsh)]);

    // Red: the 026 in full (reason 2), the 007 in part (4 of 10 returned, reason 1).
    const full = await api<{ kind: string; invoice: InvoiceSummary }>('reversal:start', { blueInvoiceId: blue.reversed.id, reason: '2' });
    const part = await api<{ kind: string; invoice: InvoiceSummary }>('reversal:start', { blueInvoiceId: blue.partlyReversed.id, reason: '1', lines: [{ xh: 1, quantity: PART_RETURNED.quantity }] });
    sent.push({ type: '026', side: 'red', lines: INVOICES.reversed.lines }, { type: '007', side: 'red', lines: [PART_RETURNED] });
    await issued([full.invoice.lsh, part.invoice.lsh]);

    // The paper 007 voided at the service; the desk learns it from the print status.
    const { serviceBaseUrl } = await api<{ serviceBaseUrl: string }>('app:info');
    const paper = latest.get(blue.voided.lsh)!;
    const voiding = await fetch(`${serviceBaseUrl}${VOID_CONTROL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fplxdm: '007', fpdm: paper.invoiceCode, fphm: paper.invoiceNumber }),
    });
    expect(voiding.status).toBe(200);
    await api('print:preview', { invoiceId: blue.voided.id, document: 'invoice' });
    sent.find((s) => s.lines === INVOICES.voided.lines)!.side = 'voided';

    const want = expectedMonth(sent);

    // 统计 for the month, on 概览.
    await page.getByTestId('nav-dashboard').click();
    const panel = page.getByTestId('stats-panel');
    await page.getByTestId('stats-show').click();
    await expect.poll(() => panel.innerText()).toContain(`${firstDay} 至 ${lastDay}`);
    const tds = (row: ReturnType<Page['locator']>) => row.locator('td').allInnerTexts();
    // The schedule of sales on screen: every row's 14 columns (the clerk's empty).
    for (const [id, cells] of want.schedule) {
      await expect.poll(async () => (await tds(page.getByTestId(`stats-schedule-row-${id}`))).slice(2), { timeout: 20_000 }).toEqual(cells.map((c) => c ?? ''));
    }
    // By rate and levy: special, other, blue, red, net, voided.
    const rateTable = page.getByTestId('stats-by-rate');
    expect(await rateTable.locator('tbody tr[data-row-key]').count()).toBe(want.rates.size);
    for (const [key, r] of want.rates) {
      expect((await tds(rateTable.locator(`tr[data-row-key="${key}"]`))).slice(1), key).toEqual([...sum(r.special), ...sum(r.other), ...figure(r.blue), ...figure(r.red), ...sum(r.net), ...figure(r.voided)]);
    }
    // By kind, and the total.
    const kindTable = page.getByTestId('stats-by-kind');
    for (const [kind, k] of [...want.kinds, ['total', want.total] as const]) {
      expect((await tds(kindTable.locator(`tr[data-row-key="${kind}"]`))).slice(1), kind).toEqual([...figure(k.blue), ...figure(k.red), ...sum(k.net), ...figure(k.voided)]);
    }
    expect(await page.getByTestId('stats-schedule-apart').innerText()).toContain(`${want.apart.lines}\t${yuan(want.apart.amount)}\t${yuan(want.apart.tax)}`);
    expect(await page.getByTestId('stats-schedule-voided').innerText()).toContain(`${yuan(want.voided.amount)} · 税额 ${yuan(want.voided.tax)}`);
    await screenshot(page, 'month-end-statistics');

    // The export, read back.
    const before = harness.savedPaths.length;
    await page.getByTestId('stats-export').click();
    await expect.poll(() => harness.savedPaths.length, { timeout: 20_000 }).toBe(before + 1);
    const file = harness.savedPaths.at(-1)!;
    expect(path.basename(file)).toBe(`统计-${year}年${month}月.xlsx`);
    await expect.poll(() => fs.existsSync(file) && fs.statSync(file).size > 0).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const formRows = new Map<string, unknown[]>();
    workbook.getWorksheet('附列资料（一）')!.eachRow((row) => {
      const id = row.getCell(1).value;
      if (typeof id === 'string' && /^\d+[abc]?$/.test(id)) formRows.set(id, Array.from({ length: 14 }, (_, i) => row.getCell(i + 3).value));
    });
    expect([...formRows.keys()]).toEqual(ALL_ROWS);
    for (const [id, cells] of want.schedule) expect(formRows.get(id), `row ${id}`).toEqual(numbers(cells));

    const LEVY_WORDS: Record<string, string> = { normal: '一般计税', exempt: '免税', notTaxed: '不征税', zeroRate: '零税率', difference: '差额征税', simple: '简易征收', reduced: '减按征收' };
    const rateSheet = new Map<string, unknown[]>();
    let rateTotal: unknown[] = [];
    workbook.getWorksheet('销项（按税率）')!.eachRow((row, index) => {
      const values = Array.from({ length: 11 }, (_, i) => row.getCell(i + 1).value);
      if (index > 2 && typeof values[0] === 'number') rateSheet.set(`${values[0]}|${values[1]}`, values.slice(2));
      if (values[0] === '合计') rateTotal = values.slice(2);
    });
    const totalOf = (pick: (r: Sides & { special: Money; other: Money }) => Money) => [...want.rates.values()].reduce((m, r) => (addTo(m, pick(r).count, pick(r).amount, pick(r).tax), m), zero());
    expect(rateSheet.size).toBe(want.rates.size);
    for (const [key, r] of want.rates) {
      const [rate, levy] = key.split('|') as [string, string];
      expect(rateSheet.get(`${Number(rate)}|${LEVY_WORDS[levy]}`), key).toEqual(numbers([...sum(r.special), ...sum(r.other), ...sum(r.net), ...figure(r.voided)]));
    }
    const voidedLines = totalOf((r) => r.voided);
    expect(rateTotal).toEqual(numbers([...sum(totalOf((r) => r.special)), ...sum(totalOf((r) => r.other)), ...sum(totalOf((r) => r.net)), ...figure(voidedLines)]));

    const KIND_WORDS: Record<string, string> = { special: '增值税专用发票', electronicSpecial: '增值税电子专用发票', digitalSpecial: '数电专票', general: '增值税普通发票', electronicGeneral: '增值税电子普通发票', digitalGeneral: '数电普票', roll: '增值税普通发票（卷票）', total: '合计' };
    const kindSheet = new Map<unknown, unknown[]>();
    workbook.getWorksheet('销项（按票种）')!.eachRow((row, index) => {
      if (index > 2) kindSheet.set(row.getCell(1).value, Array.from({ length: 11 }, (_, i) => row.getCell(i + 2).value));
    });
    for (const [kind, k] of [...want.kinds, ['total', want.total] as const]) {
      expect(kindSheet.get(KIND_WORDS[kind]), kind).toEqual(numbers([...figure(k.blue), ...figure(k.red), ...sum(k.net), ...figure(k.voided)]));
    }

    // 概览's bars of this month by rate and levy: each bar's amount and tax, as its tooltip shows them.
    const chart = page.getByTestId('chart-rates');
    for (const [key, r] of want.rates) {
      const [rate, levy] = key.split('|') as [string, string];
      await chart.getByTestId(`chart-bar-rate-${rate}-${levy}`).hover();
      await expect.poll(() => chart.locator('.recharts-tooltip-item-value').allInnerTexts(), { timeout: 10_000 }).toEqual(sum(r.net));
    }
    await screenshot(page, 'month-end-dashboard');
    expect(errors).toEqual([]);
  }, 180_000);
});
