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
import { exportText, type ExportTextKey } from '../../../shared/i18n/export-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import { rateLeviesText, type RatedLevy } from '../../../shared/i18n/line-levy-text.js';
import { exportFilter, exportRows, type ExportColumn } from '../../export/index.js';
import type { DialogPort } from '../../ports.js';
import type { DetailDeps } from './detail.js';
import { outputInvoiceDetail } from './detail.js';
import type { HistoryStore } from './store.js';

/** More rows than this are not exported in one file (Excel itself stops at 1,048,576). */
export const EXPORT_MAX_ROWS = 100_000;

const STATUS_KEYS: Record<string, ExportTextKey> = {
  queued: 'statusQueued',
  issuing: 'statusIssuing',
  issued: 'statusIssued',
  failed: 'statusFailed',
  normal: 'statusNormal',
  'out-of-control': 'statusOutOfControl',
  voided: 'statusVoided',
  'red-reversed': 'statusRedReversed',
  abnormal: 'statusAbnormal',
};

/**
 * The history export's columns in the clerk's UI language: the export is the clerk's own file to read and
 * pass on, so it speaks the language of the screen it came from (unlike the import templates, a file format
 * that must stay Chinese to be read back). One row per invoice: its levy column says the distinct rates and
 * levies of its lines in words (13%；免税；3%（简易征收）), from `levies` (an output invoice's, by id).
 */
export function historyExportColumns(language: UiLanguage, levies: ReadonlyMap<number, readonly RatedLevy[]> = new Map()): ReadonlyArray<ExportColumn<HistoryRow>> {
  const text = (key: ExportTextKey) => exportText(key, {}, language);
  const status = (value: string) => {
    const key = STATUS_KEYS[value];
    return key ? text(key) : value;
  };
  const reversal = (value: NonNullable<HistoryRow['reversal']>) => (value === 'none' ? null : text(value === 'partial' ? 'reversalPartial' : 'reversalFull'));
  return [
    { header: text('colDirection'), value: (row) => text(row.direction === 'output' ? 'directionOutput' : 'directionInput'), width: 6 },
    { header: text('colInvoiceType'), value: (row) => row.invoiceType, width: 8 },
    { header: text('colInvoiceCode'), value: (row) => row.invoiceCode, width: 14 },
    { header: text('colInvoiceNumber'), value: (row) => row.invoiceNumber, width: 22 },
    { header: text('colDate'), value: (row) => row.date, width: 24 },
    { header: text('colCounterpartyName'), value: (row) => row.counterpartyName, width: 32 },
    { header: text('colCounterpartyTaxNumber'), value: (row) => row.counterpartyTaxNumber, width: 22 },
    { header: text('colTotal'), value: (row) => row.total, kind: 'money', width: 14 },
    { header: text('colTax'), value: (row) => row.tax, kind: 'money', width: 12 },
    { header: text('colStatus'), value: (row) => (row.status === null ? null : status(row.status)), width: 8 },
    { header: text('colBlueRed'), value: (row) => (row.kplx === null ? null : text(row.kplx === '1' ? 'red' : 'blue')), width: 6 },
    { header: text('colReversal'), value: (row) => (row.reversal === null ? null : reversal(row.reversal)), width: 10 },
    // Last, so the columns before it stay where a clerk's sheets expect them.
    {
      header: text('colRatesLevies'),
      value: (row) => {
        const own = row.direction === 'output' ? levies.get(row.id) : undefined;
        return own ? rateLeviesText(own, language) : null;
      },
      width: 24,
    },
  ];
}

export interface HistoryServiceDeps {
  /** The ledger's history store (deps.ledger.history): the same answers on the desk's SQLite and a team's PostgreSQL. */
  store: HistoryStore;
  environment: Environment;
  /** The active enterprise's tax number: the seller of the output invoices shown, the buyer of the input ones. */
  enterprise: () => string;
  dialog: DialogPort | undefined;
  /** The clerk's UI language: the export's file name, filter name, headers and state words. */
  uiLanguage: () => UiLanguage;
  /** Red reversals and forms, for the detail view. */
  invoices: DetailDeps['invoices'];
  reversal: DetailDeps['reversal'];
  now?: () => Date;
}

export function createHistoryService(deps: HistoryServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    search: (filter: HistoryFilter): Promise<HistorySearchResult> => deps.store.search(deps.environment, deps.enterprise(), filter),
    count: (filter: HistoryFilter): Promise<RowCount> => deps.store.countOutput(deps.environment, deps.enterprise(), filter),
    detail: (id: number): Promise<OutputInvoiceDetail> => outputInvoiceDetail(deps, id),

    async export(request: HistoryExportRequest): Promise<HistoryExportResult> {
      if (!deps.dialog) throw new IpcFailure('VALIDATION_FAILED', 'app.noSaveDialog');
      const stamp = now().toISOString().slice(0, 10).replaceAll('-', '');
      const language = deps.uiLanguage();
      const name = `${exportText('historyFileName', { stamp }, language)}.${request.format}`;
      const filePath = await deps.dialog.chooseSavePath(name, [exportFilter(request.format, language)]);
      if (filePath === null) return { saved: false, filePath: null, rowCount: 0, truncated: false };
      const { rows, hasMore } = await deps.store.search(deps.environment, deps.enterprise(), { ...request.filter, limit: EXPORT_MAX_ROWS });
      const levies = await deps.store.lineLevies(rows.filter((row) => row.direction === 'output').map((row) => row.id));
      try {
        await exportRows(rows, historyExportColumns(language, levies), request.format, filePath);
      } catch (error) {
        const reason = error instanceof Error && 'code' in error ? String(error.code) : 'EIO';
        throw new IpcFailure('VALIDATION_FAILED', 'app.cannotSaveFile', { reason });
      }
      return { saved: true, filePath, rowCount: rows.length, truncated: hasMore };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
