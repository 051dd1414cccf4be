/**
 * CSV as Excel on a Chinese Windows opens it correctly: UTF-8 with a BOM (without it Excel assumes the
 * ANSI code page and shows mojibake), CRLF line ends and RFC 4180 quoting. Text cells that a
 * spreadsheet would run as a formula (= + - @, and tab/CR which some parsers strip first) get a leading
 * apostrophe (OWASP "CSV injection"); money cells are validated decimals and stay numbers.
 */
import { MONEY_PATTERN, type CellValue, type ExportColumn } from './columns.js';

export const UTF8_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function quoteCsv(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function cell(value: CellValue, kind: ExportColumn<unknown>['kind']): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (kind === 'money' && MONEY_PATTERN.test(text)) return text;
  return quoteCsv(guardFormula(text));
}

export function toCsv<Row>(rows: Iterable<Row>, columns: ReadonlyArray<ExportColumn<Row>>): string {
  const lines = [columns.map((column) => quoteCsv(guardFormula(column.header))).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row), column.kind)).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
