/**
 * Excel workbooks with exceljs: a bold, frozen Chinese header row, text columns stored as text (so tax
 * and invoice numbers keep their leading zeros and never turn into 9.13E+17), money as numbers with a
 * 2-decimal format so the clerk can sum them. Values are written as values, never as formulas.
 */
import ExcelJS from 'exceljs';
import { MONEY_PATTERN, type CellValue, type ExportColumn } from './columns.js';

const MONEY_FORMAT = '#,##0.00';

function money(value: CellValue): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  // Stored decimals have at most 2 fraction digits and < 16 significant digits, so a double shows them
  // exactly; anything else stays text rather than being silently rounded.
  return MONEY_PATTERN.test(text) && text.replace(/[-.]/g, '').length <= 15 ? Number(text) : text;
}

export async function writeXlsx<Row>(rows: Iterable<Row>, columns: ReadonlyArray<ExportColumn<Row>>, filePath: string, sheetName = '导出'): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '发票工作台';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(10, column.header.length * 2 + 2),
    style: column.kind === 'money' ? { numFmt: MONEY_FORMAT } : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((column) => {
        const value = column.value(row);
        if (column.kind === 'money') return money(value);
        return value === null || value === undefined ? null : String(value);
      }),
    );
  }
  await workbook.xlsx.writeFile(filePath);
}
