/**
 * The period statistics as an Excel workbook, in the clerk's UI language: the sales by rate in the rows
 * and columns of the VAT return's schedule of sales (附列资料（一）: special invoices / other invoices,
 * sales and output tax per rate, voided apart), the output by invoice kind (blue, red, net, voided), and
 * the input side with the received ledger's totals. Money as numbers with 2 decimals, values never formulas.
 */
import ExcelJS from 'exceljs';
import { exportText, type ExportTextKey } from '../../../shared/i18n/export-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import type { OutputKind, PeriodStatistics } from '../../../shared/ipc/schemas/statistics.js';
import { yuan } from './figures.js';

const MONEY_FORMAT = '#,##0.00';
const KIND_KEYS: Record<OutputKind, ExportTextKey> = {
  special: 'kindSpecial',
  general: 'kindGeneral',
  digitalSpecial: 'kindDigitalSpecial',
  digitalGeneral: 'kindDigitalGeneral',
  electronic: 'kindElectronic',
  roll: 'kindRoll',
};

/** The file name the save dialog offers: 统计-2026年11月 / statistics-2026-Q4. */
export function statisticsFileName(stats: PeriodStatistics, language: UiLanguage): string {
  const { kind, year, index } = stats.period;
  const period = exportText(kind === 'month' ? 'statisticsMonth' : 'statisticsQuarter', { year, index }, language);
  return `${exportText('statisticsFileName', { period }, language)}.xlsx`;
}

/** A sheet with a title line, a bold header row and rows; the money columns (by index) as 2-decimal numbers. */
function sheet(workbook: ExcelJS.Workbook, name: string, title: string, headers: string[], rows: Array<Array<string | number>>, money: readonly number[]) {
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.addRow([title]).font = { bold: true };
  ws.addRow(headers).font = { bold: true };
  for (const row of rows) ws.addRow(row.map((value, i) => (money.includes(i) && typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) ? Number(value) : value)));
  headers.forEach((header, i) => {
    const column = ws.getColumn(i + 1);
    column.width = Math.max(12, header.length * (/[\u4e00-\u9fff]/.test(header) ? 2 : 1) + 2);
    if (money.includes(i)) column.numFmt = MONEY_FORMAT;
  });
}

export async function writeStatisticsWorkbook(stats: PeriodStatistics, filePath: string, language: UiLanguage, enterpriseName: string): Promise<void> {
  const t = (key: ExportTextKey) => exportText(key, {}, language);
  const title = exportText('statisticsTitle', { enterprise: enterpriseName, from: stats.from, to: stats.to }, language);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fapiao Desk';
  workbook.created = new Date();

  const rateRows = stats.output.byRate.map((r) => [r.rate, r.special.amount, r.special.tax, r.other.amount, r.other.tax, r.net.amount, r.net.tax, r.voided.amount, r.voided.tax]);
  const rateTotal = stats.output.total;
  rateRows.push([t('rowTotal'), ...sumColumns(stats.output.byRate.map((r) => [r.special.amount, r.special.tax, r.other.amount, r.other.tax, r.net.amount, r.net.tax, r.voided.amount, r.voided.tax]))]);
  sheet(workbook, t('statisticsRateSheet'), title, (['colRate', 'colSpecialAmount', 'colSpecialTax', 'colOtherAmount', 'colOtherTax', 'colNetAmount', 'colNetTax', 'colVoidedAmount', 'colVoidedTax'] as const).map(t), rateRows, [1, 2, 3, 4, 5, 6, 7, 8]);

  const kindRows: Array<Array<string | number>> = stats.output.byKind.map((k) => [t(KIND_KEYS[k.kind]), k.blue.count, k.blue.amount, k.blue.tax, k.red.count, k.red.amount, k.red.tax, k.net.count, k.net.amount, k.net.tax, k.voided.count, k.voided.amount, k.voided.tax]);
  kindRows.push([t('rowTotal'), rateTotal.blue.count, rateTotal.blue.amount, rateTotal.blue.tax, rateTotal.red.count, rateTotal.red.amount, rateTotal.red.tax, rateTotal.net.count, rateTotal.net.amount, rateTotal.net.tax, rateTotal.voided.count, rateTotal.voided.amount, rateTotal.voided.tax]);
  const kindHeaders = (['colKind', 'colBlueCount', 'colBlueAmount', 'colBlueTax', 'colRedCount', 'colRedAmount', 'colRedTax', 'colNetCount', 'colNetAmount', 'colNetTax', 'colVoidedCount', 'colVoidedAmount', 'colVoidedTax'] as const).map(t);
  sheet(workbook, t('statisticsKindSheet'), title, kindHeaders, kindRows, [2, 3, 5, 6, 8, 9, 11, 12]);

  const inputRows: Array<Array<string | number>> = stats.input.byKind.map((k) => [k.kind, k.collected.count, k.collected.amount, k.collected.tax, k.certified.count, k.certified.amount, k.certified.tax, k.certifiedTax]);
  inputRows.push([t('rowReceived'), stats.received.count, stats.received.amount, stats.received.tax, '', '', '', '']);
  const inputHeaders = (['colInvoiceType', 'colCollectedCount', 'colAmount', 'colTax', 'colCertifiedCount', 'colAmount', 'colTax', 'colCertifiedTax'] as const).map(t);
  sheet(workbook, t('statisticsInputSheet'), title, inputHeaders, inputRows, [2, 3, 5, 6, 7]);
  await workbook.xlsx.writeFile(filePath);
}

/** Column sums of rows of yuan texts (2 decimals), exact: added in fen. */
function sumColumns(rows: string[][]): string[] {
  return Array.from({ length: 8 }, (_, i) => yuan(rows.reduce((total, row) => total + Math.round(Number(row[i] ?? '0') * 100), 0)));
}
