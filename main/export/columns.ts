/** What an export needs to know about a column: where its value comes from, its Chinese header, its kind. */
export type CellValue = string | number | null | undefined;

export interface ExportColumn<Row> {
  /** Header text shown in row 1 (Chinese for the clerks). */
  header: string;
  value: (row: Row) => CellValue;
  /**
   * text: written as text (tax numbers and invoice numbers must keep leading zeros);
   * money: a decimal string, written as a number with 2 decimals in xlsx and as-is in CSV.
   */
  kind?: 'text' | 'money';
  /** Column width in characters (xlsx only). */
  width?: number;
}

export type ExportFormat = 'xlsx' | 'csv';

/** A decimal as the app stores money: optional minus, digits, optional fraction. */
export const MONEY_PATTERN = /^-?\d+(\.\d+)?$/;
