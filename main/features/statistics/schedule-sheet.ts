/**
 * The workbook's first sheet: the period's sales in the layout of 增值税及附加税费申报表附列资料（一）（本期销售情况明细）, for a
 * clerk to copy into the return — the form's row numbers and names under its section headings, its 14 columns
 * under their groups with the column numbers and formulas, money as 2-decimal numbers. Cells the form has not
 * for a row are grey; the clerk's cells (columns 5–8, rows 13a–13c) are present, empty and tinted. Below: the
 * sales in no row with the reason, and the voided invoices' total. Values, never formulas (main/export/xlsx.ts).
 */
import type ExcelJS from 'exceljs';
import { exportText, type ExportTextKey } from '../../../shared/i18n/export-texts.js';
import { levyText } from '../../../shared/i18n/levy-texts.js';
import { APART_KEYS, categoryKey, scheduleText, SCHEDULE_COLUMN_GROUPS, SCHEDULE_COLUMN_NAMES, SECTION_STARTS, type ScheduleTextKey } from '../../../shared/i18n/schedule-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import type { SalesSchedule } from '../../../shared/ipc/schemas/statistics.js';
import { cellKind, SCHEDULE_COLUMNS } from './schedule.js';

export const MONEY_FORMAT = '#,##0.00';
const GREY: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
const CLERK: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF9E0' } };
const THIN: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
/** Form column n is sheet column n + FIRST - 1: A holds the row number, B the row's name. */
const FIRST = 3;

/** Column groups of the form: [first column, last column, words]. */
const GROUPS = SCHEDULE_COLUMN_GROUPS;
const COLUMN_NAMES = SCHEDULE_COLUMN_NAMES;
const FORMULAS: Readonly<Record<number, ScheduleTextKey>> = { 9: 'formula9', 10: 'formula10', 11: 'formula11', 13: 'formula13', 14: 'formula14' };

export function writeScheduleSheet(workbook: ExcelJS.Workbook, name: string, heading: string, schedule: SalesSchedule, language: UiLanguage): ExcelJS.Worksheet {
  const s = (key: ScheduleTextKey) => scheduleText(key, {}, language);
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 5, xSplit: 2 }] });
  ws.getColumn(1).width = 8;
  ws.getColumn(2).width = 44;
  for (let c = 1; c <= SCHEDULE_COLUMNS; c++) ws.getColumn(c + FIRST - 1).width = c === 12 ? 22 : 16;

  ws.addRow([s('title')]).font = { bold: true, size: 13 };
  ws.addRow([heading]);
  // Rows 3–5: the groups, the columns' names, their numbers and formulas.
  const groups = ws.addRow([s('colRow'), s('colItem')]);
  const names = ws.addRow([]);
  const numbers = ws.addRow([]);
  for (const [from, to, key] of GROUPS) {
    groups.getCell(from + FIRST - 1).value = s(key);
    if (to > from) ws.mergeCells(groups.number, from + FIRST - 1, groups.number, to + FIRST - 1);
  }
  for (let c = 1; c <= SCHEDULE_COLUMNS; c++) {
    names.getCell(c + FIRST - 1).value = s(COLUMN_NAMES[c - 1]!);
    const formula = FORMULAS[c];
    numbers.getCell(c + FIRST - 1).value = formula ? s(formula) : String(c);
  }
  ws.mergeCells(groups.number, 1, numbers.number, 1);
  ws.mergeCells(groups.number, 2, numbers.number, 2);
  for (const row of [groups, names, numbers]) {
    row.font = { bold: true };
    row.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    for (let c = 1; c < FIRST + SCHEDULE_COLUMNS; c++) row.getCell(c).border = THIN;
  }
  groups.height = 44;

  for (const row of schedule.rows) {
    const section = SECTION_STARTS[row.row];
    if (section) {
      const line = ws.addRow(['', s(section)]);
      line.font = { bold: true };
      ws.mergeCells(line.number, 2, line.number, FIRST + SCHEDULE_COLUMNS - 1);
    }
    const line = ws.addRow([row.row, s(`row${row.row}` as ScheduleTextKey)]);
    line.getCell(1).alignment = { horizontal: 'center' };
    line.getCell(1).border = THIN;
    line.getCell(2).border = THIN;
    for (let c = 1; c <= SCHEDULE_COLUMNS; c++) {
      const cell = line.getCell(c + FIRST - 1);
      cell.border = THIN;
      cell.numFmt = MONEY_FORMAT;
      const kind = cellKind(row, c);
      if (kind === 'figure') cell.value = Number(row.cells[c - 1]!);
      else cell.fill = kind === 'clerk' ? CLERK : GREY;
    }
  }

  ws.addRow([]);
  writeApart(ws, schedule, language);
  return ws;
}

/** The sales in no row (each with its reason, rate, levy and class) and the voided invoices' total, under the form. */
function writeApart(ws: ExcelJS.Worksheet, schedule: SalesSchedule, language: UiLanguage): void {
  const s = (key: ScheduleTextKey) => scheduleText(key, {}, language);
  const t = (key: ExportTextKey) => exportText(key, {}, language);
  ws.addRow(['', s('apartTitle')]).font = { bold: true };
  ws.addRow(['', t('colReason'), t('colRate'), t('colLevy'), t('colCategory'), t('colLines'), s('colSales'), s('colTax')]).font = { bold: true };
  const money = (line: ExcelJS.Row) => [7, 8].forEach((c) => (line.getCell(c).numFmt = MONEY_FORMAT));
  for (const item of schedule.apart) {
    const line = ws.addRow(['', s(APART_KEYS[item.reason]), rateNumber(item.rate), levyText(item.levy, language), s(categoryKey(item.category)), item.lines, Number(item.amount), Number(item.tax)]);
    line.getCell(3).numFmt = percentFormat(item.rate);
    money(line);
  }
  money(ws.addRow(['', s('voided'), '', '', '', '', Number(schedule.voided.amount), Number(schedule.voided.tax)]));
}

/** A rate as the number it is (0.13, shown 13%); a text that is no number stays text. */
export function rateNumber(rate: string): number | string {
  return /^\d+(?:\.\d+)?$/.test(rate) ? Number(rate) : rate;
}

/** 13%, 1.5%, 0.5%: as many decimals as the percent has. */
export function percentFormat(rate: string): string {
  const decimals = (/\.(\d+)$/.exec(rate)?.[1]?.length ?? 0) - 2;
  return decimals > 0 ? `0.${'0'.repeat(decimals)}%` : '0%';
}
