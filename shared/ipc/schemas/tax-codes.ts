/** Requests and answers of the tax-code lookup (商品和服务税收分类编码). */
import { z } from 'zod';
import { TAX_RATES } from '../../rules/money.js';

export const TaxCodeQuery = z.strictObject({
  // Control characters have no place in a lookup; the length bound keeps a pasted page out.
  query: z.string().max(60).regex(/^[^\p{Cc}]*$/u, 'query has control characters').describe('product name, keyword or code prefix'),
  limit: z.number().int().min(1).max(50).default(20),
});

export const TaxCode = z.strictObject({
  code: z.string().regex(/^\d{19}$/).describe('spbm: tax classification code'),
  name: z.string(),
  shortName: z.string().describe('分类简称, printed as *简称* before the goods name'),
  rates: z.array(z.enum(TAX_RATES)).describe('usual rate first'),
  description: z.string(),
});
export type TaxCode = z.infer<typeof TaxCode>;

export const TaxCodeTableInfo = z.strictObject({
  version: z.string(),
  /** 'shipped' is the table that came with the app; 'imported' one the clerk imported. */
  origin: z.enum(['shipped', 'imported']),
  rows: z.number().int(),
  usable: z.number().int(),
  importedAt: z.string().nullable(),
});
export type TaxCodeTableInfo = z.infer<typeof TaxCodeTableInfo>;

export const TaxCodeImportRequest = z.strictObject({
  version: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[0-9A-Za-z.\-_ ]+$/, 'version: digits, letters, dots'),
});
