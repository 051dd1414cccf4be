/**
 * The period statistics as an Excel workbook, in the clerk's UI language:
 *
 * 1. the schedule of sales (附列资料（一）) in the form's rows and columns (schedule-sheet.ts);
 * 2. the output by rate and levy (rate as a number shown in percent, the levy in words): special and other
 *    invoices, net, voided apart;
 * 3. the output by invoice kind (blue, red, net in money only, voided) with the period's total;
 * 4. by month, when the period has several (a quarter);
 * 5. the input by kind (in words, the FPLXDM beside), collected and certified, with the certified valid tax;
 * 6. the received ledger's totals: count, amount, tax, 价税合计 and how many are not verified.
 *
 * Money as numbers with 2 decimals, values never formulas (main/export/xlsx.ts).
 */
import ExcelJS from 'exceljs';
import { inputKindName } from '../../../shared/i18n/input-kind-texts.js';
import { exportText, type ExportTextKey } from '../../../shared/i18n/export-texts.js';
import { levyText } from '../../../shared/i18n/levy-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import type { OutputKind, PeriodStatistics, SidedFigures, Sum } from '../../../shared/ipc/schemas/statistics.js';
import { yuan } from './figures.js';
import { MONEY_FORMAT, percentFormat, rateNumber, writeScheduleSheet } from './schedule-sheet.js';

const KIND_KEYS: Record<OutputKind, ExportTextKey> = {
  special: 'kindSpecial',
  electronicSpecial: 'kindElectronicSpecial',
  digitalSpecial: 'kindDigitalSpecial',
  general: 'kindGeneral',
  electronicGeneral: 'kindElectronicGeneral',
  digitalGeneral: 'kindDigitalGeneral',
  roll: 'kindRoll',
};

/** The file name the save dialog offers: 统计-2026年11月 / 统计-2026年第4季度, statistics-2026-11 / statistics-2026-Q4. */
export function statisticsFileName(stats: PeriodStatistics, language: UiLanguage): string {
  const { kind, year, index } = stats.period;
  // The month as each language writes it in a name: 2026年1月, statistics-2026-01 (sorts by name).
  const params = { year, index, month: language === 'en' ? String(index).padStart(2, '0') : String(index) };
  const period = exportText(kind === 'month' ? 'statisticsMonth' : 'statisticsQuarter', params, language);
  return `${exportText('statisticsFileName', { period }, language)}.xlsx`;
}

type Cell = string | number | null;
/** A column of a plain sheet: its header and how its cells look. */
interface Column {
  header: ExportTextKey;
  kind?: 'money' | 'count' | 'rate';
}

/** A sheet with a title line, a bold header row and rows; money as 2-decimal numbers, rates in percent. */
function sheet(workbook: ExcelJS.Workbook, name: string, title: string, columns: readonly Column[], rows: Cell[][], language: UiLanguage) {
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.addRow([title]).font = { bold: true };
  const headers = columns.map((column) => exportText(column.header, {}, language));
  ws.addRow(headers).font = { bold: true };
  for (const values of rows) {
    const row = ws.addRow(values.map((value, i) => (columns[i]?.kind === 'money' && typeof value === 'string' ? Number(value) : value)));
    columns.forEach((column, i) => {
      if (column.kind === 'rate' && typeof values[i] === 'string') {
        row.getCell(i + 1).value = rateNumber(values[i]);
        row.getCell(i + 1).numFmt = percentFormat(values[i]);
      }
    });
  }
  headers.forEach((header, i) => {
    const column = ws.getColumn(i + 1);
    column.width = Math.max(12, header.length * (/[\u4e00-\u9fff]/.test(header) ? 2 : 1) + 2);
    if (columns[i]?.kind === 'money') column.numFmt = MONEY_FORMAT;
  });
  return ws;
}

const SIDED_COLUMNS: Column[] = [
  { header: 'colBlueCount', kind: 'count' },
  { header: 'colBlueAmount', kind: 'money' },
  { header: 'colBlueTax', kind: 'money' },
  { header: 'colRedCount', kind: 'count' },
  { header: 'colRedAmount', kind: 'money' },
  { header: 'colRedTax', kind: 'money' },
  { header: 'colNetSales', kind: 'money' },
  { header: 'colNetTaxOnly', kind: 'money' },
  { header: 'colVoidedCount', kind: 'count' },
  { header: 'colVoidedAmount', kind: 'money' },
  { header: 'colVoidedTax', kind: 'money' },
];
const sidedCells = (f: SidedFigures): Cell[] => [
  f.blue.count,
  f.blue.amount,
  f.blue.tax,
  f.red.count,
  f.red.amount,
  f.red.tax,
  f.net.amount,
  f.net.tax,
  f.voided.count,
  f.voided.amount,
  f.voided.tax,
];

/** Adds yuan texts exactly (in fen). */
const addYuan = (values: readonly string[]): string => yuan(values.reduce((total, value) => total + Math.round(Number(value) * 100), 0));
const addSums = (sums: readonly Sum[]): Sum => ({ amount: addYuan(sums.map((s) => s.amount)), tax: addYuan(sums.map((s) => s.tax)) });

