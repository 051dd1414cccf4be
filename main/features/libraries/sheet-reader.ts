/**
 * Reads a clerk's Excel sheet as text cells under known Chinese headers. Spreadsheets are hostile input:
 * a tax code typed as a number has already lost digits, a cell may hold a formula, an error value, rich
 * text or a mailto hyperlink. Every cell becomes text or a problem naming its row and column — never a
 * throw — so one bad cell refuses one row and the rest of the file still imports. Used by the library
 * import and the batch import.
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { libraryProblemKey, type LibraryProblemKey } from '../../../shared/i18n/library-texts.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import { scanXlsx, SheetRefusal, type ZipCounters, type ZipLimits } from './zip-guard.js';

/** Larger files are refused before reading: the zip itself is read whole (it is small; its contents are not). */
export const MAX_SHEET_BYTES = 20 * 1024 * 1024;

/** Why a cell has no text, by key (shared/i18n/library-texts.ts): the renderer words it. */
export interface CellProblem {
  field: string;
  key: string;
  params: Record<string, string | number>;
}

const cellProblem = (key: LibraryProblemKey, params: CellProblem['params'] = {}): CellProblem => ({ field: '', key: libraryProblemKey(key), params });

export interface SheetRecord<F extends string> {
  /** 1-based spreadsheet row number, as Excel shows it. */
  row: number;
  values: Partial<Record<F, string>>;
  problems: CellProblem[];
}

export interface SheetTable<F extends string> {
  headerRow: number;
  records: Array<SheetRecord<F>>;
}

/** What a sheet import asks for: which sheet, which headers, how many rows at most. Structured-cloneable. */
export interface SheetRequest<F extends string> {
  /** Preferred worksheet name; the first sheet when absent or not found. */
  sheetName?: string;
  headers: ReadonlyMap<string, F>;
  maxRows: number;
  required: readonly F[];
  labels: Record<F, string>;
  /** Bounds of the zip scan; DEFAULT_ZIP_LIMITS from maxRows when absent. */
  limits?: ZipLimits;
}

export interface SheetReadResult<F extends string> {
  table: SheetTable<F>;
  /** The zip reader's own counters (inflated bytes, rows…), for diagnostics and tests. */
  counters: ZipCounters;
}

/**
 * Unpacked size allowed for a workbook. A real 10,000-row library sheet is a few MB of XML; 64 MB keeps
 * exceljs (which holds everything in memory, several times the XML) far below the worker's heap limit.
 */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export function defaultZipLimits(maxRows: number): ZipLimits {
  // Header and title rows, and blank formatted rows between entries, are rows in the XML too.
  return { maxInflatedBytes: MAX_INFLATED_BYTES, maxEntries: 1_000, maxSheetRows: maxRows * 2 + 100 };
}

/**
 * Reads an .xlsx file into records: size check, the bounded zip scan (zip-guard.ts) — a bomb, too many
 * rows, an encrypted or broken file is refused with its own reason before any XML reaches a parser —
 * then exceljs and readTable. Runs inside the sheet worker (sheet-worker.ts); importSheet() is what
 * main calls.
 */
export async function readSheetFile<F extends string>(filePath: string, request: SheetRequest<F>): Promise<SheetReadResult<F>> {
  let size: number;
  try {
    size = (await fs.stat(filePath)).size;
  } catch {
    throw new IpcFailure('VALIDATION_FAILED', 'app.fileNotFound', { path: filePath });
  }
  if (size > MAX_SHEET_BYTES) throw new IpcFailure('VALIDATION_FAILED', 'app.sheetTooLarge', { mb: MAX_SHEET_BYTES / 1024 / 1024 }, { details: { reason: 'file-too-large' } });
  const bytes = await fs.readFile(filePath);
  let counters: ZipCounters;
  try {
    counters = await scanXlsx(bytes, request.limits ?? defaultZipLimits(request.maxRows));
  } catch (error) {
    if (error instanceof SheetRefusal) {
      // Not a workbook at all: the one sentence the clerk knows for it; the real causes below keep their words.
      if (error.reason === 'not-xlsx') throw new IpcFailure('VALIDATION_FAILED', 'app.sheetUnreadable', {}, { message: error.message, details: { reason: error.reason, counters: error.counters } });
      throw new IpcFailure('VALIDATION_FAILED', error.key, { ...error.params }, { message: error.message, details: { reason: error.reason, counters: error.counters } });
    }
    throw error;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new IpcFailure('VALIDATION_FAILED', 'app.sheetContentUnreadable', {}, { details: { reason: 'corrupt', counters } });
  }
  const sheet = (request.sheetName ? workbook.getWorksheet(request.sheetName) : undefined) ?? workbook.worksheets[0];
  if (!sheet) throw new IpcFailure('VALIDATION_FAILED', 'app.noWorksheet');
  const table = readTable(sheet, request.headers, { maxRows: request.maxRows, required: request.required, labels: request.labels });
  return { table, counters };
}

