/**
 * 概览 on sandbox data (issue 25): the dashboard in Chinese and in English, a click from a chart bar to
 * the list behind it (the month's invoices in the history) and from a waiting figure to the input
 * ledger, the period statistics exported to Excel and read back with exceljs, a chart saved as a PNG,
 * and deadline notifications on a desk left open: the core's clock is moved to two days before GXJZR,
 * then before the filing deadline, and the deadline clock in main notices each by itself (no view
 * opened, no sleep); the dashboard on screen turns the filing deadline red by itself. Issue 33: the
 * 统计 panel counts an invoice issued while the dashboard shows, without 统计 being pressed, and a bar of
 * this month by rate opens exactly the invoices with a line at its rate and levy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
import { inputKindName } from '../../shared/i18n/input-kind-texts.js';
import type { Dashboard, PeriodStatistics } from '../../shared/ipc/schemas/statistics.js';
import { startHarness, type Harness } from '../harness/server.js';
import { collectPageErrors, launchChromium, screenshot } from './support/browser.js';

let browser: Browser;
let harness: Harness;
let dataDir: string;
/** The app's clock (the sandbox keeps the wall clock); moved forward for the deadline. */
let clockMs: number | undefined;

const GOODS = [
  { name: '打印纸', taxCode: '1060201070000000000', quantity: '10', unitPrice: '25.00', rate: '0.13' },
  { name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060.00', rate: '0.06' },
  { name: '小麦粉', taxCode: '1030101010000000000', quantity: '3', unitPrice: '40.00', rate: '0.09' },
];

interface SentLine {
  rate: string;
  specialLevy?: string;
}
/** Every invoice the test sent, with its lines as sent: what a rate bar must open is worked out from these. */
const SENT: Array<{ lsh: string; lines: readonly SentLine[] }> = [];

/** Submits a draft through the router and keeps what was sent. */
async function submit(draft: { lines: readonly SentLine[] } & Record<string, unknown>): Promise<InvoiceSummary> {
  const queued = await dispatch<InvoiceSummary>('issuance:submit', draft);
  SENT.push({ lsh: queued.lsh, lines: draft.lines });
  return queued;
}

/** The serials of the invoices sent with a line at `rate` of the levy `specialLevy` (absent: the normal rate). */
const sentWith = (rate: string, specialLevy?: string) =>
  SENT.filter((s) => s.lines.some((l) => Number(l.rate) === Number(rate) && l.specialLevy === specialLevy))
    .map((s) => s.lsh)
    .sort();

async function dispatch<T>(channel: string, payload: unknown): Promise<T> {
  const result = await harness.core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** Resolves when `check` holds, looking again at every event main emits (expect.poll is for tests, not beforeAll). */
function whenTrue(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => finish(new Error('condition not reached')), timeoutMs);
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      if (error) reject(error);
      else resolve();
    };
    const look = () => void check().then((ok) => ok && finish(), (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
    const stop = harness.core.onEvent(look);
    look();
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-e2e-dashboard-'));
  harness = await startHarness({
    dataDir,
    core: { sandboxIssueDelayMs: 100, outboxBaseDelayMs: 100, outboxMaxDelayMs: 600, deadlineCheckMs: 250, clock: () => new Date(clockMs ?? Date.now()) },
  });
  // Sandbox data: three invoices issued through the service, and the received invoices collected.
  const queued: InvoiceSummary[] = [];
  queued.push(await submit({ invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: [GOODS[0]!, GOODS[1]!] }));
  queued.push(await submit({ invoiceType: '82', buyerName: '宁波海曙五金有限公司', issuer: '李四', lines: [GOODS[2]!] }));
  queued.push(await submit({ invoiceType: '026', buyerName: '苏州平江食品有限公司', issuer: '李四', lines: [GOODS[0]!] }));
  await whenTrue(async () => (await dispatch<InvoiceSummary[]>('history:list', {})).filter((row) => queued.some((q) => q.lsh === row.lsh) && row.status === 'issued').length === 3, 60_000);
  const { runIds } = await dispatch<{ runIds: number[] }>('collection:sync', {});
  await whenTrue(async () => (await dispatch<Array<{ id: number; status: string }>>('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length === runIds.length, 90_000);
}, 240_000);

afterAll(async () => {
  await harness?.close();
  await browser?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function open(locale: 'zh-CN' | 'en-US'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1400 }, locale });
  const errors = collectPageErrors(page);
  await page.goto(harness.url);
  // The desk opens on the dashboard.
  await page.getByTestId('dashboard-view').waitFor();
  await page.getByTestId('chart-months').locator('svg.recharts-surface[role="application"]').waitFor();
  return { page, errors };
}

const thisMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7).replace('-', '');
const currentPeriod = () => ({ kind: 'month' as const, year: Number(thisMonth().slice(0, 4)), index: Number(thisMonth().slice(4)) });

describe('the dashboard', () => {
  it('shows the month-end in Chinese, and a chart bar opens the invoices behind it', async () => {
    const { page, errors } = await open('zh-CN');
    const dashboard = await dispatch<Dashboard>('statistics:dashboard', {});
    expect(dashboard.byRate.map((r) => r.rate)).toEqual(['0.13', '0.09', '0.06']);
    expect(Number(dashboard.months.at(-1)!.outputTax)).toBeGreaterThan(0);
    await expect.poll(async () => (await page.getByTestId('waiting-uncertified').innerText()).replaceAll(',', '')).toContain(String(dashboard.waiting.uncertified));
    expect(dashboard.waiting.uncertified).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('stats-by-rate').innerText()).toContain('13%');
    // The schedule of sales on screen, its 13 % goods row under the form's words.
    await expect.poll(() => page.getByTestId('stats-schedule-row-1').innerText()).toContain('13%税率的货物及加工修理修配劳务');
    expect(await page.getByTestId('dashboard-view').innerText()).toContain('近 12 个月销项税额与已认证进项税额');
    // The input side by kind in words (the table a workbook words them from too), never bare FPLXDM codes.
    const input = (await dispatch<PeriodStatistics>('statistics:period', currentPeriod())).input;
    expect(input.byKind.length).toBeGreaterThan(0);
    for (const row of input.byKind) await expect.poll(() => page.getByTestId('stats-input').innerText()).toContain(inputKindName(row.kind, 'zh'));
    expect(await page.getByTestId('stats-input').innerText()).toContain('本期开具的已采集发票');
    await screenshot(page, 'dashboard-zh');

    // The bar of this month's output tax → the history, filtered to this month.
    await page.getByTestId(`chart-bar-output-${thisMonth()}`).click();
    await expect.poll(() => page.locator('[data-testid="history-table"] tr[data-lsh]').count(), { timeout: 20_000 }).toBe(3);
    const from = await page.evaluate(() => {
      const picker = document.querySelector('[data-testid="filter-from"]');
      return (picker instanceof HTMLInputElement ? picker : picker?.querySelector('input'))?.value ?? '';
    });
    expect(from.replaceAll('-', '').slice(0, 6)).toBe(thisMonth());
    await screenshot(page, 'dashboard-chart-to-history');

    // A waiting figure → the input ledger, filtered to the invoices still to certify.
    await page.getByTestId('nav-dashboard').click();
    await page.getByTestId('waiting-uncertified').click();
    await expect.poll(() => page.locator('[data-testid^="ledger-row-"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-to-uncertified');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('exports the period statistics to Excel (read back) and a chart as a PNG', async () => {
    const { page, errors } = await open('zh-CN');
    const now = new Date(Date.now() + 8 * 3_600_000);
    const stats = await dispatch<PeriodStatistics>('statistics:period', { kind: 'month', year: now.getUTCFullYear(), index: now.getUTCMonth() + 1 });
    const before = harness.savedPaths.length;
    await page.getByTestId('stats-export').click();
    await expect.poll(() => harness.savedPaths.length, { timeout: 20_000 }).toBe(before + 1);
    const file = harness.savedPaths.at(-1)!;
    expect(path.basename(file)).toMatch(/^统计-\d{4}年\d{1,2}月\.xlsx$/);
    await expect.poll(() => fs.existsSync(file) && fs.statSync(file).size > 0).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['附列资料（一）', '销项（按税率）', '销项（按票种）', '进项', '报销（收票）']);
    // The schedule of sales: the form's rows and 14 columns, as the statistics answered them, money as numbers.
    const schedule = workbook.getWorksheet('附列资料（一）')!;
    expect(schedule.getCell('C3').value).toBe('开具增值税专用发票');
    expect(schedule.getCell('G3').value).toBe('未开具发票');
    const formRows = new Map<string, unknown[]>();
    schedule.eachRow((row) => {
      const id = row.getCell(1).value;
      if (typeof id === 'string' && /^\d+[abc]?$/.test(id)) formRows.set(id, Array.from({ length: 14 }, (_, i) => row.getCell(i + 3).value));
    });
    for (const row of stats.output.schedule.rows) expect(formRows.get(row.row), `row ${row.row}`).toEqual(row.cells.map((cell) => (cell === null ? null : Number(cell))));
    // 13 % goods on the 026s, 9 % goods on the 82, 6 % technical service: other invoices (columns 3–4).
    expect(formRows.get('1')![2]).toBeGreaterThan(0);
    expect(formRows.get('3')![2]).toBeGreaterThan(0);
    expect(formRows.get('5')![2]).toBeGreaterThan(0);
    expect(formRows.get('1')![4]).toBeNull(); // 未开具发票: the clerk's

    // By rate: the rate a number shown in percent, the levy in words.
    const sheet = workbook.getWorksheet('销项（按税率）')!;
    expect(sheet.getRow(2).getCell(3).value).toBe('开具增值税专用发票 销售额');
    const rows = new Map<number, unknown[]>();
    sheet.eachRow((row, index) => {
      const rate = row.getCell(1).value;
      if (index > 2 && typeof rate === 'number') rows.set(rate, [row.getCell(2).value, row.getCell(5).value, row.getCell(6).value, row.getCell(7).value, row.getCell(8).value, row.getCell(1).numFmt]);
    });
    for (const rate of stats.output.byRate) {
      expect(rows.get(Number(rate.rate))).toEqual(['一般计税', Number(rate.other.amount), Number(rate.other.tax), Number(rate.net.amount), Number(rate.net.tax), '0%']);
    }
    const byKind = workbook.getWorksheet('销项（按票种）')!;
    const kinds: string[] = [];
    byKind.eachRow((row, index) => {
      if (index > 2) kinds.push(String(row.getCell(1).value));
    });
    expect(kinds).toEqual(['增值税专用发票', '增值税电子专用发票', '数电专票', '增值税普通发票', '增值税电子普通发票', '数电普票', '增值税普通发票（卷票）', '合计']);
    expect(byKind.getRow(7).getCell(2).value).toBe(stats.output.byKind.find((k) => k.kind === 'electronicGeneral')!.blue.count);
    expect(workbook.getWorksheet('报销（收票）')!.getRow(2).getCell(4).value).toBe('价税合计');

    await page.getByTestId('chart-picture-monthly-tax').click();
    await expect.poll(() => harness.savedPaths.length, { timeout: 20_000 }).toBe(before + 2);
    const picture = harness.savedPaths.at(-1)!;
    await expect.poll(() => fs.existsSync(picture) && fs.statSync(picture).size > 1000).toBe(true);
    expect(fs.readFileSync(picture).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    fs.copyFileSync(picture, path.join(path.dirname(await screenshot(page, 'dashboard-export')), 'dashboard-chart-picture.png'));
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows the dashboard in English', async () => {
    const { page, errors } = await open('en-US');
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => page.getByTestId('dashboard-view').innerText()).toContain('Output tax and certified input tax, last 12 months');
    await expect.poll(() => page.getByTestId('stats-panel').innerText()).toContain('Special invoices');
    const text = await page.getByTestId('dashboard-view').innerText();
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    for (const row of (await dispatch<PeriodStatistics>('statistics:period', currentPeriod())).input.byKind) expect(text).toContain(inputKindName(row.kind, 'en'));
    await screenshot(page, 'dashboard-en');
    await page.getByText('中文', { exact: true }).click();
    await expect.poll(() => page.getByTestId('dashboard-view').innerText()).toContain('待处理');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('counts an invoice issued while it shows, without 统计 pressed, and a rate bar opens exactly its invoices', async () => {
    const { page, errors } = await open('zh-CN');
    const panel = page.getByTestId('stats-panel');
    await expect.poll(() => panel.innerText()).toContain('13%');
    // A 5 % 简易征收 line (105.00 including tax: 5.00 tax) and a 13 % line, issued while the dashboard shows.
    const simple = { name: '咨询服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '105.00', rate: '0.05', specialLevy: '5' };
    const mine = await submit({ invoiceType: '026', buyerName: '嘉兴南湖咨询有限公司', issuer: '李四', lines: [GOODS[0]!, simple] });
    // The panel follows the change feed: its 5 % row appears with the line's tax as a figure of its own, and
    // nobody pressed 统计.
    const fivePercent = panel.locator('tr', { hasText: '5%' });
    const cells = async () => ((await fivePercent.count()) > 0 ? fivePercent.first().locator('td').allInnerTexts() : []);
    await expect.poll(cells, { timeout: 30_000 }).toContain('5.00');
    await screenshot(page, 'dashboard-panel-follows');

    // The 13 % bar → the history lists exactly the invoices sent with a 13 % line at the normal rate.
    const listed = () => page.locator('[data-testid="history-table"] tr[data-lsh]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-lsh') ?? '').sort());
    const thirteen = sentWith('0.13');
    expect(thirteen.length).toBeGreaterThan(2);
    expect(thirteen.length).toBeLessThan(SENT.length);
    await page.getByTestId('chart-bar-rate-0.13-normal').click();
    await expect.poll(listed, { timeout: 20_000 }).toEqual(thirteen);
    expect(await page.getByTestId('filter-line-chip').innerText()).toContain('13%（一般计税）');
    await page.getByTestId('filter-voided-chip').waitFor();
    await screenshot(page, 'dashboard-rate-bar-to-history');
    // Its detail says each line's levy in words.
    await page.getByTestId(`history-row-${mine.lsh}`).click();
    await expect.poll(() => page.getByTestId('line-rate-2').innerText(), { timeout: 20_000 }).toBe('5%（简易征收）');
    expect(await page.getByTestId('line-rate-1').innerText()).toBe('13%');
    await screenshot(page, 'history-detail-levy');
    await page.locator('.ant-drawer-open .ant-drawer-close').click();

    // The 9 % bar → only the invoice sent with a 9 % line. (Which levy a bar is, the statistics say from the
    // lines' lslbs; that the filter tells the levies apart, the ledger contract test shows on both databases.)
    await page.getByTestId('nav-dashboard').click();
    await page.getByTestId('chart-bar-rate-0.09-normal').click();
    await expect.poll(listed, { timeout: 20_000 }).toEqual(sentWith('0.09'));
    expect(sentWith('0.09')).toHaveLength(1);
    // Its chip cleared: the month's issued invoices, whatever their lines.
    await page.getByTestId('filter-line-chip').locator('.anticon-close').click();
    await expect.poll(listed, { timeout: 20_000 }).toEqual(SENT.map((s) => s.lsh).sort());
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('warns of the certification deadline with a desktop notification while the desk is left open', async () => {
    const { page, errors } = await open('zh-CN');
    await page.getByTestId('nav-settings').click();
    const dashboard = await dispatch<Dashboard>('statistics:dashboard', {});
    const certification = dashboard.deadlines.find((d) => d.kind === 'certification')!;
    expect(certification.urgent).toBe(false);
    expect(harness.notifications.filter((n) => n.title === '勾选认证截止日临近')).toEqual([]);

    // Two days before GXJZR, 10:00 in China: the clock in main notices it without any view being opened.
    clockMs = Date.parse(`${certification.date}T10:00:00+08:00`) - 2 * 86_400_000;
    await expect.poll(() => harness.notifications.filter((n) => n.title === '勾选认证截止日临近').length, { timeout: 20_000 }).toBe(1);
    const notice = harness.notifications.find((n) => n.title === '勾选认证截止日临近')!;
    expect(notice.body).toContain(certification.date);
    expect(notice.body).toContain('剩余 2 天');

    await page.getByTestId('nav-dashboard').click();
    await expect.poll(() => page.getByTestId('deadline-certification').getAttribute('data-urgent')).toBe('true');
    await screenshot(page, 'dashboard-deadline');

    // The filing deadline too, with the dashboard left on screen: the clock's warning turns it red by itself.
    const filing = (await dispatch<Dashboard>('statistics:dashboard', {})).deadlines.find((d) => d.kind === 'filing')!;
    if (!filing.urgent) clockMs = Date.parse(`${filing.date}T10:00:00+08:00`) - 2 * 86_400_000;
    await expect.poll(() => harness.notifications.filter((n) => n.title === '增值税申报截止日临近').length, { timeout: 20_000 }).toBe(1);
    expect(harness.notifications.find((n) => n.title === '增值税申报截止日临近')!.body).toContain(filing.date);
    await expect.poll(() => page.getByTestId('deadline-filing').getAttribute('data-urgent')).toBe('true');
    await screenshot(page, 'dashboard-deadline-filing');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

});
