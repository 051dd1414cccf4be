/** IPC shapes of the issuance feature: what the form sends, what the history shows. */
import { z } from 'zod';
import { DECIMAL_PATTERN, TAX_RATES } from '../../rules/money.js';
import { Environment } from './app.js';

const decimal = (what: string) =>
  z.string().max(32).regex(DECIMAL_PATTERN, `${what}必须是数字`).describe(`${what} (decimal as text)`);

export const InvoiceType = z
  .enum(['004', '007', '025', '026', '028', '81', '82'])
  .describe('fplxdm: 004 paper special, 007 paper general, 025 roll, 026 e-general, 028 e-special, 81/82 digital-electronic');
export type InvoiceType = z.infer<typeof InvoiceType>;

export const DraftLine = z.strictObject({
  name: z.string().trim().min(1, '商品名称不能为空').max(100).describe('spmc: goods or service name'),
  taxCode: z.string().regex(/^\d{19}$/, '税收分类编码必须是19位数字').describe('spbm: tax classification code, 19 digits'),
  quantity: decimal('数量'),
  unitPrice: decimal('单价'),
  rate: z.enum(TAX_RATES).describe('sl: tax rate as a ratio'),
});
export type DraftLine = z.infer<typeof DraftLine>;

export const InvoiceDraft = z.strictObject({
  invoiceType: InvoiceType,
  buyerName: z.string().trim().min(1, '购买方名称不能为空').max(100).describe('ghdwmc: buyer name'),
  buyerTaxNumber: z.string().max(20).optional().describe('ghdwsbh: buyer tax ID'),
  issuer: z.string().trim().min(1, '开票人不能为空').max(16).describe('kpr: issuer'),
  remark: z.string().max(230).optional().describe('bz: remark'),
  lines: z.array(DraftLine).min(1, '至少需要一行商品').max(200).describe('Invoice lines'),
});
export type InvoiceDraft = z.infer<typeof InvoiceDraft>;

export const InvoiceStatus = z
  .enum(['queued', 'issuing', 'issued', 'failed'])
  .describe('Local state: queued (saved, not yet sent), issuing (sent, outcome pending), issued, failed');
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const InvoiceSummary = z.strictObject({
  id: z.number().int().describe('Local row id'),
  lsh: z.string().describe('Issuance serial number sent to the service'),
  environment: Environment,
  invoiceType: InvoiceType,
  buyerName: z.string(),
  total: z.string().describe('jshj: total including tax, 2 dp'),
  status: InvoiceStatus,
  invoiceCode: z.string().nullable().describe('fpdm'),
  invoiceNumber: z.string().nullable().describe('fphm'),
  issuedAt: z.string().nullable().describe('kprq as returned by the service'),
  error: z.string().nullable().describe('Why it failed, in the words of the service'),
  createdAt: z.string().describe('When the clerk submitted it (ISO-8601)'),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;