/** Header text as clerks write it: "客户名称*", "税率（%）" and stray spaces still name the same column. */
export function normaliseHeader(text: string): string {
  const compact = text
    .replace(/[\s*＊]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')');
  // A trailing "(…)" is a unit or remark: cut from the first "(" when the header ends in ")". Done by
  // index, as /\(.*\)$/ would rescan from every "(" of a hostile header.
  const open = compact.indexOf('(');
  return open >= 0 && compact.endsWith(')') ? compact.slice(0, open) : compact;
}

/** Excel shows 15 significant digits; the same here hides binary noise such as 0.30000000000000004. */
function numberText(value: number): string | CellProblem {
  if (!Number.isFinite(value)) return cellProblem('cellNotNumber');
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return cellProblem('cellTooManyDigits');
  }
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

function dateText(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** The text of any exceljs cell value, or why it has none. */
export function cellText(value: ExcelJS.CellValue): string | CellProblem {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('error' in value) return cellProblem('cellErrorValue', { error: String(value.error) });
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('hyperlink' in value) {
    // A typed e-mail address becomes a mailto: link in Excel; its shown text is what the clerk meant.
    const shown: unknown = value.text;
    return typeof shown === 'string' ? shown.trim() : cellText(shown as ExcelJS.CellValue);
  }
  if ('formula' in value || 'sharedFormula' in value) {
    if (value.result === undefined) return cellProblem('cellFormulaNoResult');
    return cellText(value.result);
  }
  return cellProblem('cellUnknown');
}

/**
 * Reads the first worksheet (or the named one) as records keyed by field. The header row is the first of
 * the top 10 rows that names at least one known column, so a title row above the headers is fine.
 * `headers` maps every accepted header text (normalised) to its field.
 */
export function readTable<F extends string>(
  sheet: ExcelJS.Worksheet,
  headers: ReadonlyMap<string, F>,
  options: { maxRows: number; required: readonly F[]; labels: Record<F, string> },
): SheetTable<F> {
  let headerRow = 0;
  const columns = new Map<number, F>();
  for (let r = 1; r <= Math.min(10, sheet.rowCount); r++) {
    const row = sheet.getRow(r);
    row.eachCell((cell, col) => {
      const text = cellText(cell.value);
      const field = typeof text === 'string' ? headers.get(normaliseHeader(text)) : undefined;
      if (field !== undefined && ![...columns.values()].includes(field)) columns.set(col, field);
    });
    if (columns.size > 0) {
      headerRow = r;
      break;
    }
  }
  const missing = options.required.filter((field) => ![...columns.values()].includes(field));
  if (headerRow === 0 || missing.length > 0) {
    // The headers are the file format (Chinese whatever the UI); each language quotes and lists them its own way.
    const headers = (missing.length ? missing : options.required).map((field) => options.labels[field]);
    throw new IpcFailure('VALIDATION_FAILED', 'app.sheetMissingColumns', {
      names: headers.map((header) => `「${header}」`).join('、'),
      namesEn: headers.map((header) => `"${header}"`).join(', '),
    });
  }

  const records: Array<SheetRecord<F>> = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: Partial<Record<F, string>> = {};
    const problems: CellProblem[] = [];
    for (const [col, field] of columns) {
      const text = cellText(row.getCell(col).value);
      if (typeof text === 'string') {
        if (text !== '') values[field] = text;
      } else problems.push({ ...text, field });
    }
    if (Object.keys(values).length === 0 && problems.length === 0) continue; // blank rows between entries
    if (records.length >= options.maxRows) {
      throw new IpcFailure('VALIDATION_FAILED', 'app.sheetTooManyRows', { max: options.maxRows });
    }
    records.push({ row: r, values, problems });
  }
  return { headerRow, records };
}
