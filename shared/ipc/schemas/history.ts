/** IPC shapes of the history views: search over output and collected input invoices, and export. */
import { z } from 'zod';
import { Environment } from './app.js';
import { InvoiceSummary } from './issuance.js';
import { plainText } from './plain-text.js';
import { PageCursor, keysetPage } from './page.js';
import { RedInvoiceRef, RedLetterFormSummary, RedReason } from './red.js';
import { LEVY_KINDS } from '../../i18n/levy-texts.js';

const Amount = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,2})?$/, `${what}应为金额，最多两位小数`)
    .describe(`${what} (decimal, inclusive)`);

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

export const ReversalState = z
  .enum(['none', 'partial', 'full'])
  .describe('How much of a blue invoice has been red-reversed by issued red invoices: none, partial (部分冲红), full (已全额冲红)');
export type ReversalState = z.infer<typeof ReversalState>;

export const HistoryFilter = z
  .strictObject({
    text: plainText(z.string().trim().max(100), '搜索内容')
      .optional()
      .describe('Fragments of buyer name, tax ID, invoice code/number, serial or remark (3+ characters also goods); words are ANDed; 2+ characters each'),
    dateFrom: IsoDate('起始日期').optional(),
    dateTo: IsoDate('截止日期').optional(),
    status: HistoryStatus.optional(),
    direction: HistoryDirection.optional().describe('Only one side; both when absent'),
    type: z.string().regex(/^\d{2,3}$/, '发票类型代码应为2到3位数字').optional().describe('Invoice type code (fplxdm / FPLXDM)'),
    buyer: plainText(z.string().trim().max(100, '购买方不能超过100个字符'), '购买方').optional().describe('Fragment of the buyer name or tax ID (output invoices only)'),
    kplx: z.enum(['0', '1'], { error: '蓝字/红字取值无效' }).optional().describe('Output only: 0 blue invoices, 1 red invoices'),
    reversal: ReversalState.optional().describe('Output only: blue invoices not, partly or fully red-reversed'),
    amountMin: Amount('最小金额').optional().describe('Output only: total including tax (jshj) at least this'),
    amountMax: Amount('最大金额').optional().describe('Output only: total including tax (jshj) at most this'),
    lineRate: z
      .string()
      .trim()
      .regex(/^0(\.\d{1,4})?$/, '明细税率应为 0 到 1 之间的小数（如 0.13），最多四位小数')
      .optional()
      .describe('Output only: invoices with at least one line at this rate (sl as a ratio, compared as a number: 0.13, 0.03, 0); with lineLevy the same line has both'),
    lineLevy: z
      .enum(LEVY_KINDS, { error: '计税方式取值无效' })
      .optional()
      .describe('Output only: invoices with at least one line of this levy (lslbs: normal = none, exempt 1, notTaxed 2, zeroRate 3, difference 4, simple 5, reduced 6); with lineRate the same line has both'),
    voided: z
      .boolean({ error: '作废条件应为是或否' })
      .optional()
      .describe('Output only: false leaves voided invoices out (zflx set: the statistics count them apart), true keeps only them'),
    cursor: PageCursor.optional().describe('Output only (direction output): keyset cursor, the `next` of the previous page'),
    limit: z.number().int().min(1).max(500).optional().describe('Rows per page (default 50)'),
    offset: z.number().int().min(0).max(1_000_000).optional().describe('Rows to skip (mixed input/output searches only; output pages use `cursor`)'),
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
    serial: z.string().nullable().describe('Output: the issuance serial number (lsh); input: null'),
    kplx: z.enum(['0', '1']).nullable().describe('Output: 0 blue, 1 red; input: null'),
    reversal: ReversalState.nullable().describe('Output blue invoices: how much is red-reversed; otherwise null'),
  })
  .describe('One invoice in the history');
export type HistoryRow = z.infer<typeof HistoryRow>;

export const HistorySearchResult = keysetPage(HistoryRow)
  .extend({
    hasMore: z.boolean().describe('true when another page follows'),
    needMoreText: z.boolean().describe('true when the text has only 1-character words: nothing is searched, the clerk is asked for a second character'),
  })
  .describe('A page of history search results, newest first');
export type HistorySearchResult = z.infer<typeof HistorySearchResult>;

export const HistoryExportRequest = z
  .strictObject({
    format: z.enum(['xlsx', 'csv']).describe('xlsx (Excel) or csv (UTF-8 with BOM)'),
    filter: HistoryFilter.omit({ limit: true, offset: true, cursor: true }).describe('Which rows to export (all matching, up to the export limit)'),
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

export const OutputInvoiceLine = z.strictObject({
  xh: z.number().int().describe('Line number from 1 (the xh a red-letter form names)'),
  name: z.string().describe('spmc'),
  taxCode: z.string().describe('spbm'),
  quantity: z.string().describe('spsl'),
  unitPrice: z.string().describe('dj including tax'),
  amount: z.string().describe('je including tax'),
  rate: z.string().describe('sl'),
  tax: z.string().describe('Tax contained in je'),
  levy: z.enum(LEVY_KINDS).describe('How the line is levied, from its lslbs (normal when none)'),
  deduction: z.string().nullable().describe('kce (扣除额) of a 差额征税 line, yuan; null on other lines'),
});
export type OutputInvoiceLine = z.infer<typeof OutputInvoiceLine>;

export const OutputInvoiceDetail = z
  .strictObject({
    summary: InvoiceSummary,
    kplx: z.enum(['0', '1']).describe('0 blue, 1 red'),
    tax: z.string().describe('hjse'),
    sellerName: z.string(),
    sellerTaxNumber: z.string(),
    buyerTaxNumber: z.string().nullable(),
    buyerAddress: z.string().nullable(),
    buyerPhone: z.string().nullable(),
    buyerBank: z.string().nullable(),
    buyerAccount: z.string().nullable(),
    terminal: z.string().nullable().describe('kpzdbs the invoice was issued on, if any'),
    issuer: z.string().nullable().describe('kpr (开票人) as sent to the service'),
    clerk: z.string().nullable().describe('The clerk signed in when it was submitted (created_by); null without clerks'),
    remark: z.string().nullable(),
    lines: z.array(OutputInvoiceLine),
    files: z.strictObject({ pdf: z.boolean(), ofd: z.boolean(), xml: z.boolean() }).describe('Which files the service offered'),
    reversal: z
      .strictObject({
        state: ReversalState,
        reversed: z.string().describe('Taken by issued red invoices'),
        inFlight: z.string().describe('Held by red invoices not yet issued and by forms not yet used'),
        remaining: z.string().describe('What may still be reversed'),
        reds: z.array(RedInvoiceRef),
        forms: z.array(RedLetterFormSummary),
      })
      .nullable()
      .describe('Blue invoices: their red reversals; red invoices: null'),
    original: z
      .strictObject({
        id: z.number().int(),
        invoiceCode: z.string().nullable(),
        invoiceNumber: z.string().nullable(),
        reason: RedReason,
        formNumber: z.string().nullable().describe('xxbbh (or xxbid) the red invoice was issued with'),
      })
      .nullable()
      .describe('Red invoices: the blue invoice they reverse'),
  })
  .describe('One output invoice with its lines and red-reversal information');
export type OutputInvoiceDetail = z.infer<typeof OutputInvoiceDetail>;

export const HistoryDetailRequest = z.strictObject({ id: z.number().int().positive().describe('Local id of the output invoice') });
