/**
 * A line's levy in the history (issue 33), through the core's IPC against the embedded sandbox: invoices
 * issued with lines at a normal rate, 免税, 不征税, 简易征收 and 差额征税 (with its deduction); the detail names
 * each line's levy and deduction, the line filter finds exactly the invoices with such a line, and the
 * export's last column says each invoice's rates and levies in words, in Chinese and in English. The
 * expected words and invoices are written out from the drafts sent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { DialogPort } from '../../../main/ports.js';
import type { HistoryFilter, HistorySearchResult, InvoiceSummary, OutputInvoiceDetail } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

let dataDir: string;
let core: Core;
let nextSavePath: string | null = null;
const dialog: DialogPort = { chooseSavePath: async () => nextSavePath, chooseOpenPath: async () => null };

const line = (name: string, unitPrice: string, rate: string, specialLevy?: string) => ({
  name,
  taxCode: '3040201000000000000',
  quantity: '1',
  unitPrice,
  rate,
  ...(specialLevy === undefined ? {} : { specialLevy }),
});
/** The drafts sent, each with the words its export row must carry and the levies of its lines. */
const DRAFTS = [
  {
    key: 'mixed',
    draft: { invoiceType: '026', buyerName: '杭州星河科技有限公司', issuer: '李四', lines: [line('技术服务', '113.00', '0.13'), line('图书', '50.00', '0.00', '1'), line('咨询', '103.00', '0.03', '5')] },
    levies: [['0.13', 'normal', null], ['0.00', 'exempt', null], ['0.03', 'simple', null]],
    zh: '13%；免税；3%（简易征收）',
    en: '13%; Exempt; 3% (Simplified levy)',
  },
  {
    key: 'difference',
    draft: { invoiceType: '026', buyerName: '宁波海曙旅游有限公司', issuer: '李四', deduction: '520.00', lines: [line('旅游服务', '1060.00', '0.06', '4')] },
    levies: [['0.06', 'difference', '520.00']],
    zh: '6%（差额征税，扣除额 520.00）',
    en: '6% (Difference-based levy, deduction 520.00)',
  },
  {
    key: 'notTaxed',
    draft: { invoiceType: '026', buyerName: '温州预付卡有限公司', issuer: '李四', lines: [line('预付卡销售', '200.00', '0.00', '2'), line('技术服务', '226.00', '0.13')] },
    levies: [['0.00', 'notTaxed', null], ['0.13', 'normal', null]],
    zh: '不征税；13%',
    en: 'Not subject to VAT; 13%',
  },
] as const;
const lshOf = new Map<string, string>();

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const result = await core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** Resolves once `check` holds, looking again at every event main emits. */
function whenTrue(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('condition not reached')), timeoutMs);
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      if (error) reject(error);
      else resolve();
    };
    const look = () => void check().then((ok) => ok && finish(), (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
    const stop = core.onEvent(look);
    look();
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-history-levy-'));
  core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 50, outboxBaseDelayMs: 20, dailyBackups: false }, { cipher: createTestCipher(), dialog });
  for (const { key, draft } of DRAFTS) lshOf.set(key, (await call<InvoiceSummary>('issuance:submit', draft)).lsh);
  await whenTrue(async () => (await call<InvoiceSummary[]>('history:list', {})).filter((row) => row.status === 'issued').length === DRAFTS.length, 60_000);
}, 90_000);

afterAll(async () => {
  await core?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const serials = async (filter: HistoryFilter) => (await call<HistorySearchResult>('history:search', { ...filter, direction: 'output' })).rows.map((row) => row.serial).sort();
const expectedSerials = (has: (levy: readonly [string, string, string | null]) => boolean) =>
  DRAFTS.filter((d) => d.levies.some(has)).map((d) => lshOf.get(d.key)).sort();

async function exportedLevies(): Promise<Map<string, unknown>> {
  nextSavePath = path.join(dataDir, `export-${Date.now()}.xlsx`);
  const result = await call<{ filePath: string }>('history:export', { format: 'xlsx', filter: { direction: 'output' } });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(result.filePath);
  const rows = (workbook.worksheets[0]?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
  const [header, ...data] = rows;
  // The serial is not a column: rows are told apart by their buyer, one per draft.
  const levy = header!.length - 1;
  return new Map([['header', header![levy]], ...data.map((row): [string, unknown] => [DRAFTS.find((d) => d.draft.buyerName === row[5])!.key, row[levy]])]);
}

describe("a line's levy in the history", () => {
  it('the detail names each line’s levy and a 差额征税 line’s deduction', async () => {
    for (const { key, levies } of DRAFTS) {
      const row = (await call<HistorySearchResult>('history:search', { direction: 'output', text: lshOf.get(key) })).rows[0]!;
      const detail = await call<OutputInvoiceDetail>('history:detail', { id: row.id });
      expect(detail.lines.map((l) => [l.rate, l.levy, l.deduction])).toEqual(levies.map(([rate, levy, deduction]) => [rate, levy, deduction]));
    }
  });

  it('the line filter finds exactly the invoices with a line at that rate and levy', async () => {
    expect(await serials({ lineRate: '0.13', lineLevy: 'normal' })).toEqual(expectedSerials(([rate, levy]) => rate === '0.13' && levy === 'normal'));
    expect(await serials({ lineRate: '0.13', lineLevy: 'normal' })).toHaveLength(2);
    expect(await serials({ lineRate: '0', lineLevy: 'exempt' })).toEqual(expectedSerials(([, levy]) => levy === 'exempt'));
    expect(await serials({ lineRate: '0.03', lineLevy: 'simple' })).toEqual(expectedSerials(([rate, levy]) => rate === '0.03' && levy === 'simple'));
    expect(await serials({ lineRate: '0.03', lineLevy: 'normal' })).toEqual([]);
    expect(await serials({ lineLevy: 'difference' })).toEqual([lshOf.get('difference')]);
    expect(await serials({ lineRate: '0.00', lineLevy: 'notTaxed', status: 'issued', voided: false })).toEqual([lshOf.get('notTaxed')]);
    expect((await call<{ count: number }>('history:count', { direction: 'output', lineRate: '0.13' })).count).toBe(2);
  });

  it('refuses a line filter it cannot read, naming what is wrong', async () => {
    const refused = await core.router.dispatch('history:search', { lineRate: '13%' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(JSON.stringify(refused)).toContain('明细税率');
    expect(await core.router.dispatch('history:search', { lineLevy: 'free' })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(await core.router.dispatch('history:search', { voided: 'no' })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
  });

  it('the export says each invoice’s rates and levies in words, in Chinese and in English', async () => {
    const chinese = await exportedLevies();
    expect(chinese.get('header')).toBe('税率/征收率');
    for (const { key, zh } of DRAFTS) expect(chinese.get(key)).toBe(zh);
    await call('app:setLanguage', { language: 'en' });
    const english = await exportedLevies();
    expect(english.get('header')).toBe('Rates and levies');
    for (const { key, en } of DRAFTS) expect(english.get(key)).toBe(en);
  });
});
