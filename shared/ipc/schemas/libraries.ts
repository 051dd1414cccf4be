/**
 * IPC shapes of the customer and product libraries (客户库, 商品库): what the issuance form picks buyers and
 * lines from. Lengths follow the issuance request fields they fill (ghdwmc 100, spbm 19 digits, …).
 * Libraries belong to an enterprise (each its own buyers and goods, migration 0460) and are shared by
 * every environment (0150); one enterprise's library can be copied into the active one (libraries:copy).
 */
import { z } from 'zod';
import { isEmailAddress } from '../../rules/email.js';
import { TAX_RATES } from '../../rules/money.js';
import { plainText } from './plain-text.js';
import { PREFERENTIAL_POLICIES, SPECIAL_LEVY_METHODS, codesOf } from '../../spec/codes.js';

/** Optional text with a Chinese message naming the field when it is too long. */
const text = (label: string, max: number) => plainText(z.string().trim().max(max, `${label}最长 ${max} 个字符`), label);

export const Customer = z.strictObject({
  id: z.number().int().positive().optional().describe('Local id; absent when creating'),
  name: plainText(z.string({ error: '客户名称不能为空' }).trim().min(1, '客户名称不能为空').max(100, '客户名称最长 100 个字符'), '客户名称').describe('ghdwmc: buyer name'),
  taxNumber: text('纳税人识别号', 20).optional().describe('ghdwsbh: buyer tax ID (USCC, or a legacy 15/17/20-character ID)'),
  address: text('地址', 100).optional().describe('ghdwdz: buyer address'),
  phone: text('电话', 100).optional().describe('ghdwdh: buyer phone'),
  bank: text('开户行', 100).optional().describe('ghdwyh: buyer bank'),
  account: text('银行账号', 100).optional().describe('ghdwzh: buyer bank account'),
  email: text('邮箱', 50)
    .refine((value) => value === '' || isEmailAddress(value), '邮箱格式不正确')
    .optional()
    .describe('Default e-mail for pushing invoices'),
  mobile: text('手机号', 11)
    .regex(/^$|^1\d{10}$/, '手机号应为 1 开头的 11 位数字')
    .optional()
    .describe('Default mobile number for SMS push'),
});
export type Customer = z.infer<typeof Customer>;

export const Product = z.strictObject({
  id: z.number().int().positive().optional().describe('Local id; absent when creating'),
  name: plainText(z.string({ error: '商品名称不能为空' }).trim().min(1, '商品名称不能为空').max(100, '商品名称最长 100 个字符'), '商品名称').describe('spmc: goods or service name'),
  taxCode: z.string({ error: '税收分类编码不能为空' }).trim().regex(/^\d{19}$/, '税收分类编码必须是19位数字').describe('spbm: tax classification code, 19 digits'),
  specification: text('规格型号', 40).optional().describe('ggxh: specification'),
  unit: text('单位', 22).optional().describe('dw: unit'),
  unitPrice: z
    .string()
    .trim()
    .regex(/^$|^\d{1,16}(\.\d{1,6})?$/, '单价必须是不小于 0 的数字，最多 6 位小数')
    .optional()
    .describe('dj: default unit price including tax (6 decimals at most)'),
  rate: z.enum(TAX_RATES, { error: '税率只能是 13%、9%、6%、5%、3%、2%、1% 或 0%' }).describe('sl: default tax rate'),
  specialLevy: z.enum(codesOf(SPECIAL_LEVY_METHODS), { error: '特殊征税方式只能是 1–6' }).optional().describe('lslbs: special levy method'),
  preferentialPolicy: z
    .enum(codesOf(PREFERENTIAL_POLICIES), { error: '优惠政策代码不在代码表中' })
    .optional()
    .describe('zzstsgl: preferential policy code'),
});
export type Product = z.infer<typeof Product>;

export const LibraryQuery = z.strictObject({
  query: plainText(z.string().trim().max(100), '搜索内容').optional().describe('Name, tax ID or code fragment'),
  limit: z.number().int().min(1).max(500).optional().describe('Rows per page (default 50)'),
  offset: z.number().int().min(0).optional().describe('Rows to skip'),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

export const LibraryId = z.strictObject({ id: z.number().int().positive().describe('Local id') });

/** A problem or remark by key (messages by code): the renderer words `key` + `params` (shared/i18n/library-texts.ts, the rule book's `rules.` keys). */
const Remark = z.strictObject({
  key: z.string().describe('i18next path: libraries.problems.<key> or rules.<key>'),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** A save answers with what was stored, and says so when it merged into an entry that already existed. */
const saved = <T extends z.ZodType>(entry: T) =>
  z.strictObject({
    entry,
    merged: z.boolean().describe('True when an existing entry with the same identity (tax ID / name and specification) was updated instead'),
    warnings: z.array(Remark).describe('Accepted with a warning (e.g. a legacy tax ID that cannot be checked), by key'),
  });
export const SavedCustomer = saved(Customer);
export type SavedCustomer = z.infer<typeof SavedCustomer>;
export const SavedProduct = saved(Product);
export type SavedProduct = z.infer<typeof SavedProduct>;

const RowNote = z.strictObject({
  row: z.number().int().describe('Spreadsheet row number'),
  problems: z
    .array(Remark.extend({ field: z.string().nullable().describe('Field id of the column (customer or product field); null for the row as a whole') }))
    .describe('What is wrong with the row, or what to note about it, column by column'),
});
export type RowNote = z.infer<typeof RowNote>;

export const LibraryImportResult = z.strictObject({
  cancelled: z.boolean().describe('The clerk closed the file dialog'),
  fileName: z.string().nullable().describe('Base name of the imported file'),
  created: z.number().int().describe('Rows added'),
  updated: z.number().int().describe('Rows that replaced an existing entry (same tax ID / same name and specification)'),
  errors: z.array(RowNote).describe('Rows refused, with the reason naming the column; nothing of a refused row is saved'),
  warnings: z.array(RowNote).describe('Rows saved with a remark (legacy tax ID, merged duplicate)'),
});
export type LibraryImportResult = z.infer<typeof LibraryImportResult>;

export const LibraryExportRequest = z.strictObject({ format: z.enum(['xlsx', 'csv']).describe('File format') });
export const LibraryExportResult = z.strictObject({
  cancelled: z.boolean(),
  path: z.string().nullable().describe('Where the file was written'),
  rows: z.number().int(),
});
export type LibraryExportResult = z.infer<typeof LibraryExportResult>;

/** Copies one library (customers or products) of another enterprise into the active enterprise's. */
export const LibraryCopyRequest = z.strictObject({
  kind: z.enum(['customers', 'products']).describe('Which library'),
  from: z.string().regex(/^[0-9A-Z]{15,20}$/).describe('Tax number of the enterprise to copy from'),
});
export type LibraryCopyRequest = z.infer<typeof LibraryCopyRequest>;
export const LibraryCopyResult = z.strictObject({
  copied: z.number().int().describe('Entries added to the active enterprise'),
  skipped: z.number().int().describe('Entries it already had (same tax ID / same name and specification): kept as they were'),
});
export type LibraryCopyResult = z.infer<typeof LibraryCopyResult>;
