/** Channels of the history views (lists, search, detail, export). */
import { z } from 'zod';
import { InvoiceSummary } from '../schemas/issuance.js';
import {
  HistoryDetailRequest,
  HistoryExportRequest,
  HistoryExportResult,
  HistoryFilter,
  HistorySearchResult,
  OutputInvoiceDetail,
} from '../schemas/history.js';
import { RowCount } from '../schemas/page.js';
import type { ChannelSpec } from './common.js';

export const historyChannels = {
  'history:list': {
    request: z.strictObject({
      limit: z.number().int().min(1).max(500).optional().describe('Rows per page'),
      offset: z.number().int().min(0).optional().describe('Rows to skip'),
    }),
    response: z.array(InvoiceSummary),
  },
  'history:search': { request: HistoryFilter, response: HistorySearchResult },
  /** How many output invoices a filter matches: exact, or a lower bound when counting would be slow. */
  'history:count': { request: HistoryFilter.omit({ limit: true, offset: true, cursor: true }), response: RowCount },
  'history:export': { request: HistoryExportRequest, response: HistoryExportResult },
  /** One output invoice with its lines, files and red reversals (the detail drawer). */
  'history:detail': { request: HistoryDetailRequest, response: OutputInvoiceDetail },
} as const satisfies Record<string, ChannelSpec>;