export async function writeStatisticsWorkbook(stats: PeriodStatistics, filePath: string, language: UiLanguage, enterpriseName: string): Promise<void> {
  const t = (key: ExportTextKey) => exportText(key, {}, language);
  const title = exportText('statisticsTitle', { enterprise: enterpriseName, from: stats.from, to: stats.to }, language);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fapiao Desk';
  workbook.created = new Date();
  const { output } = stats;

  writeScheduleSheet(workbook, t('statisticsScheduleSheet'), title, output.schedule, language);

  const rateColumns: Column[] = [
    { header: 'colRate', kind: 'rate' },
    { header: 'colLevy' },
    { header: 'colSpecialAmount', kind: 'money' },
    { header: 'colSpecialTax', kind: 'money' },
    { header: 'colOtherAmount', kind: 'money' },
    { header: 'colOtherTax', kind: 'money' },
    { header: 'colNetAmount', kind: 'money' },
    { header: 'colNetTax', kind: 'money' },
    { header: 'colVoidedLines', kind: 'count' },
    { header: 'colVoidedAmount', kind: 'money' },
    { header: 'colVoidedTax', kind: 'money' },
  ];
  const rateRows: Cell[][] = output.byRate.map((r) => [r.rate, levyText(r.levy, language), r.special.amount, r.special.tax, r.other.amount, r.other.tax, r.net.amount, r.net.tax, r.voided.count, r.voided.amount, r.voided.tax]);
  const special = addSums(output.byRate.map((r) => r.special));
  const other = addSums(output.byRate.map((r) => r.other));
  const net = addSums(output.byRate.map((r) => r.net));
  const voided = addSums(output.byRate.map((r) => r.voided));
  const voidedLines = output.byRate.reduce((n, r) => n + r.voided.count, 0);
  rateRows.push([t('rowTotal'), '', special.amount, special.tax, other.amount, other.tax, net.amount, net.tax, voidedLines, voided.amount, voided.tax]);
  sheet(workbook, t('statisticsRateSheet'), title, rateColumns, rateRows, language);

  const kindRows: Cell[][] = output.byKind.map((k) => [t(KIND_KEYS[k.kind]), ...sidedCells(k)]);
  kindRows.push([t('rowTotal'), ...sidedCells(output.total)]);
  sheet(workbook, t('statisticsKindSheet'), title, [{ header: 'colKind' }, ...SIDED_COLUMNS], kindRows, language);

  if (output.byMonth.length > 1) {
    const monthRows: Cell[][] = output.byMonth.map((m) => [`${m.month.slice(0, 4)}-${m.month.slice(4)}`, ...sidedCells(m)]);
    monthRows.push([t('rowTotal'), ...sidedCells(output.total)]);
    sheet(workbook, t('statisticsMonthSheet'), title, [{ header: 'colMonth' }, ...SIDED_COLUMNS], monthRows, language);
  }

  const inputColumns: Column[] = [
    { header: 'colInvoiceType' },
    { header: 'colTypeCode' },
    { header: 'colCollectedCount', kind: 'count' },
    { header: 'colAmount', kind: 'money' },
    { header: 'colTax', kind: 'money' },
    { header: 'colCertifiedCount', kind: 'count' },
    { header: 'colAmount', kind: 'money' },
    { header: 'colTax', kind: 'money' },
    { header: 'colCertifiedTax', kind: 'money' },
  ];
  // The kind's words come from the one table the panel also uses (shared/i18n/input-kind-texts.ts).
  const inputRows: Cell[][] = stats.input.byKind.map((k) => [
    inputKindName(k.kind, language),
    k.kind,
    k.collected.count,
    k.collected.amount,
    k.collected.tax,
    k.certified.count,
    k.certified.amount,
    k.certified.tax,
    k.certifiedTax,
  ]);
  const { collected, certified } = stats.input;
  inputRows.push([t('rowTotal'), '', collected.count, collected.amount, collected.tax, certified.count, certified.amount, certified.tax, stats.input.certifiedTax]);
  sheet(workbook, t('statisticsInputSheet'), title, inputColumns, inputRows, language);

  const receivedColumns: Column[] = [
    { header: 'colReceivedCount', kind: 'count' },
    { header: 'colAmount', kind: 'money' },
    { header: 'colTax', kind: 'money' },
    { header: 'colTotal', kind: 'money' },
    { header: 'colIncompleteCount', kind: 'count' },
    { header: 'colUnverifiedCount', kind: 'count' },
  ];
  // Amounts are of the same invoices; `incomplete` were counted but not summed (an amount of theirs unknown).
  const { received } = stats;
  sheet(workbook, t('statisticsReceivedSheet'), title, receivedColumns, [[received.count, received.amount, received.tax, received.total, received.incomplete, received.unverified]], language);
  await workbook.xlsx.writeFile(filePath);
}
