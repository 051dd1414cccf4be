/**
 * Hostile input at the IPC contract, through the real core's router (issue 10.8): what a fuzzer found
 * ends in a clear refusal naming the field, never INTERNAL and never a main process held for seconds.
 * - the customer e-mail pattern used to backtrack quadratically (128 k address ≈ 7 s; a 200-row sheet of
 *   long addresses ≈ 77 s): now refused, by IPC and by import;
 * - control characters (docs/service-interface.md and shared/ipc/schemas/plain-text.ts): a NUL in the
 *   history search text was an FTS5 syntax error (INTERNAL); control characters in names and remarks were
 *   saved and written raw to CSV. Refused at the contract; only the remark keeps its line breaks.
 * Assertions are on outcomes; nothing here measures time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { DialogPort } from '../../../main/ports.js';
import { Customer, type IpcResult, type LibraryImportResult } from '../../../shared/ipc/index.js';
import { InvoiceDraft } from '../../../shared/ipc/schemas/issuance.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-hostile-'));
  dirs.push(dir);
  const dialog = { open: null as string | null };
  const port: DialogPort = { chooseSavePath: async () => null, chooseOpenPath: async () => dialog.open };
  const core = await createCore({ dataDir: dir, appVersion: 'test' }, { cipher: createTestCipher(), dialog: port });
  cores.push(core);
  const call = (channel: string, payload: unknown) => core.router.dispatch(channel, payload) as Promise<IpcResult<unknown>>;
  return { dir, dialog, call };
}

/** The refusal as the renderer gets it: code, and everything it can show (message, params, issue list). */
function refusal(result: IpcResult<unknown>): { code: string; text: string } {
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error('expected a refusal');
  return { code: result.error.code, text: JSON.stringify(result.error) };
}

const longEmail = (length: number) => `${'a'.repeat(length - '@x'.length)}@x`;

describe('the customer e-mail check is linear', () => {
  it('refuses a 128 k e-mail with a message naming the field (the schema the form, the import and IPC share)', () => {
    const parsed = Customer.safeParse({ name: '长邮箱公司', email: longEmail(128 * 1024) });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', '邮箱最长 50 个字符'],
      ['email', '邮箱格式不正确'],
    ]);
  });

  it('refuses a long e-mail over IPC; main keeps answering', async () => {
    const app = await start();
    // 120 k characters: the largest address under the 256 KB payload cap, so it reaches the schema.
    const { code, text } = refusal(await app.call('customers:save', { name: '长邮箱公司', email: longEmail(120_000) }));
    expect(code).toBe('INVALID_PAYLOAD');
    expect(text).toContain('邮箱最长 50 个字符');
    // At 128 k the payload guard refuses it before parsing, also clearly.
    expect(refusal(await app.call('customers:save', { name: '长邮箱公司', email: longEmail(128 * 1024) })).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await app.call('customers:list', {})).toMatchObject({ ok: true, value: { rows: [] } });
  });

  it('refuses every row of a 200-row sheet of long e-mails, row by row, and saves the good ones', async () => {
    const app = await start();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['客户名称*', '邮箱']);
    // 32 000 characters: close to Excel's limit of 32 767 per cell; the old pattern took ~0.4 s a row.
    for (let row = 0; row < 200; row += 1) sheet.addRow([`公司${row}`, `${longEmail(32_000).slice(0, -3)}${row % 10}@x`]);
    sheet.addRow(['好公司', 'ok@example.com']);
    const file = path.join(app.dir, 'long-emails.xlsx');
    await workbook.xlsx.writeFile(file);
    app.dialog.open = file;

    const result = await app.call('customers:import', {});
    expect(result.ok).toBe(true);
    const imported = (result as { value: LibraryImportResult }).value;
    expect(imported.created).toBe(1);
    expect(imported.errors).toHaveLength(200);
    expect(imported.errors[0]).toMatchObject({ row: 2 });
    expect(imported.errors[0]!.problems.map((p) => p.field)).toContain('email');
    expect(imported.errors[0]!.problems.every((p) => p.field === 'email')).toBe(true);
    const listed = await app.call('customers:list', {});
    expect((listed as { value: { rows: Customer[] } }).value.rows.map((c) => c.name)).toEqual(['好公司']);
  });

  it('still accepts ordinary addresses and refuses malformed ones', async () => {
    const app = await start();
    expect(await app.call('customers:save', { name: '甲公司', email: 'a.b-c@mail.example.com.cn' })).toMatchObject({ ok: true });
    for (const email of ['a@b', 'a@@b.cn', 'a@b..cn', 'a b@c.cn', '@b.cn']) {
      const { text } = refusal(await app.call('customers:save', { name: `乙公司${email}`, email }));
      expect(text).toContain('邮箱格式不正确');
    }
  });
});

