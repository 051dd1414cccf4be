/**
 * The reimbursement ledger (报销台账) as an xlsx the clerk saves: its columns, sheet and file name in the
 * clerk's UI language. An export is the clerk's own file — to read, file away, hand to accounting — so it
 * follows the language of the screen it came from; import templates (batch, libraries) stay Chinese, being
 * a file format that is read back by its headers. Invoice data (names, numbers, the service's check code)
 * is written as it is; kinds, states and dates in words (shared/i18n/received-texts.ts, as on the screen),
 * and the codes again in their own columns at the end for systems that import the workbook.
 */
import { exportText, type ExportTextKey } from '../../../shared/i18n/export-texts.js';
import { isoDate, kindName, stateDetail, stateWord } from '../../../shared/i18n/received-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import type { IntakeLedgerRow } from '../../../shared/ipc/channels/intake.js';
import type { ExportColumn } from '../../export/columns.js';
import { exportFilter } from '../../export/index.js';
import type { FileFilter } from '../../ports.js';

export function reimbursementColumns(language: UiLanguage): ReadonlyArray<ExportColumn<IntakeLedgerRow>> {
  const text = (key: ExportTextKey, params: Record<string, string | number> = {}) => exportText(key, params, language);
  return [
    { header: text('colIssueDate'), value: (r) => isoDate(r.fields.kprq), kind: 'text', width: 12 },
    { header: text('colInvoiceKind'), value: (r) => kindName(r.fields.fpzl, r.unverifiable, language), kind: 'text', width: 20 },
    { header: text('colInvoiceCode'), value: (r) => r.fields.fpdm, kind: 'text', width: 14 },
    { header: text('colInvoiceNumber'), value: (r) => r.fields.fphm, kind: 'text', width: 22 },
    { header: text('colSellerName'), value: (r) => r.xhfmc, kind: 'text', width: 28 },
    { header: text('colSellerTaxNumber'), value: (r) => r.fields.xhfsbh, kind: 'text', width: 22 },
    { header: text('colBuyerTaxNumber'), value: (r) => r.fields.gmfsbh, kind: 'text', width: 22 },
    { header: text('colAmount'), value: (r) => r.fields.fpje, kind: 'money', width: 12 },
    { header: text('colTax'), value: (r) => r.fields.fpse, kind: 'money', width: 12 },
    { header: text('colTotal'), value: (r) => r.fields.jshj, kind: 'money', width: 12 },
    { header: text('colVerification'), value: (r) => stateWord(r.verification.state, language), kind: 'text', width: 12 },
    { header: text('colVerificationDetail'), value: (r) => stateDetail(r.verification, language), kind: 'text', width: 30 },
    { header: text('colDuplicate'), value: (r) => (r.duplicateOf ? text('duplicateOf', { first: r.duplicateOf }) : ''), kind: 'text', width: 16 },
    { header: text('colBuyerMismatch'), value: (r) => (r.buyerMismatch ? (r.buyerReason ?? text('buyerMismatch')) : ''), kind: 'text', width: 24 },
    { header: text('colSourceFile'), value: (r) => r.fileName, kind: 'text', width: 30 },
    // The codes, each in its own column, for systems that import the workbook.
    { header: text('colKindCode'), value: (r) => r.fields.fpzl, kind: 'text', width: 8 },
    { header: text('colStateCode'), value: (r) => r.verification.state, kind: 'text', width: 12 },
    { header: text('colVerificationCode'), value: (r) => r.lastCode, kind: 'text', width: 8 },
    { header: text('colVoidFlag'), value: (r) => r.zfbz, kind: 'text', width: 6 },
  ];
}

/** The save dialog's suggestion and filter, and the sheet's name. */
export function reimbursementFile(day: string, enterprise: string, language: UiLanguage): { name: string; filters: FileFilter[]; sheet: string } {
  // The enterprise's name goes into the file name, without what a file name cannot hold.
  const name = [...enterprise].filter((c) => c >= ' ' && !'\\/:*?"<>|'.includes(c)).join('').trim().slice(0, 60);
  return { name: `${exportText('reimbursementFileName', { day, enterprise: name }, language)}.xlsx`, filters: [exportFilter('xlsx', language)], sheet: exportText('reimbursementSheet', {}, language) };
}
