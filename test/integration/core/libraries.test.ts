/**
 * The customer and product libraries through the real core: IPC router, SQLite file, and real .xlsx files
 * written and read with exceljs (import through the open dialog, export through the save dialog).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { DialogPort } from '../../../main/ports.js';
import type { Customer, IpcResult, LibraryExportResult, LibraryImportResult, Product, SavedCustomer, SavedProduct } from '../../../shared/ipc/index.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';
import { CUSTOMER_LABELS, PRODUCT_LABELS } from '../../../main/features/libraries/columns.js';
import { rowNoteText } from '../../../shared/i18n/library-texts.js';
import { problemText, type Problem } from '../../../shared/i18n/problem-text.js';
import { createTestCipher } from '../../support/test-cipher.js';

/** A report row or a remark as the clerk reads it (messages by code: main sends keys, these are the shared tables' words). */
type Note = LibraryImportResult['errors'][number];
const said = (note: Note, language: 'zh' | 'en' = 'zh', labels: Record<string, string> = CUSTOMER_LABELS) =>
  rowNoteText(note, language, (field) => (language === 'zh' ? (labels[field] ?? field) : field), (p) => problemText(p, language));
const saidAll = (problems: readonly Problem[], language: 'zh' | 'en' = 'zh') => problems.map((p) => problemText(p, language)).join('；');
/** The per-field problems a refused save carries for the form, each worded in Chinese. */
const fieldProblems = (error: { details?: unknown }) =>
  ((error.details as { issues?: Array<Problem & { path: string[] }> } | undefined)?.issues ?? []).map((issue) => ({ field: issue.path[0], text: problemText(issue, 'zh') }));

const uscc = (first17: string) => `${first17}${usccCheckCharacter(first17)}`;
const XINGHE = uscc('91110105MA01ABCD1');
const YUNQI = uscc('91330106MA2H7X8Y2');

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Started {
  core: Core;
  dir: string;
  dialog: { open: string | null; saveTo: string | null; filters: string[] };
  call<T>(channel: string, payload: unknown): Promise<IpcResult<T>>;
  value<T>(channel: string, payload: unknown): Promise<T>;
}

async function start(dataDir?: string): Promise<Started> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-lib-'));
  if (!dataDir) dirs.push(dir);
  const dialog = { open: null as string | null, saveTo: null as string | null, filters: [] as string[] };
  const port: DialogPort = {
    chooseSavePath: async (suggested, filters) => {
      dialog.filters.push(...filters.map((f) => f.name));
      return dialog.saveTo === null ? null : path.join(dialog.saveTo, path.basename(suggested));
    },
    chooseOpenPath: async (filters) => {
      dialog.filters.push(...filters.map((f) => f.name));
      return dialog.open;
    },
  };
  const core = await createCore({ dataDir: dir, appVersion: 'test' }, { cipher: createTestCipher(), dialog: port });
  cores.push(core);
  const call = <T>(channel: string, payload: unknown) => core.router.dispatch(channel, payload) as Promise<IpcResult<T>>;
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await call<T>(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value;
  };
  return { core, dir, dialog, call, value };
}

