/**
 * The input ledger's export (进项台账) through main/export: its columns, state words and file name in the
 * clerk's UI language — an export is the clerk's own file, so it follows the screen it came from (import
 * templates, a file format read back by its headers, stay Chinese). A state is written as its code and
 * its word ("2 Voided"), so the file reads the same whichever language wrote it.
 */
import { exportText, type ExportTextKey } from '../../../shared/i18n/export-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import { exportFilter, exportRows, type ExportColumn, type ExportFormat } from '../../export/index.js';
import type { DialogPort } from '../../ports.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { LedgerRow } from '../../../shared/ipc/schemas/collection.js';

const STATE_KEYS = {
  FPZT: { '0': 'fpzt0', '1': 'fpzt1', '2': 'fpzt2', '3': 'fpzt3', '4': 'fpzt4' },
  RZZT: { '0': 'rzzt0', '1': 'rzzt1' },
  GLZT: { '0': 'glzt0', '1': 'glzt1', '2': 'glzt2' },
} as const satisfies Record<string, Record<string, ExportTextKey>>;

export function ledgerColumns(language: UiLanguage): ReadonlyArray<ExportColumn<LedgerRow>> {
  const text = (key: ExportTextKey) => exportText(key, {}, language);
  const label = (table: Readonly<Record<string, ExportTextKey>>, code: string | null) => {
    if (code === null) return '';
    const key = table[code];
    return key ? `${code} ${text(key)}` : code;
  };
  return [
    { header: text('colInvoiceType'), value: (r) => r.FPLXDM, kind: 'text', width: 8 },
    { header: text('colInvoiceCode'), value: (r) => r.FPDM, kind: 'text', width: 14 },
    { header: text('colInvoiceNumber'), value: (r) => r.FPHM, kind: 'text', width: 22 },
    { header: text('colIssueDate'), value: (r) => r.KPRQ, kind: 'text', width: 10 },
    { header: text('colSellerName'), value: (r) => r.XHFMC, width: 28 },
    { header: text('colSellerTaxNumber'), value: (r) => r.XHFSBH, kind: 'text', width: 20 },
    { header: text('colAmount'), value: (r) => r.HJJE, kind: 'money', width: 14 },
    { header: text('colTax'), value: (r) => r.SE, kind: 'money', width: 12 },
    { header: text('colTotal'), value: (r) => r.JSHJ, kind: 'money', width: 14 },
    { header: text('colValidTax'), value: (r) => r.YXSE, kind: 'money', width: 12 },
    { header: text('colInvoiceState'), value: (r) => label(STATE_KEYS.FPZT, r.FPZT), width: 8 },
    { header: text('colCertification'), value: (r) => label(STATE_KEYS.RZZT, r.RZZT), width: 8 },
    { header: text('colCertificationPeriod'), value: (r) => r.RZSQ, kind: 'text', width: 10 },
    { header: text('colManagement'), value: (r) => label(STATE_KEYS.GLZT, r.GLZT), width: 8 },
    { header: text('colCurrentPeriod'), value: (r) => r.DQSKSSQ, kind: 'text', width: 10 },
  ];
}

export async function exportLedger(rows: readonly LedgerRow[], format: ExportFormat, dialog: DialogPort, stamp: string, language: UiLanguage) {
  const filePath = await dialog.chooseSavePath(`${exportText('inputLedgerFileName', { stamp }, language)}.${format}`, [exportFilter(format, language)]);
  if (filePath === null) return { cancelled: true, rows: 0 };
  try {
    await exportRows(rows, ledgerColumns(language), format, filePath);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'write failed';
    throw new IpcFailure('VALIDATION_FAILED', 'collection.errors.exportFailed', { reason });
  }
  return { cancelled: false, rows: rows.length, path: filePath };
}
