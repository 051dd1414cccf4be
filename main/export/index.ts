/**
 * Export of any list the app shows to Excel (.xlsx) or CSV. The file is written to a temporary name
 * next to the target and renamed into place, so a failed export never leaves a half-written file
 * under the name the clerk chose.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { nativeText } from '../../shared/i18n/native-texts.js';
import type { UiLanguage } from '../../shared/i18n/ui-language.js';
import type { FileFilter } from '../ports.js';
import type { ExportColumn, ExportFormat } from './columns.js';
import { toCsv } from './csv.js';
import { writeXlsx } from './xlsx.js';

export type { CellValue, ExportColumn, ExportFormat } from './columns.js';

export async function exportRows<Row>(rows: readonly Row[], columns: ReadonlyArray<ExportColumn<Row>>, format: ExportFormat, filePath: string): Promise<void> {
  const partial = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${process.pid}.partial`);
  try {
    if (format === 'csv') await fs.writeFile(partial, toCsv(rows, columns), 'utf8');
    else await writeXlsx(rows, columns, partial);
    await fs.rename(partial, filePath);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/** The file-dialog filter of a format, named in the clerk's UI language. */
export function exportFilter(format: ExportFormat, language: UiLanguage): FileFilter {
  return format === 'csv' ? { name: nativeText('filterCsv', {}, language), extensions: ['csv'] } : { name: nativeText('filterXlsx', {}, language), extensions: ['xlsx'] };
}