async function writeSheet(file: string, rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function readSheet(file: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('customer library', () => {
  it('creates, edits, searches and deletes; checks the tax ID with the USCC rule', async () => {
    const app = await start();
    const saved = await app.value<SavedCustomer>('customers:save', { name: '北京星河贸易有限公司', taxNumber: XINGHE.toLowerCase(), address: '北京市朝阳区建国路 1 号' });
    expect(saved).toMatchObject({ merged: false, warnings: [], entry: { name: '北京星河贸易有限公司', taxNumber: XINGHE } });

    // A wrong check character is refused with the expected one named.
    const wrongCheck = `${XINGHE.slice(0, 17)}${XINGHE[17] === '0' ? '1' : '0'}`;
    const refused = await app.call('customers:save', { name: '错误税号公司', taxNumber: wrongCheck });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('VALIDATION_FAILED');
      expect(fieldProblems(refused.error)).toEqual([{ field: 'taxNumber', text: expect.stringContaining(`应为 ${XINGHE[17]}`) }]);
    }

    // A legacy 15-character tax ID is accepted with a warning.
    const legacy = await app.value<SavedCustomer>('customers:save', { name: '老字号商店', taxNumber: '110105123456789' });
    expect(saidAll(legacy.warnings)).toContain('15 位旧税号');
    expect(saidAll(legacy.warnings, 'en')).toContain('a 15-character legacy tax ID cannot be checked');

    // Same tax ID again without an id: the existing customer is updated, and the answer says so.
    const again = await app.value<SavedCustomer>('customers:save', { name: '北京星河贸易股份有限公司', taxNumber: XINGHE });
    expect(again.merged).toBe(true);
    expect(again.entry.id).toBe(saved.entry.id);
    expect(saidAll(again.warnings)).toContain('已更新该客户');

    // Editing one customer into another's tax ID is refused rather than merging them silently.
    const conflict = await app.call('customers:save', { id: legacy.entry.id, name: '老字号商店', taxNumber: XINGHE });
    expect(conflict.ok).toBe(false);

    await app.value('customers:save', { name: '杭州云栖商贸有限公司', taxNumber: YUNQI, email: 'fp@yunqi.example.com', mobile: '13800001111' });
    const byName = await app.value<{ rows: Customer[]; total: number }>('customers:list', { query: '星河' });
    expect(byName.rows.map((c) => c.name)).toEqual(['北京星河贸易股份有限公司']);
    const byTax = await app.value<{ rows: Customer[]; total: number }>('customers:list', { query: YUNQI.slice(3, 12) });
    expect(byTax.rows.map((c) => c.name)).toEqual(['杭州云栖商贸有限公司']);
    // A clerk's % is a literal character, not a wildcard.
    expect((await app.value<{ total: number }>('customers:list', { query: '%' })).total).toBe(0);
    expect((await app.value<{ total: number }>('customers:list', {})).total).toBe(3);

    expect(await app.value('customers:delete', { id: legacy.entry.id })).toEqual({ deleted: true });
    expect(await app.value('customers:delete', { id: legacy.entry.id })).toEqual({ deleted: false });
    expect((await app.value<{ total: number }>('customers:list', {})).total).toBe(2);
  });

  it('refuses malformed payloads with a message naming the field', async () => {
    const app = await start();
    const tooLong = await app.call('customers:save', { name: '甲', taxNumber: 'X'.repeat(30) });
    expect(tooLong.ok).toBe(false);
    if (!tooLong.ok) expect(tooLong.error.message).toContain('taxNumber');
    const badMail = await app.call('customers:save', { name: '甲', email: 'not-a-mail' });
    expect(badMail.ok).toBe(false);
    if (!badMail.ok) expect(badMail.error.message).toContain('邮箱格式不正确');
    const extra = await app.call('customers:list', { query: '甲', sql: 'DROP TABLE customer' });
    expect(extra.ok).toBe(false);
  });

  it('imports a sheet: good rows saved, bad rows reported by row and column, duplicates merged', async () => {
    const app = await start();
    await app.value('customers:save', { name: '旧名称', taxNumber: YUNQI });
    const file = await writeSheet(path.join(app.dir, 'customers.xlsx'), [
      ['客户名称*', '纳税人识别号', '地址', '电话', '开户行', '银行账号', '邮箱', '手机号'],
      ['北京星河贸易有限公司', XINGHE, '北京市朝阳区', '010-88886666', '工商银行朝阳支行', '0200001234567', { text: 'a@xinghe.example.com', hyperlink: 'mailto:a@xinghe.example.com' }, '13900002222'],
      ['杭州云栖商贸有限公司', YUNQI, '', '', '', '', '', ''],
      ['校验位错误公司', `${XINGHE.slice(0, 17)}${XINGHE[17] === '0' ? '1' : '0'}`, '', '', '', '', '', ''],
      ['', '', '只有地址', '', '', '', '', ''],
      [],
      ['张三', '', '', '', '', '', '', 123456],
      ['北京星河（重复行）', XINGHE, '', '', '', '', '', ''],
    ]);
    app.dialog.open = file;
    const result = await app.value<LibraryImportResult>('customers:import', {});
    expect(result).toMatchObject({ cancelled: false, fileName: 'customers.xlsx', created: 1, updated: 2 });
    expect(result.errors.map((e) => e.row)).toEqual([4, 5, 7]);
    expect(said(result.errors[0]!)).toContain('「纳税人识别号」统一社会信用代码校验位不正确');
    expect(said(result.errors[1]!)).toContain('「客户名称」');
    expect(said(result.errors[2]!)).toContain('「手机号」');
    expect(result.warnings.map((w) => w.row)).toEqual([3, 8]);
    expect(said(result.warnings[1]!)).toContain('第 2 行');
    // The same notes in English: column names and sentences, no Chinese but the data.
    expect(said(result.errors[0]!, 'en')).toMatch(/^taxNumber: The check character of the unified social credit code is wrong/);
    expect(said(result.warnings[1]!, 'en')).toBe('Same entry as row 2; updated from this row');

    const all = await app.value<{ rows: Customer[] }>('customers:list', {});
    expect(all.rows.map((c) => c.name).sort()).toEqual(['北京星河（重复行）', '杭州云栖商贸有限公司'].sort());
    const xinghe = all.rows.find((c) => c.taxNumber === XINGHE)!;
    // The later duplicate row replaced the whole entry, as a re-import of an edited sheet would.
    expect(xinghe.email).toBeUndefined();

    app.dialog.open = null;
    expect(await app.value('customers:import', {})).toMatchObject({ cancelled: true, created: 0 });
  });

  it('refuses a file that is not a workbook, or has no name column, without touching the library', async () => {
    const app = await start();
    await app.value('customers:save', { name: '保留客户' });
    const notExcel = path.join(app.dir, 'fake.xlsx');
    fs.writeFileSync(notExcel, 'this is not a zip');
    app.dialog.open = notExcel;
    const bad = await app.call('customers:import', {});
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.key).toBe('app.sheetUnreadable');
    app.dialog.open = await writeSheet(path.join(app.dir, 'wrong.xlsx'), [['甲', '乙'], ['1', '2']]);
    const noHeader = await app.call('customers:import', {});
    expect(noHeader.ok).toBe(false);
    if (!noHeader.ok) expect(noHeader.error).toMatchObject({ key: 'app.sheetMissingColumns', params: { names: expect.stringContaining('「客户名称」') } });
    expect((await app.value<{ total: number }>('customers:list', {})).total).toBe(1);
  });

  it('exports to xlsx and csv; the xlsx imports back as updates', async () => {
    const app = await start();
    await app.value('customers:save', { name: '北京星河贸易有限公司', taxNumber: XINGHE, account: '0200001234567890123' });
    await app.value('customers:save', { name: '=HYPERLINK("x")' });
    app.dialog.saveTo = app.dir;
    const xlsx = await app.value<LibraryExportResult>('customers:export', { format: 'xlsx' });
    expect(xlsx).toMatchObject({ cancelled: false, rows: 2 });
    const rows = await readSheet(xlsx.path!);
    expect(rows[0]).toEqual(['客户名称', '纳税人识别号', '地址', '电话', '开户行', '银行账号', '邮箱', '手机号']);
    expect(rows.flat()).toContain('0200001234567890123');
    expect(rows.flat()).toContain(XINGHE);

    expect(path.basename(xlsx.path!)).toMatch(/^客户库-\d{8}\.xlsx$/);

    // In English, the default file names and the dialogs' filters are English; the headers stay the file format.
    await app.value('app:setLanguage', { language: 'en' });
    const english = await app.value<LibraryExportResult>('products:export', { format: 'csv' });
    expect(path.basename(english.path!)).toMatch(/^products-\d{8}\.csv$/);
    app.dialog.open = null;
    await app.value('customers:import', {});
    expect(app.dialog.filters).toEqual(['Excel 工作簿', 'CSV (comma-separated)', 'Excel workbook']);
    await app.value('app:setLanguage', { language: 'zh-CN' });

    const csv = await app.value<LibraryExportResult>('customers:export', { format: 'csv' });
    const text = fs.readFileSync(csv.path!, 'utf8');
    expect(text.startsWith('\uFEFF客户名称,纳税人识别号')).toBe(true);
    expect(text).toContain(`'=HYPERLINK`); // a formula-looking name is defused

    app.dialog.open = xlsx.path;
    const back = await app.value<LibraryImportResult>('customers:import', {});
    expect(back).toMatchObject({ created: 0, updated: 2, errors: [] });

    app.dialog.saveTo = null;
    expect(await app.value('customers:export', { format: 'xlsx' })).toMatchObject({ cancelled: true, path: null });
  });
});

