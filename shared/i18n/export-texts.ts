/**
 * What main writes into the clerk's exported workbooks — column headers, state words, sheet and file
 * names — in both languages. An export follows the UI language: it is the clerk's own file, to read, file
 * away or send to accounting. Import templates (batch, libraries) stay Chinese whatever the UI language:
 * they are a file format that has to be read back by its Chinese headers.
 */
import { tableResources, tableText, type TextParams, type UiLanguage } from './ui-language.js';

export const EXPORT_TEXTS = {
  // The history export (main/features/history/service.ts).
  historyFileName: { zh: '发票历史-{{stamp}}', en: 'invoice-history-{{stamp}}' },
  colDirection: { zh: '方向', en: 'Direction' },
  colInvoiceType: { zh: '发票类型', en: 'Invoice type' },
  colInvoiceCode: { zh: '发票代码', en: 'Invoice code' },
  colInvoiceNumber: { zh: '发票号码', en: 'Invoice number' },
  colDate: { zh: '日期', en: 'Date' },
  colCounterpartyName: { zh: '对方名称', en: 'Counterparty' },
  colCounterpartyTaxNumber: { zh: '对方税号', en: 'Counterparty tax ID' },
  colTotal: { zh: '价税合计', en: 'Total' },
  colTax: { zh: '税额', en: 'Tax' },
  colAmount: { zh: '金额', en: 'Amount' },
  colStatus: { zh: '状态', en: 'State' },
  colBlueRed: { zh: '蓝/红', en: 'Blue/red' },
  colReversal: { zh: '冲红', en: 'Reversal' },
  directionOutput: { zh: '销项', en: 'Output' },
  directionInput: { zh: '进项', en: 'Input' },
  statusQueued: { zh: '待发送', en: 'Queued' },
  statusIssuing: { zh: '开具中', en: 'Issuing' },
  statusIssued: { zh: '已开具', en: 'Issued' },
  statusFailed: { zh: '失败', en: 'Failed' },
  statusNormal: { zh: '正常', en: 'Normal' },
  statusOutOfControl: { zh: '失控', en: 'Out of control' },
  statusVoided: { zh: '作废', en: 'Voided' },
  statusRedReversed: { zh: '红冲', en: 'Reversed' },
  statusAbnormal: { zh: '异常', en: 'Abnormal' },
  blue: { zh: '蓝字', en: 'Blue' },
  red: { zh: '红字', en: 'Red' },
  reversalPartial: { zh: '部分冲红', en: 'Partly reversed' },
  reversalFull: { zh: '已全额冲红', en: 'Fully reversed' },
  // The reimbursement ledger of intake (main/features/intake/index.ts).
  reimbursementFileName: { zh: '报销台账-{{enterprise}}-{{day}}', en: 'reimbursement-ledger-{{enterprise}}-{{day}}' },
  reimbursementSheet: { zh: '报销台账', en: 'Reimbursement ledger' },
  colIssueDate: { zh: '开票日期', en: 'Issue date' },
  colInvoiceKind: { zh: '发票种类', en: 'Invoice kind' },
  colSellerName: { zh: '销售方名称', en: 'Seller' },
  colSellerTaxNumber: { zh: '销售方税号', en: 'Seller tax ID' },
  colBuyerTaxNumber: { zh: '购买方税号', en: 'Buyer tax ID' },
  colVerification: { zh: '查验结果', en: 'Verification' },
  colVerificationDetail: { zh: '查验说明', en: 'Verification detail' },
  colDuplicate: { zh: '重复', en: 'Duplicate' },
  colBuyerMismatch: { zh: '购买方不符（接受理由）', en: 'Other buyer (reason accepted)' },
  colSourceFile: { zh: '原文件', en: 'Source file' },
  colKindCode: { zh: '发票种类代码', en: 'Kind code' },
  colStateCode: { zh: '查验状态代码', en: 'State code' },
  colVerificationCode: { zh: '查验结果代码', en: 'Verification code' },
  colVoidFlag: { zh: '作废标志', en: 'Void flag' },
  buyerMismatch: { zh: '购买方不是本企业', en: 'Buyer is not this enterprise' },
  duplicateOf: { zh: '重复（首张 #{{first}}）', en: 'Duplicate (first #{{first}})' },
  // The input ledger (进项台账) of collection (main/features/collection/ledger-export.ts).
  inputLedgerFileName: { zh: '进项台账-{{stamp}}', en: 'input-ledger-{{stamp}}' },
  colValidTax: { zh: '有效税额', en: 'Deductible tax' },
  colInvoiceState: { zh: '发票状态', en: 'Invoice state' },
  colCertification: { zh: '认证状态', en: 'Certification' },
  colCertificationPeriod: { zh: '认证所属期', en: 'Certification period' },
  colManagement: { zh: '管理状态', en: 'Management state' },
  colCurrentPeriod: { zh: '当前所属期', en: 'Current period' },
  fpzt0: { zh: '正常', en: 'Normal' },
  fpzt1: { zh: '失控', en: 'Out of control' },
  fpzt2: { zh: '作废', en: 'Voided' },
  fpzt3: { zh: '红冲', en: 'Reversed' },
  fpzt4: { zh: '异常', en: 'Abnormal' },
  rzzt0: { zh: '未认证', en: 'Not certified' },
  rzzt1: { zh: '已认证', en: 'Certified' },
  glzt0: { zh: '正常', en: 'Normal' },
  glzt1: { zh: '异常', en: 'Abnormal' },
  glzt2: { zh: '疑点', en: 'Suspicious' },
  // The period statistics (main/features/statistics/export.ts).
  statisticsFileName: { zh: '统计-{{period}}', en: 'statistics-{{period}}' },
  statisticsMonth: { zh: '{{year}}年{{index}}月', en: 'month {{index}} of {{year}}' },
  statisticsQuarter: { zh: '{{year}}年第{{index}}季度', en: '{{year}}-Q{{index}}' },
  statisticsTitle: { zh: '{{enterprise}} 发票统计 {{from}} 至 {{to}}', en: '{{enterprise}} invoice statistics {{from}} to {{to}}' },
  statisticsRateSheet: { zh: '销售情况明细（按税率）', en: 'Sales by rate' },
  statisticsKindSheet: { zh: '销项（按票种）', en: 'Output by kind' },
  statisticsInputSheet: { zh: '进项与报销', en: 'Input and received' },
  colRate: { zh: '税率/征收率', en: 'Rate' },
  colSpecialAmount: { zh: '开具增值税专用发票 销售额', en: 'Special invoices: sales' },
  colSpecialTax: { zh: '开具增值税专用发票 销项税额', en: 'Special invoices: output tax' },
  colOtherAmount: { zh: '开具其他发票 销售额', en: 'Other invoices: sales' },
  colOtherTax: { zh: '开具其他发票 销项税额', en: 'Other invoices: output tax' },
  colNetAmount: { zh: '合计 销售额', en: 'Total: sales' },
  colNetTax: { zh: '合计 销项税额', en: 'Total: output tax' },
  colVoidedAmount: { zh: '作废 金额', en: 'Voided: amount' },
  colVoidedTax: { zh: '作废 税额', en: 'Voided: tax' },
  colKind: { zh: '票种', en: 'Kind' },
  colBlueCount: { zh: '蓝字 份数', en: 'Blue: count' },
  colBlueAmount: { zh: '蓝字 金额', en: 'Blue: amount' },
  colBlueTax: { zh: '蓝字 税额', en: 'Blue: tax' },
  colRedCount: { zh: '红字 份数', en: 'Red: count' },
  colRedAmount: { zh: '红字 金额', en: 'Red: amount' },
  colRedTax: { zh: '红字 税额', en: 'Red: tax' },
  colNetCount: { zh: '净额 份数', en: 'Net: count' },
  colVoidedCount: { zh: '作废 份数', en: 'Voided: count' },
  colCollectedCount: { zh: '本期发票 份数', en: 'Of the period: count' },
  colCertifiedCount: { zh: '已认证 份数', en: 'Certified: count' },
  colCertifiedTax: { zh: '已认证 有效税额', en: 'Certified: valid tax' },
  rowTotal: { zh: '合计', en: 'Total' },
  rowReceived: { zh: '报销（收票）', en: 'Received (reimbursement)' },
  kindSpecial: { zh: '增值税专用发票', en: 'Special (paper)' },
  kindGeneral: { zh: '增值税普通发票', en: 'General (paper)' },
  kindDigitalSpecial: { zh: '数电专票', en: 'Digital special' },
  kindDigitalGeneral: { zh: '数电普票', en: 'Digital general' },
  kindElectronic: { zh: '电子发票', en: 'Electronic' },
  kindRoll: { zh: '卷票', en: 'Roll' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type ExportTextKey = keyof typeof EXPORT_TEXTS;

export function exportText(key: ExportTextKey, params: TextParams, language: UiLanguage): string {
  return tableText(EXPORT_TEXTS, key, params, language);
}

export function exportResources(language: UiLanguage): Record<ExportTextKey, string> {
  return tableResources(EXPORT_TEXTS, language);
}
