/** IPC shapes of the history views: search over output and collected input invoices, and export. */
import { z } from 'zod';
import { Environment } from './app.js';

const IsoDate = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为 YYYY-MM-DD`)
    .describe(`${what} (YYYY-MM-DD, inclusive)`);

export const HistoryDirection = z.enum(['output', 'input']).describe('output: invoices we issued (销项); input: invoices collected (进项)');
export type HistoryDirection = z.infer<typeof HistoryDirection>;

/**
 * One status vocabulary for both sides: the first four are output states (issued_invoice.status), the
 * others the collected invoice's FPZT (0 normal, 1 out of control, 2 voided, 3 red-reversed, 4 abnormal).
 */
export const HistoryStatus = z
  .enum(['queued', 'issuing', 'issued', 'failed', 'normal', 'out-of-control', 'voided', 'red-reversed', 'abnormal'])
  .describe('Output state (queued/issuing/issued/failed) or collected FPZT state (normal…abnormal)');
export type HistoryStatus = z.infer<typeof HistoryStatus>;

export const HistoryFilter = z
  .strictObject({
    text: z.string().trim().max(100).optional().describe('Name, tax ID, invoice code/number or goods fragment; words are ANDed'),
    dateFrom: IsoDate('起始日期').optional(),
    dateTo: IsoDate('截止日期').optional(),
    status: HistoryStatus.optional(),
    direction: HistoryDirection.optional().describe('Only one side; both when absent'),
    type: z.string().regex(/^\d{2,3}$/, '发票类型代码应为2到3位数字').optional().describe('Invoice type code (fplxdm / FPLXDM)'),
    limit: z.number().int().min(1).max(500).optional().describe('Rows per page (default 50)'),
    offset: z.number().int().min(0).max(1_000_000).optional().describe('Rows to skip'),
  })
  .describe('History search filter');
export type HistoryFilter = z.infer<typeof HistoryFilter>;

export const HistoryRow = z
  .strictObject({
    direction: HistoryDirection,
    id: z.number().int().describe('Row id within its side'),
    environment: Environment,
    invoiceType: z.string().describe('fplxdm (output) or FPLXDM (input)'),
    invoiceCode: z.string().nullable().describe('fpdm / FPDM'),
    invoiceNumber: z.string().nullable().describe('fphm / FPHM'),
    date: z.string().nullable().describe('Output: when submitted (ISO-8601); input: issue date (YYYY-MM-DD)'),
    counterpartyName: z.string().nullable().describe('Buyer (output) or seller (input) name'),
    counterpartyTaxNumber: z.string().nullable().describe('Buyer (output) or seller (input) tax ID'),
    total: z.string().nullable().describe('Total including tax (jshj / JSHJ), decimal text'),
    tax: z.string().nullable().describe('Total tax (hjse / SE), decimal text'),
    status: z.string().nullable().describe('HistoryStatus value'),
  })
  .describe('One invoice in the history');
export type HistoryRow = z.infer<typeof HistoryRow>;

export const HistorySearchResult = z
  .strictObject({
    rows: z.array(HistoryRow),
    hasMore: z.boolean().describe('true when another page follows'),
  })
  .describe('A page of history search results, newest first');
export type HistorySearchResult = z.infer<typeof HistorySearchResult>;

export const HistoryExportRequest = z
  .strictObject({
    format: z.enum(['xlsx', 'csv']).describe('xlsx (Excel) or csv (UTF-8 with BOM)'),
    filter: HistoryFilter.omit({ limit: true, offset: true }).describe('Which rows to export (all matching, up to the export limit)'),
  })
  .describe('Export the matching history to a file the clerk picks');
export type HistoryExportRequest = z.infer<typeof HistoryExportRequest>;

export const HistoryExportResult = z
  .strictObject({
    saved: z.boolean().describe('false when the clerk cancelled the save dialog'),
    filePath: z.string().nullable().describe('Where the file was written'),
    rowCount: z.number().int().describe('Rows written (header not counted)'),
    truncated: z.boolean().describe('true when more rows matched than the export limit'),
  })
  .describe('Outcome of an export');
export type HistoryExportResult = z.infer<typeof HistoryExportResult>;
