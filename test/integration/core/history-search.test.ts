/**
 * History search and export through the core's IPC: output invoices issued against the embedded
 * sandbox and input invoices stored by the collection store, found by Chinese name fragments (trigram
 * index, LIKE below 3 characters), numbers, goods, dates and status; exported to xlsx and CSV files
 * that are read back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import type { CollectedInvoice } from '../../../main/features/collection/store.js';
import type { DialogPort } from '../../../main/ports.js';
import type { HistoryExportResult, HistoryRow, HistorySearchResult, InvoiceSummary } from '../../../shared/ipc/index.js';
import { storeCollectedPage } from '../../support/collected-page.js';
import { createTestCipher } from '../../support/test-cipher.js';

let dataDir: string;
let core: Core;
let nextSavePath: string | null = null;
const dialog: DialogPort = { chooseSavePath: async () => nextSavePath, chooseOpenPath: async () => null };
const lshs: string[] = [];

function collected(overrides: Partial<CollectedInvoice>): CollectedInvoice {
  return {
    FPLXDM: '01',
    FPDM: '3300231130',
    FPHM: '00000001',
    KPRQ: '20250115',
    XHFMC: '宁波海曙星河物流有限公司',
    XHFSBH: '91330203MA2AAAAA1A',
    GMFMC: '上海演示科技有限公司',
    // Collected for the demo enterprise, the active one: the history shows the active enterprise's invoices.
    GMFSBH: '91310000MA1FL8XQ5D',
    HJJE: '1000.00',
    SE: '130.00',
    JSHJ: '1130.00',
    FPZT: '0',
    lines: [{ XH: 1, SPMC: '*运输服务*货物运输', JE: '1000.00', SL: '9', SE: '130.00' }],
    recordJson: '{}',
    ...overrides,
  };
}

async function search(filter: Record<string, unknown>): Promise<HistoryRow[]> {
  const result = await core.router.dispatch('history:search', filter);
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as HistorySearchResult).rows;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-history-'));
  // Input invoices first, with the collection store's writes on the same file (as the collection feature does).
  const db = openDatabase(path.join(dataDir, HISTORY_DB_FILE));
  await storeCollectedPage(db, {
    environment: 'sandbox',
    PCH: 'P'.repeat(32),
    collectedAt: new Date().toISOString(),
    records: [
      collected({}),
      collected({ FPHM: '00000002', XHFMC: '=HYPERLINK("http://evil")', KPRQ: '20250301', FPZT: '2', JSHJ: '-50.00' }),
      collected({ FPDM: '', FPHM: '25332000000012345678', FPLXDM: '31', XHFMC: '温州钢材贸易公司', lines: [{ XH: 1, SPMC: '*黑色金属*热轧钢板' }] }),
    ],
  });
  // Met again: replaced, not duplicated; its lines replaced too.
  await storeCollectedPage(db, {
    environment: 'sandbox',
    PCH: 'Q'.repeat(32),
    collectedAt: new Date().toISOString(),
    records: [collected({ FPZT: '0', lines: [{ XH: 1, SPMC: '*运输服务*冷链运输' }] })],
  });
  await storeCollectedPage(db, { environment: 'remote', PCH: 'R'.repeat(32), collectedAt: new Date().toISOString(), records: [collected({ XHFMC: '真实环境星河公司' })] });
  closeDatabase(db);

  core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 50, outboxBaseDelayMs: 20 }, { cipher: createTestCipher(), dialog });
  for (const [buyerName, goods] of [
    ['杭州星河科技有限公司', '打印纸'],
    ['北京云端软件有限公司', '技术服务费'],
  ] as const) {
    const result = await core.router.dispatch('issuance:submit', {
      invoiceType: '026',
      buyerName,
      issuer: '李四',
      lines: [{ name: goods, taxCode: '1060201070000000000', quantity: '1', unitPrice: '100.00', rate: '0.13' }],
    });
    if (!result.ok) throw new Error(result.error.message);
    lshs.push((result.value as InvoiceSummary).lsh);
  }
  // Wait until both are issued (they then carry invoice numbers).
  const deadline = Date.now() + 120_000; // a safety net: the loop waits on the rows' status
  for (;;) {
    const list = await core.router.dispatch('history:list', {});
    if (list.ok && (list.value as InvoiceSummary[]).every((row) => row.status === 'issued')) break;
    if (Date.now() > deadline) throw new Error('invoices not issued in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  await core.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  nextSavePath = null;
});

describe('history:search', () => {
  it('finds output and input invoices by a Chinese fragment, in the current environment only', async () => {
    const rows = await search({ text: '星河科' });
    expect(rows.map((row) => [row.direction, row.counterpartyName])).toEqual([['output', '杭州星河科技有限公司']]);
    const both = await search({ text: '星河' }); // 2 characters: LIKE fallback
    expect(both.map((row) => row.counterpartyName).sort()).toEqual(['宁波海曙星河物流有限公司', '杭州星河科技有限公司']);
    expect(both.every((row) => row.environment === 'sandbox')).toBe(true);
  });

  it('finds by goods, by invoice number and by tax number fragment', async () => {
    expect((await search({ text: '冷链运输' })).map((row) => row.invoiceNumber)).toEqual(['00000001']);
    // 00000001's lines were replaced by the second collection: only 00000002 still sells 货物运输.
    expect((await search({ text: '货物运输' })).map((row) => row.invoiceNumber)).toEqual(['00000002']);
    expect((await search({ text: '钢板' })).map((row) => row.invoiceCode)).toEqual([null]);
    expect((await search({ text: '技术服务' }))[0]?.counterpartyName).toBe('北京云端软件有限公司');
    const issued = (await search({ direction: 'output' })).find((row) => row.counterpartyName === '杭州星河科技有限公司');
    expect(issued?.invoiceNumber).toMatch(/^\d{8}$/);
    const byNumber = await search({ text: issued?.invoiceNumber ?? 'x' });
    expect(byNumber.filter((row) => row.direction === 'output').map((row) => row.id)).toEqual([issued?.id]);
    // A fragment search: a longer number containing this one (e.g. a 20-digit one) matches too.
    expect(byNumber.every((row) => row.invoiceNumber?.includes(issued?.invoiceNumber ?? '?') === true)).toBe(true);
    expect((await search({ text: '2AAAAA' })).map((row) => row.direction)).toEqual(['input', 'input', 'input']);
  });

  it('filters by date, status, direction and type, and pages', async () => {
    expect((await search({ direction: 'input', dateFrom: '2025-02-01', dateTo: '2025-03-31' })).map((row) => row.invoiceNumber)).toEqual(['00000002']);
    expect((await search({ status: 'voided' })).map((row) => row.status)).toEqual(['voided']);
    expect((await search({ status: 'issued' })).length).toBe(2);
    expect((await search({ type: '31' })).map((row) => row.invoiceType)).toEqual(['31']);
    // The clerk's "today" is the China calendar day (+08:00), whatever the machine's time zone.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await search({ dateFrom: today, dateTo: today, direction: 'output' })).length).toBe(2);
    const first = await core.router.dispatch('history:search', { limit: 2 });
    expect(first).toMatchObject({ ok: true, value: { hasMore: true } });
    const all = await search({ limit: 100 });
    expect(all.length).toBe(5);
    expect(await search({ text: '"星河 OR 1' })).toEqual([]); // FTS syntax in the text is searched for, not run
  });

  it('refuses malformed filters', async () => {
    expect(await core.router.dispatch('history:search', { dateFrom: '2025/01/01' })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(await core.router.dispatch('history:search', { limit: 10_000 })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
  });
});

describe('history:export', () => {
  it('writes an xlsx with a Chinese header, text numbers and numeric money', async () => {
    nextSavePath = path.join(dataDir, 'export.xlsx');
    const result = await core.router.dispatch('history:export', { format: 'xlsx', filter: {} });
    expect(result).toMatchObject({ ok: true, value: { saved: true, filePath: nextSavePath, rowCount: 5, truncated: false } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(nextSavePath);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '方向', '发票类型', '发票代码', '发票号码', '日期', '对方名称', '对方税号', '价税合计', '税额', '状态', '蓝/红', '冲红', '税率/征收率']);
    const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
    const voided = rows.find((row) => row[1] === '进项' && row[4] === '00000002');
    expect(voided?.[8]).toBe(-50); // money as a number…
    expect(sheet?.getCell(`H${rows.indexOf(voided ?? []) + 2}`).numFmt).toBe('#,##0.00'); // …shown with 2 decimals
    expect(voided?.[10]).toBe('作废');
    expect(rows.some((row) => row[3] === '3300231130')).toBe(true); // codes stay text with leading digits intact
  });

  it('writes a CSV with BOM, RFC 4180 quoting and the formula guard', async () => {
    nextSavePath = path.join(dataDir, 'export.csv');
    const result = await core.router.dispatch('history:export', { format: 'csv', filter: { direction: 'input' } });
    expect(result).toMatchObject({ ok: true, value: { saved: true, rowCount: 3 } });
    const text = fs.readFileSync(nextSavePath, 'utf8');
    expect(text.startsWith('\uFEFF方向,发票类型,')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    const evil = lines.find((line) => line.includes('HYPERLINK'));
    expect(evil).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(evil).toContain(',-50.00,'); // money is not "guarded" into text
  });

  it('reports a cancelled dialog and writes nothing', async () => {
    nextSavePath = null;
    const result = await core.router.dispatch('history:export', { format: 'csv', filter: {} });
    expect(result).toEqual({ ok: true, value: { saved: false, filePath: null, rowCount: 0, truncated: false } satisfies HistoryExportResult });
  });
});
