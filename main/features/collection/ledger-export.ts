/** The input ledger's export columns (Chinese headers for the clerks' spreadsheets) and its writing through main/export. */
import { EXPORT_FILTERS, exportRows, type ExportColumn, type ExportFormat } from '../../export/index.js';
import type { DialogPort } from '../../ports.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { LedgerRow } from '../../../shared/ipc/schemas/collection.js';

const FPZT: Record<string, string> = { '0': '正常', '1': '失控', '2': '作废', '3': '红冲', '4': '异常' };
const RZZT: Record<string, string> = { '0': '未认证', '1': '已认证' };
const GLZT: Record<string, string> = { '0': '正常', '1': '异常', '2': '疑点' };
const label = (table: Record<string, string>, code: string | null) => (code === null ? '' : `${code} ${table[code] ?? ''}`.trim());

export const LEDGER_COLUMNS: ReadonlyArray<ExportColumn<LedgerRow>> = [
  { header: '发票类型', value: (r) => r.FPLXDM, kind: 'text', width: 8 },
  { header: '发票代码', value: (r) => r.FPDM, kind: 'text', width: 14 },
  { header: '发票号码', value: (r) => r.FPHM, kind: 'text', width: 22 },
  { header: '开票日期', value: (r) => r.KPRQ, kind: 'text', width: 10 },
  { header: '销售方名称', value: (r) => r.XHFMC, width: 28 },
  { header: '销售方税号', value: (r) => r.XHFSBH, kind: 'text', width: 20 },
  { header: '金额', value: (r) => r.HJJE, kind: 'money', width: 14 },
  { header: '税额', value: (r) => r.SE, kind: 'money', width: 12 },
  { header: '价税合计', value: (r) => r.JSHJ, kind: 'money', width: 14 },
  { header: '有效税额', value: (r) => r.YXSE, kind: 'money', width: 12 },
  { header: '发票状态', value: (r) => label(FPZT, r.FPZT), width: 8 },
  { header: '认证状态', value: (r) => label(RZZT, r.RZZT), width: 8 },
  { header: '认证所属期', value: (r) => r.RZSQ, kind: 'text', width: 10 },
  { header: '管理状态', value: (r) => label(GLZT, r.GLZT), width: 8 },
  { header: '当前所属期', value: (r) => r.DQSKSSQ, kind: 'text', width: 10 },
];

export async function exportLedger(rows: readonly LedgerRow[], format: ExportFormat, dialog: DialogPort, stamp: string) {
  const filePath = await dialog.chooseSavePath(`进项台账-${stamp}.${format}`, [EXPORT_FILTERS[format]]);
  if (filePath === null) return { cancelled: true, rows: 0 };
  try {
    await exportRows(rows, LEDGER_COLUMNS, format, filePath);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'write failed';
    throw new IpcFailure('VALIDATION_FAILED', `无法保存导出文件（${reason}）`, { key: 'collection.errors.exportFailed', params: { reason } });
  }
  return { cancelled: false, rows: rows.length, path: filePath };
}
