/** IPC shapes of collection (采集) and the input ledger (进项台账). Wire names of the spec where they are the clerk's words. */
import { z } from 'zod';
import { PageCursor } from './page.js';

export const CollectionKind = z.enum(['01', '03', '08', '14', '31', 'main']).describe('FPLXDM of the collection with details, or main information');
export type CollectionKind = z.infer<typeof CollectionKind>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd');

export const CollectionStart = z.strictObject({
  kinds: z.array(CollectionKind).min(1, '至少选择一种发票类型').max(6),
  from: day.describe('Collection start day (China time), inclusive'),
  to: day.describe('Collection end day (China time), inclusive'),
});

export const CollectionRunView = z.strictObject({
  id: z.number().int(),
  enterprise: z.string(),
  kind: CollectionKind,
  PCH: z.string(),
  from: z.string().describe('CJKSRQ, yyyyMMddHHmmss'),
  to: z.string().describe('CJJSRQ, yyyyMMddHHmmss'),
  rows: z.number().int().describe('Rows received so far'),
  total: z.number().int().nullable().describe('ZHS, once the first page has come'),
  status: z.enum(['running', 'closing', 'done', 'failed']),
  failure: z
    .strictObject({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) })
    .nullable()
    .describe('Why the run failed or its last page did not come, as a message key and params (the renderer words it): never text to show as is'),
  updatedAt: z.string(),
});
export type CollectionRunView = z.infer<typeof CollectionRunView>;

export const CollectionSettings = z.strictObject({ syncOnStart: z.boolean() });

const amount = z.string().regex(/^-?\d{1,14}(\.\d{1,2})?$/, '金额格式不正确');
const code = (values: readonly [string, ...string[]]) => z.enum(values).optional();

export const LedgerFilter = z.strictObject({
  period: z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, '税款所属期格式应为 yyyyMM').optional().describe('RZSQ when certified, else DQSKSSQ'),
  FPLXDM: code(['01', '03', '08', '14', '31']),
  FPZT: code(['0', '1', '2', '3', '4']),
  RZZT: code(['0', '1']),
  GLZT: code(['0', '1', '2']),
  seller: z.string().trim().max(100).optional().describe('Part of the seller name or tax number'),
  amountMin: amount.optional().describe('HJJE at least'),
  amountMax: amount.optional().describe('HJJE at most'),
});
export type LedgerFilter = z.infer<typeof LedgerFilter>;

/** A keyset page of the ledger (shared/ipc/schemas/page.ts): the first page without cursor, then each `next`. */
export const LedgerQuery = LedgerFilter.extend({
  cursor: PageCursor.optional(),
  limit: z.number().int().min(1).max(500).default(50).describe('Rows per page'),
});

export const LedgerRow = z.strictObject({
  id: z.number().int(),
  FPLXDM: z.string(),
  FPDM: z.string(),
  FPHM: z.string(),
  KPRQ: z.string().nullable(),
  XHFMC: z.string().nullable(),
  XHFSBH: z.string().nullable(),
  HJJE: z.string().nullable(),
  SE: z.string().nullable(),
  JSHJ: z.string().nullable(),
  YXSE: z.string().nullable(),
  FPZT: z.string().nullable(),
  RZZT: z.string().nullable(),
  RZSQ: z.string().nullable(),
  RZRQ: z.string().nullable(),
  GLZT: z.string().nullable(),
  DQSKSSQ: z.string().nullable(),
  GXJZR: z.string().nullable(),
  GXRQQ: z.string().nullable(),
  GXRQZ: z.string().nullable(),
  lineCount: z.number().int(),
  changeCount: z.number().int().describe('Status changes kept for this invoice'),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

export const LedgerTotals = z.strictObject({
  count: z.number().int(),
  amount: z.string().describe('Sum of HJJE'),
  tax: z.string().describe('Sum of SE'),
  validTax: z.string().describe('Sum of YXSE'),
});
export type LedgerTotals = z.infer<typeof LedgerTotals>;

export const LedgerPage = z.strictObject({
  rows: z.array(LedgerRow),
  next: PageCursor.nullable().describe('Cursor of the following page; null when this is the last'),
  totals: LedgerTotals.nullable().describe('Count and sums of the whole filtered ledger, with the first page only (null on later pages)'),
});

export const LedgerDetail = z.strictObject({
  lines: z.array(
    z.strictObject({
      XH: z.number().int(),
      SPMC: z.string().nullable(),
      GGXH: z.string().nullable(),
      DW: z.string().nullable(),
      SPSL: z.string().nullable(),
      DJ: z.string().nullable(),
      JE: z.string().nullable(),
      SL: z.string().nullable(),
      SE: z.string().nullable(),
    }),
  ),
  changes: z.array(z.strictObject({ field: z.string(), oldValue: z.string().nullable(), newValue: z.string().nullable(), source: z.string(), changedAt: z.string() })),
});

export const LedgerExport = LedgerFilter.extend({ format: z.enum(['xlsx', 'csv']) });
export const LedgerExportResult = z.strictObject({ cancelled: z.boolean(), rows: z.number().int(), path: z.string().optional() });
