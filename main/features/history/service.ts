/**
 * The history views: search across output and collected input invoices of the current environment, and
 * export of what a search finds to a file the clerk picks.
 */
import type {
  Environment,
  HistoryExportRequest,
  HistoryExportResult,
  HistoryFilter,
  HistoryRow,
  HistorySearchResult,
  OutputInvoiceDetail,
  RowCount,
} from '../../../shared/ipc/index.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import { EXPORT_FILTERS, exportRows, type ExportColumn } from '../../export/index.js';
import type { DialogPort } from '../../ports.js';
import type { DetailDeps } from './detail.js';
import { outputInvoiceDetail } from './detail.js';
import type { HistoryRepo } from './repo.js';

/** More rows than this are not exported in one file (Excel itself stops at 1,048,576). */
export const EXPORT_MAX_ROWS = 100_000;

const DIRECTION_LABELS: Record<HistoryRow['direction'], string> = { output: '销项', input: '进项' };
const STATUS_LABELS: Record<string, string> = {
  queued: '待发送',
  issuing: '开具中',
  issued: '已开具',
  failed: '失败',
  normal: '正常',
  'out-of-control': '失控',
  voided: '作废',
  'red-reversed': '红冲',
  abnormal: '异常',
};

const REVERSAL_LABELS: Record<NonNullable<HistoryRow['reversal']>, string | null> = { none: null, partial: '部分冲红', full: '已全额冲红' };

export const HISTORY_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<HistoryRow>> = [
  { header: '方向', value: (row) => DIRECTION_LABELS[row.direction], width: 6 },
  { header: '发票类型', value: (row) => row.invoiceType, width: 8 },
  { header: '发票代码', value: (row) => row.invoiceCode, width: 14 },
  { header: '发票号码', value: (row) => row.invoiceNumber, width: 22 },
  { header: '日期', value: (row) => row.date, width: 24 },
  { header: '对方名称', value: (row) => row.counterpartyName, width: 32 },
  { header: '对方税号', value: (row) => row.counterpartyTaxNumber, width: 22 },
  { header: '价税合计', value: (row) => row.total, kind: 'money', width: 14 },
  { header: '税额', value: (row) => row.tax, kind: 'money', width: 12 },
  { header: '状态', value: (row) => (row.status === null ? null : (STATUS_LABELS[row.status] ?? row.status)), width: 8 },
  { header: '蓝/红', value: (row) => (row.kplx === null ? null : row.kplx === '1' ? '红字' : '蓝字'), width: 6 },
  { header: '冲红', value: (row) => (row.reversal === null ? null : REVERSAL_LABELS[row.reversal]), width: 10 },
];

export interface HistoryServiceDeps {
  repo: HistoryRepo;
  environment: Environment;
  /** The active enterprise's tax number: the seller of the output invoices shown, the buyer of the input ones. */
  enterprise: () => string;
  dialog: DialogPort | undefined;
  /** Red reversals and forms, for the detail view. */
  invoices: DetailDeps['invoices'];
  reversal: DetailDeps['reversal'];
  now?: () => Date;
}

export function createHistoryService(deps: HistoryServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    search: (filter: HistoryFilter): HistorySearchResult => deps.repo.searchHistory(deps.environment, deps.enterprise(), filter),
    count: (filter: HistoryFilter): RowCount => deps.repo.countOutput(deps.environment, deps.enterprise(), filter),
    detail: (id: number): OutputInvoiceDetail => outputInvoiceDetail(deps, id),

    async export(request: HistoryExportRequest): Promise<HistoryExportResult> {
      if (!deps.dialog) throw new IpcFailure('VALIDATION_FAILED', 'app.noSaveDialog');
      const stamp = now().toISOString().slice(0, 10).replaceAll('-', '');
      const filePath = await deps.dialog.chooseSavePath(`发票历史-${stamp}.${request.format}`, [EXPORT_FILTERS[request.format]]);
      if (filePath === null) return { saved: false, filePath: null, rowCount: 0, truncated: false };
      const { rows, hasMore } = deps.repo.searchHistory(deps.environment, deps.enterprise(), { ...request.filter, limit: EXPORT_MAX_ROWS });
      try {
        await exportRows(rows, HISTORY_EXPORT_COLUMNS, request.format, filePath);
      } catch (error) {
        const reason = error instanceof Error && 'code' in error ? String(error.code) : 'EIO';
        throw new IpcFailure('VALIDATION_FAILED', 'app.cannotSaveFile', { reason });
      }
      return { saved: true, filePath, rowCount: rows.length, truncated: hasMore };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