describe('product library', () => {
  it('validates tax codes and rates; same name and specification updates', async () => {
    const app = await start();
    const paper = await app.value<SavedProduct>('products:save', { name: '打印纸', taxCode: '1060201070000000000', specification: 'A4', unit: '包', unitPrice: '25.50', rate: '0.13' });
    expect(paper.entry).toMatchObject({ name: '打印纸', specification: 'A4', unitPrice: '25.5', rate: '0.13' });
    const shortCode = await app.call('products:save', { name: '打印纸', taxCode: '106020107', rate: '0.13' });
    expect(shortCode.ok).toBe(false);
    if (!shortCode.ok) expect(shortCode.error.message).toContain('税收分类编码必须是19位数字');
    const badRate = await app.call('products:save', { name: '打印纸', taxCode: '1060201070000000000', rate: '0.17' });
    expect(badRate.ok).toBe(false);
    const zero = await app.call('products:save', { name: '打印纸', taxCode: '1060201070000000000', rate: '0.13', unitPrice: '0' });
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(fieldProblems(zero.error)).toEqual([{ field: 'unitPrice', text: '单价不能为 0（不确定时请留空）' }]);

    const again = await app.value<SavedProduct>('products:save', { name: '打印纸', taxCode: '1060201990000000000', specification: 'A4', rate: '0.13' });
    expect(again).toMatchObject({ merged: true, entry: { id: paper.entry.id, taxCode: '1060201990000000000' } });
    await app.value('products:save', { name: '打印纸', taxCode: '1060201070000000000', specification: 'A3', rate: '0.13' });
    await app.value('products:save', { name: '技术服务', taxCode: '3040201000000000000', rate: '0.06', preferentialPolicy: '03' });
    const byCode = await app.value<{ rows: Product[] }>('products:list', { query: '30402' });
    expect(byCode.rows.map((p) => p.name)).toEqual(['技术服务']);
    expect((await app.value<{ total: number }>('products:list', { query: '打印' })).total).toBe(2);
  });

  it('imports rates as clerks write them and refuses numeric tax codes that lost digits', async () => {
    const app = await start();
    const file = await writeSheet(path.join(app.dir, 'products.xlsx'), [
      ['商品名称', '税收分类编码', '规格型号', '单位', '含税单价', '税率'],
      ['打印纸', '1060201070000000000', 'A4', '包', 25.5, '13%'],
      ['技术服务', '3040201000000000000', '', '次', '1060', 0.06],
      ['运输服务', '3010101020000000000', '', '', '', 9],
      ['数字编码', 1060201070000000000, '', '', '', '13%'],
      ['奇怪税率', '1060201070000000000', '', '', '', '17%'],
      ['公式单价', '1060201070000000000', 'B', '', { formula: 'A1*2' }, '13%'],
    ]);
    app.dialog.open = file;
    const result = await app.value<LibraryImportResult>('products:import', {});
    expect(result.created).toBe(3);
    expect(result.errors.map((e) => e.row)).toEqual([5, 6, 7]);
    expect(said(result.errors[0]!, 'zh', PRODUCT_LABELS)).toContain('「税收分类编码」数字位数太多');
    expect(said(result.errors[1]!, 'zh', PRODUCT_LABELS)).toBe('「税率」「17%」不是可用的税率，只能是 13%、9%、6%、5%、3%、2%、1% 或 0%');
    expect(said(result.errors[2]!, 'zh', PRODUCT_LABELS)).toContain('「含税单价」公式没有计算结果');
    expect(said(result.errors[2]!, 'en')).toContain('unitPrice: The formula has no computed result');
    const rows = (await app.value<{ rows: Product[] }>('products:list', {})).rows;
    expect(Object.fromEntries(rows.map((p) => [p.name, p.rate]))).toEqual({ 打印纸: '0.13', 技术服务: '0.06', 运输服务: '0.09' });

    app.dialog.saveTo = app.dir;
    const exported = await app.value<LibraryExportResult>('products:export', { format: 'xlsx' });
    const sheet = await readSheet(exported.path!);
    expect(sheet.find((r) => r[0] === '打印纸')).toEqual(['打印纸', '1060201070000000000', 'A4', '包', '25.5', '13%']);
  });

  it('keeps the libraries across a restart, shared whatever the environment', async () => {
    const app = await start();
    await app.value('products:save', { name: '打印纸', taxCode: '1060201070000000000', rate: '0.13' });
    await app.core.close();
    cores.splice(cores.indexOf(app.core), 1);
    const again = await start(app.dir);
    expect((await again.value<{ rows: Product[] }>('products:list', {})).rows.map((p) => p.name)).toEqual(['打印纸']);
  });
});
