/**
 * IPC shapes of the customer and product libraries (客户库, 商品库): what the issuance form picks buyers and
 * lines from. Lengths follow the issuance request fields they fill (ghdwmc 100, spbm 19 digits, …).
 */
import { z } from 'zod';
import { DECIMAL_PATTERN, TAX_RATES } from '../../rules/money.js';

export const Customer = z.strictObject({
  id: z.number().int().positive().optional().describe('Local id; absent when creating'),
  name: z.string().trim().min(1, '客户名称不能为空').max(100).describe('ghdwmc: buyer name'),
  taxNumber: z.string().trim().max(20).optional().describe('ghdwsbh: buyer tax ID (USCC, or a legacy 15/17/20-character ID)'),
  address: z.string().trim().max(100).optional().describe('ghdwdz: buyer address'),
  phone: z.string().trim().max(100).optional().describe('ghdwdh: buyer phone'),
  bank: z.string().trim().max(100).optional().describe('ghdwyh: buyer bank'),
  account: z.string().trim().max(100).optional().describe('ghdwzh: buyer bank account'),
  email: z.string().trim().max(50).optional().describe('Default e-mail for pushing invoices'),
  mobile: z.string().trim().max(11).optional().describe('Default mobile number for SMS push'),
});
export type Customer = z.infer<typeof Customer>;

export const Product = z.strictObject({
  id: z.number().int().positive().optional().describe('Local id; absent when creating'),
  name: z.string().trim().min(1, '商品名称不能为空').max(100).describe('spmc: goods or service name'),
  taxCode: z.string().regex(/^\d{19}$/, '税收分类编码必须是19位数字').describe('spbm: tax classification code, 19 digits'),
  specification: z.string().trim().max(40).optional().describe('ggxh: specification'),
  unit: z.string().trim().max(22).optional().describe('dw: unit'),
  unitPrice: z.string().regex(DECIMAL_PATTERN, '单价必须是数字').optional().describe('dj: default unit price including tax'),
  rate: z.enum(TAX_RATES).describe('sl: default tax rate'),
  specialLevy: z.enum(['1', '2', '3', '4', '5', '6']).optional().describe('lslbs: special levy method'),
  preferentialPolicy: z.string().regex(/^\d{2}$/).optional().describe('zzstsgl: preferential policy code'),
});
export type Product = z.infer<typeof Product>;

export const LibraryQuery = z.strictObject({
  query: z.string().trim().max(100).optional().describe('Name, tax ID or code fragment'),
  limit: z.number().int().min(1).max(500).optional().describe('Rows per page (default 50)'),
  offset: z.number().int().min(0).optional().describe('Rows to skip'),
});

export const LibraryId = z.strictObject({ id: z.number().int().positive().describe('Local id') });

export const LibraryImportResult = z.strictObject({
  cancelled: z.boolean().describe('The clerk closed the file dialog'),
  created: z.number().int().describe('Rows added'),
  updated: z.number().int().describe('Rows that replaced an existing entry (same tax ID / same name and code)'),
  errors: z
    .array(z.strictObject({ row: z.number().int().describe('Spreadsheet row number'), message: z.string() }))
    .describe('Rows refused, with the reason; nothing of a refused row is saved'),
});

export const LibraryExportRequest = z.strictObject({ format: z.enum(['xlsx', 'csv']).describe('File format') });
export const LibraryExportResult = z.strictObject({
  cancelled: z.boolean(),
  path: z.string().nullable().describe('Where the file was written'),
  rows: z.number().int(),
});
