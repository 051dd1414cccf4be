/**
 * Batch issuance from Excel through the real core: a real .xlsx written with exceljs, imported through the
 * open dialog, validated with the form's rules, kept in SQLite across a restart, submitted through the
 * issuance service to the embedded sandbox over HTTP, and exported as a results sheet read back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import type { DialogPort } from '../../../main/ports.js';
import { batchIssueParts } from '../../../shared/i18n/batch-texts.js';
import { problemText } from '../../../shared/i18n/problem-text.js';
import type { BatchDetail, BatchFileResult, BatchImportResult, BatchIssue, BatchProgress, BatchSummary, InvoiceSummary, IpcResult } from '../../../shared/ipc/index.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';
import { createTestCipher } from '../../support/test-cipher.js';

const uscc = (first17: string) => `${first17}${usccCheckCharacter(first17)}`;
const BUYER_ID = uscc('91110105MA01ABCD1');
const HEADERS = ['发票序号', '发票类型', '购买方名称', '购买方纳税人识别号', '购买方地址', '购买方电话', '购买方开户行', '购买方账号', '备注', '商品名称', '税收分类编码', '数量', '含税单价', '含税金额', '税率', '税额'];

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface App {
  core: Core;
  dir: string;
  dialog: { open: string | null; filters: string[]; saved: string[] };
  value<T>(channel: string, payload: unknown): Promise<T>;
  call(channel: string, payload: unknown): Promise<IpcResult<unknown>>;
}

async function start(dataDir?: string): Promise<App> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-batch-'));
  if (!dataDir) dirs.push(dir);
  const dialog = { open: null as string | null, filters: [] as string[], saved: [] as string[] };
  const port: DialogPort = {
    chooseSavePath: async (suggested, filters) => {
      dialog.filters.push(...filters.map((f) => f.name));
      dialog.saved.push(path.basename(suggested));
      return path.join(dir, path.basename(suggested));
    },
    chooseOpenPath: async (filters) => {
      dialog.filters.push(...filters.map((f) => f.name));
      return dialog.open;
    },
  };
  const core = await createCore({ dataDir: dir, appVersion: 'test', sandboxIssueDelayMs: 150, outboxBaseDelayMs: 50, issuer: '批量员' }, { cipher: createTestCipher(), dialog: port });
  cores.push(core);
  const call = (channel: string, payload: unknown) => core.router.dispatch(channel, payload);
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await call(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  return { core, dir, dialog, call, value };
}

/** 10 invoices: 6 one-line, 1 of three lines (key G1, rows 8–10), 1 of two lines (key G2); rows 11 and 14 are wrong. */
async function writeBatch(file: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('发票明细');
  sheet.addRow(HEADERS);
  for (let i = 1; i <= 6; i++) sheet.addRow(['', '026', `买方${i}号商贸有限公司`, '', '', '', '', '', '', '打印纸', '1060201070000000000', i, '25.00', '', '13%', '']);
  sheet.addRow(['G1', '004', '北京星河贸易有限公司', BUYER_ID, '北京市朝阳区', '010-88886666', '工商银行', '0200001234567', '合同 HT-1', '办公桌', '1050201010000000000', 2, 680, 1360, 0.13, 156.46]);
  sheet.addRow(['G1', '', '', '', '', '', '', '', '', '技术服务', '3040201000000000000', '', '', 1060, '6%', 60]);
  sheet.addRow(['G1', '', '', '', '', '', '', '', '', '运输服务', '3010101020000000000', 1, 109, '', 9, '']); // row 10
  // Row 11: a one-line invoice with a wrong check character and a 17% rate.
  sheet.addRow(['', '026', '错误税号有限公司', `${BUYER_ID.slice(0, 17)}${BUYER_ID[17] === '0' ? '1' : '0'}`, '', '', '', '', '', '纸', '1060201070000000000', 1, 10, '', '17%', '']);
  sheet.addRow(['G2', '82', '两行发票有限公司', '', '', '', '', '', '', '咨询服务', '3040201000000000000', 1, 530, '', '6%', '']);
  sheet.addRow(['G2', '', '', '', '', '', '', '', '', '培训服务', '3070201020000000000', 2, 100, '', '6%', '']);
  // Row 14: a tax code typed as a number (Excel already lost digits) and a stated tax that is wrong.
  sheet.addRow(['', '026', '数字编码有限公司', '', '', '', '', '', '', '纸', 1060201070000000000, 1, 113, '', '13%', 20]);
  await workbook.xlsx.writeFile(file);
  return file;
}