describe('control characters are refused at the contract', () => {
  it('history search: a NUL in the text is a payload refusal naming the field, not INTERNAL', async () => {
    const app = await start();
    for (const payload of [{ text: '星河\u0000' }, { text: '\u001b[31m' }, { buyer: '云栖\u0085' }]) {
      const { code, text } = refusal(await app.call('history:search', payload));
      expect(code).toBe('INVALID_PAYLOAD');
      expect(text).toMatch(/(搜索内容|购买方)不能包含控制字符/);
    }
    // The same search without the control character works.
    expect(await app.call('history:search', { text: '星河' })).toMatchObject({ ok: true });
  });

  it('library names and fields: C0, DEL and C1 refused, nothing saved', async () => {
    const app = await start();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['customers:save', { name: '星河\u0000贸易' }, '客户名称'],
      ['customers:save', { name: '星河贸易', address: '北京\t朝阳' }, '地址'],
      ['customers:save', { name: '星河贸易', bank: '工行\u007f' }, '开户行'],
      ['products:save', { name: '打印\u0009纸', taxCode: '1060201070000000000', rate: '0.13' }, '商品名称'],
      ['products:save', { name: '打印纸', taxCode: '1060201070000000000', rate: '0.13', unit: '箱\u009f' }, '单位'],
      ['customers:list', { query: '星\u0001' }, '搜索内容'],
    ];
    for (const [channel, payload, label] of cases) {
      const { code, text } = refusal(await app.call(channel, payload));
      expect(code).toBe('INVALID_PAYLOAD');
      expect(text).toContain(`${label}不能包含控制字符`);
    }
    expect(await app.call('customers:list', {})).toMatchObject({ ok: true, value: { rows: [] } });
    expect(await app.call('products:list', {})).toMatchObject({ ok: true, value: { rows: [] } });
  });

  it('issuance: a control character in the remark or a name is refused; the remark keeps line breaks', async () => {
    const app = await start();
    const draft = {
      invoiceType: '82',
      buyerName: '北京星河贸易有限公司',
      issuer: '张三',
      lines: [{ name: '*信息技术服务*软件维护', taxCode: '3040201030000000000', quantity: '1', unitPrice: '113', rate: '0.13' }],
    };
    for (const [patch, label] of [
      [{ remark: '合同号\u0000123' }, '备注'],
      [{ remark: '第一行\u000b第二行' }, '备注'],
      [{ buyerName: '北京星河\n贸易' }, '购买方名称'],
      [{ lines: [{ ...draft.lines[0], name: '*信息技术服务*\u0007维护' }] }, '商品名称'],
    ] as const) {
      const { code, text } = refusal(await app.call('issuance:submit', { ...draft, ...patch }));
      expect(code).toBe('INVALID_PAYLOAD');
      expect(text).toContain(`${label}不能包含`);
    }
    // Line feeds and carriage returns are the remark's own: the contract accepts them.
    expect(InvoiceDraft.safeParse({ ...draft, remark: '合同号 123\r\n项目：维护' }).success).toBe(true);
    expect(InvoiceDraft.safeParse({ ...draft, payee: '李四\r\n' }).success).toBe(false);
  });
});

// Issue 23 point 6: text printed on invoices refuses bidi controls and zero-width characters, and a lone
// surrogate (which SQLite would store as U+FFFD) is refused naming the code unit; nothing is saved.
describe('invisible characters and lone surrogates are refused at the contract', () => {
  it('names, addresses, goods names and remarks: refused with the character named, nothing saved', async () => {
    const app = await start();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['customers:save', { name: '星河\u202e司公易贸' }, '客户名称', 'U+202E'],
      ['customers:save', { name: '星河贸易', address: '北京\u200b朝阳' }, '地址', 'U+200B'],
      ['customers:save', { name: '星河\u2066贸易' }, '客户名称', 'U+2066'],
      ['customers:save', { name: '星河\ufeff贸易' }, '客户名称', 'U+FEFF'],
      ['customers:save', { name: '星河\ud800贸易' }, '客户名称', 'U+D800'],
      ['customers:save', { name: '星河贸易\udc01' }, '客户名称', 'U+DC01'],
      ['products:save', { name: '打印纸\u200d', taxCode: '1060201070000000000', rate: '0.13' }, '商品名称', 'U+200D'],
      ['templates:save', { name: '月结\u061c', invoiceType: '026', buyerName: '甲', content: {} }, '常用发票名称', 'U+061C'],
    ];
    for (const [channel, payload, label, codePoint] of cases) {
      const { code, text } = refusal(await app.call(channel, payload));
      expect(code, codePoint).toBe('INVALID_PAYLOAD');
      expect(text).toContain(label);
      expect(text).toContain(codePoint);
    }
    expect(await app.call('customers:list', {})).toMatchObject({ ok: true, value: { rows: [] } });
    expect(await app.call('products:list', {})).toMatchObject({ ok: true, value: { rows: [] } });
    // A character outside the BMP is a proper pair, not a lone surrogate: kept as typed.
    expect(await app.call('customers:save', { name: '𠀋星河贸易' })).toMatchObject({ ok: true, value: { entry: { name: '𠀋星河贸易' } } });

    const draft = {
      invoiceType: '82',
      buyerName: '北京星河贸易有限公司',
      issuer: '张三',
      lines: [{ name: '*信息技术服务*软件维护', taxCode: '3040201030000000000', quantity: '1', unitPrice: '113', rate: '0.13' }],
    };
    for (const [patch, codePoint] of [
      [{ remark: '合同号\u202d123' }, 'U+202D'],
      [{ buyerName: '北京星河\u200c贸易' }, 'U+200C'],
      [{ lines: [{ ...draft.lines[0], name: '*信息技术服务*\u2060维护' }] }, 'U+2060'],
    ] as const) {
      const { code, text } = refusal(await app.call('issuance:submit', { ...draft, ...patch }));
      expect(code).toBe('INVALID_PAYLOAD');
      expect(text).toContain(codePoint);
    }
  });
});
