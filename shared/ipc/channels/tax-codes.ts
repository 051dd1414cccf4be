/** Channels of the tax-code lookup: search, the table in use, and importing a newer table. */
import { z } from 'zod';
import { TaxCode, TaxCodeImportRequest, TaxCodeQuery, TaxCodeTableInfo } from '../schemas/tax-codes.js';
import { empty, type ChannelSpec } from './common.js';

export const taxCodeChannels = {
  'taxCodes:search': { request: TaxCodeQuery, response: z.strictObject({ rows: z.array(TaxCode) }) },
  'taxCodes:info': { request: empty, response: TaxCodeTableInfo },
  /** Opens a file dialog in main; null when the clerk cancels. */
  'taxCodes:import': { request: TaxCodeImportRequest, response: TaxCodeTableInfo.nullable() },
} as const satisfies Record<string, ChannelSpec>;