function waitForProgress(core: Core, batchId: number, done: (p: BatchProgress) => boolean): Promise<BatchProgress> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`batch ${batchId} did not finish`)), 25_000);
    const stop = core.onEvent((event, payload) => {
      if (event === 'batch:progress' && payload.batchId === batchId && done(payload)) {
        clearTimeout(timer);
        stop();
        resolve(payload);
      }
    });
  });
}

describe('batch issuance', () => {
  it('writes a template whose example rows import as valid invoices', async () => {
    const app = await start();
    const template = await app.value<BatchFileResult>('batch:template', {});
    expect(template.path).toMatch(/批量开票模板\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template.path!);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['发票明细', '填写说明']);
    expect(String(workbook.getWorksheet('发票明细')!.getCell('A1').value)).toBe('发票序号');
    expect(JSON.stringify(workbook.getWorksheet('填写说明')!.getSheetValues())).toContain('发票序号相同的多行合并为一张发票');

    app.dialog.open = template.path;
    const imported = await app.value<BatchImportResult>('batch:import', {});
    expect(imported.batch!.rows.map((r) => [r.firstRow, r.lastRow, r.state])).toEqual([
      [2, 2, 'ready'],
      [3, 4, 'ready'],
      [5, 5, 'ready'],
    ]);
  });

  it('reports invalid rows by row and column, keeps the batch across a restart, issues only the valid ones', async () => {
    const app = await start();
    app.dialog.open = await writeBatch(path.join(app.dir, '三月开票.xlsx'));
    const imported = await app.value<BatchImportResult>('batch:import', {});
    const batch = imported.batch!;
    expect(batch).toMatchObject({ fileName: '三月开票.xlsx', invoices: 10, valid: 8, invalid: 2 });
    const byRow = new Map(batch.rows.map((r) => [r.firstRow, r]));
    expect(byRow.get(8)).toMatchObject({ lastRow: 10, lineCount: 3, state: 'ready', invoiceKey: 'G1', total: '2529.00' });
    expect(byRow.get(12)).toMatchObject({ lastRow: 13, lineCount: 2, state: 'ready', total: '730.00' });
    const wrong = byRow.get(11)!;
    expect(wrong.state).toBe('invalid');
    expect(wrong.issues.filter((i) => i.severity === 'error').map((i) => [i.row, i.column])).toEqual(
      expect.arrayContaining([
        [11, 'rate'],
        [11, 'buyerTaxNumber'],
      ]),
    );
    const numeric = byRow.get(14)!;
    expect(numeric.state).toBe('invalid');
    // Problems travel by key (messages by code); the same key reads in Chinese and in English.
    const said = (issue: BatchIssue | undefined, language: 'zh' | 'en') => (issue ? batchIssueParts(issue, language, (p) => problemText(p, language)).message : '');
    const taxCode = numeric.issues.filter((i) => i.column === 'taxCode');
    expect(taxCode).toEqual([expect.objectContaining({ key: 'libraries.problems.cellTooManyDigits' })]);
    expect(said(taxCode[0], 'zh')).toContain('数字位数太多');
    expect(said(taxCode[0], 'en')).toContain('Too many digits');
    const tax = numeric.issues.find((i) => i.column === 'tax');
    expect(tax).toMatchObject({ key: 'rules.statedTaxMismatch' });
    expect(said(tax, 'zh')).toMatch(/^税额 \S+ 与按含税金额计算的 \S+ 相差超过 0\.06$/);
    expect(said(tax, 'en')).toMatch(/^Tax \S+ differs from \S+ computed from the amount by more than 0\.06$/);
    for (const issue of [...wrong.issues, ...numeric.issues]) expect(issue).not.toHaveProperty('message');

    // The batch is in SQLite: a restart shows the same report.
    await app.core.close();
    cores.splice(cores.indexOf(app.core), 1);
    const again = await start(app.dir);
    const reloaded = await again.value<BatchDetail>('batch:get', { batchId: batch.id });
    expect(reloaded.rows).toEqual(batch.rows);
    expect((await again.value<BatchSummary[]>('batch:list', {})).map((b) => b.id)).toEqual([batch.id]);

    const finished = waitForProgress(again.core, batch.id, (p) => p.issued + p.failed === p.total);
    const submitted = await again.value<BatchSummary>('batch:submit', { batchId: batch.id });
    expect(submitted.progress.total).toBe(8);
    // A second click sends nothing new.
    await again.value('batch:submit', { batchId: batch.id });
    expect(await finished).toEqual({ batchId: batch.id, total: 8, queued: 0, issued: 8, failed: 0 });

    const done = await again.value<BatchDetail>('batch:get', { batchId: batch.id });
    const issued = done.rows.filter((r) => r.state === 'issued');
    expect(issued).toHaveLength(8);
    for (const row of issued) expect(row.invoiceNumber).toMatch(/^\d{8,20}$/);
    expect(done.rows.filter((r) => r.state === 'invalid').map((r) => r.lsh)).toEqual([null, null]);

    const history = await again.value<InvoiceSummary[]>('history:list', {});
    expect(history).toHaveLength(8);
    expect(new Set(history.map((h) => h.lsh))).toEqual(new Set(issued.map((r) => r.lsh)));
    expect(history.find((h) => h.buyerName === '北京星河贸易有限公司')).toMatchObject({ invoiceType: '004', total: '2529.00', status: 'issued' });

    const results = await again.value<BatchFileResult>('batch:exportResults', { batchId: batch.id });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(results.path!);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(rows[0]).toEqual(['行号', '发票序号', '购买方', '价税合计', '状态', '发票代码', '发票号码', '流水号', '错误']);
    expect(rows.filter((r) => r[4] === '已开具')).toHaveLength(8);
    expect(rows.find((r) => r[0] === '8-10')).toEqual(expect.arrayContaining(['G1', '北京星河贸易有限公司', '2529', '已开具']));
    expect(rows.find((r) => r[0] === '11')?.[8]).toContain('「税率」');
  });

  it('resumes a submission cut short, sending each row exactly once', async () => {
    const app = await start();
    app.dialog.open = await writeBatch(path.join(app.dir, 'cut.xlsx'));
    const batch = (await app.value<BatchImportResult>('batch:import', {})).batch!;
    await app.core.close();
    cores.splice(cores.indexOf(app.core), 1);

    // As if the app died right after the clerk pressed submit, before any row was enqueued.
    const db = new Database(path.join(app.dir, HISTORY_DB_FILE));
    db.prepare(`UPDATE batch SET submitted_at = '2025-01-01T00:00:00.000Z' WHERE id = ?`).run(batch.id);
    db.close();

    const again = await start(app.dir);
    await expect.poll(async () => (await again.value<BatchDetail>('batch:get', { batchId: batch.id })).progress.issued, { timeout: 120_000 }).toBe(8);
    const history = await again.value<InvoiceSummary[]>('history:list', {});
    expect(history).toHaveLength(8);
    // Submitting again after the resume sends nothing more.
    await again.value('batch:submit', { batchId: batch.id });
    expect(await again.value<InvoiceSummary[]>('history:list', {})).toHaveLength(8);
  });

  it('refuses bad input with clear messages and never crashes', async () => {
    const app = await start();
    const missing = await app.call('batch:get', { batchId: 999 });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.code).toBe('NOT_FOUND');
    expect((await app.call('batch:submit', { batchId: 'x' })).ok).toBe(false);

    const noColumns = path.join(app.dir, 'wrong.xlsx');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['名称', '金额']);
    await workbook.xlsx.writeFile(noColumns);
    app.dialog.open = noColumns;
    const refused = await app.call('batch:import', {});
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ key: 'app.sheetMissingColumns', params: { names: expect.stringContaining('「发票类型」'), namesEn: expect.stringContaining('"发票类型", ') } });

    app.dialog.open = null;
    expect(await app.value('batch:import', {})).toEqual({ cancelled: true, batch: null });
    expect(await app.value('batch:list', {})).toEqual([]);
  });

  it('shows rows stored by an older version (a Chinese column and sentence, a Chinese submit error) as they were stored', async () => {
    const app = await start();
    await app.core.close();
    cores.splice(cores.indexOf(app.core), 1);
    // What a version before messages by code wrote into the history database's batch tables.
    const db = new Database(path.join(app.dir, HISTORY_DB_FILE));
    const batchId = Number(db.prepare(`INSERT INTO batch (environment, file_name, created_at) VALUES ('sandbox', '旧批次.xlsx', '2025-03-01T08:00:00.000Z')`).run().lastInsertRowid);
    const oldIssue = { row: 2, column: '税率', message: '「17%」不是可用的税率，只能是 13%、9%、6%、5%、3%、1% 或 0%', severity: 'error' };
    const insertRow = db.prepare(
      `INSERT INTO batch_row (batch_id, seq, first_row, last_row, invoice_key, ghdwmc, jshj, draft_json, errors_json, valid, submit_error) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
    );
    insertRow.run(batchId, 1, 2, 2, '旧客户甲', null, null, JSON.stringify([oldIssue]), 0, null);
    insertRow.run(batchId, 2, 3, 3, '旧客户乙', '113.00', JSON.stringify({ invoiceType: '026' }), '[]', 1, '提交失败：SQLITE_BUSY');
    db.close();

    const again = await start(app.dir);
    const shown = await again.value<BatchDetail>('batch:get', { batchId });
    expect(shown.rows.map((r) => [r.firstRow, r.state])).toEqual([
      [2, 'invalid'],
      [3, 'failed'],
    ]);
    expect(shown.rows[0]!.issues).toEqual([oldIssue]);
    expect(batchIssueParts(shown.rows[0]!.issues[0]!, 'en', (p) => problemText(p, 'en'))).toEqual({ column: '税率', message: oldIssue.message });
    expect(shown.rows[1]).toMatchObject({ error: '提交失败：SQLITE_BUSY', submitError: null });

    // The results workbook writes them as stored too.
    const results = await again.value<BatchFileResult>('batch:exportResults', { batchId });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(results.path!);
    const errorColumn = workbook.worksheets[0]!.getColumn(9).values.slice(2).map(String);
    expect(errorColumn).toEqual([`第 2 行「税率」${oldIssue.message}`, '提交失败：SQLITE_BUSY']);
  });

  it('keeps a refused submission on its row by code, key and params, not as a sentence', async () => {
    const app = await start();
    await app.core.close();
    cores.splice(cores.indexOf(app.core), 1);
    // A row whose stored draft the issuance service refuses (as if edited by hand): its submit must fail.
    const db = new Database(path.join(app.dir, HISTORY_DB_FILE));
    const batchId = Number(db.prepare(`INSERT INTO batch (environment, file_name, created_at) VALUES ('sandbox', 'bad.xlsx', '2025-03-01T08:00:00.000Z')`).run().lastInsertRowid);
    db.prepare(`INSERT INTO batch_row (batch_id, seq, first_row, last_row, ghdwmc, draft_json, errors_json, valid) VALUES (?, 1, 2, 2, '甲', ?, '[]', 1)`).run(
      batchId,
      JSON.stringify({ invoiceType: '026', buyerName: '', issuer: '', lines: [] }),
    );
    db.close();

    const again = await start(app.dir);
    await again.value('batch:submit', { batchId });
    const row = (await again.value<BatchDetail>('batch:get', { batchId })).rows[0]!;
    expect(row.state).toBe('failed');
    expect(row.error).toBeNull();
    // The IpcFailure the issuance service threw, as it was: the renderer words `errors.issuance.draftInvalid`.
    expect(row.submitError).toEqual({ code: 'VALIDATION_FAILED', key: 'issuance.draftInvalid', params: { count: expect.any(Number) } });
  });

  it('writes the results workbook, its file name and the dialog filters in the UI language', async () => {
    const app = await start();
    app.dialog.open = await writeBatch(path.join(app.dir, 'april.xlsx'));
    expect(await app.value('app:setLanguage', { language: 'en' })).toEqual({ language: 'en' });
    const batch = (await app.value<BatchImportResult>('batch:import', {})).batch!;
    const results = await app.value<BatchFileResult>('batch:exportResults', { batchId: batch.id });
    expect(path.basename(results.path!)).toBe('april-results.xlsx');
    const template = await app.value<BatchFileResult>('batch:template', {});
    expect(path.basename(template.path!)).toBe('batch-issuance-template.xlsx');
    expect(new Set(app.dialog.filters)).toEqual(new Set(['Excel workbook']));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(results.path!);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(rows[0]).toEqual(['Rows', 'Invoice key', 'Buyer', 'Total', 'State', 'Invoice code', 'Invoice number', 'Serial number', 'Error']);
    expect(rows.filter((r) => r[4] === 'Not submitted')).toHaveLength(8);
    const wrong = rows.find((r) => r[0] === '11')!;
    expect(wrong[4]).toBe('Invalid');
    expect(wrong[8]).toMatch(/^Row 11 "Tax rate": .*; Row 11 "Buyer tax ID": /);
    // Only the data (buyer names, the clerk's own cell values) is Chinese in the English workbook.
    const words = rows.flatMap((r) => [r[4], r[8]]).join('\n');
    expect(words).not.toMatch(/[\u3000-\u303f\u3400-\u9fff\uff01-\uff1f]/u);
  });
});
