/**
 * Texts of the 批量开票 view, plugged into the app's locales under `batch`. The row problems main stores
 * by key come from the shared table (shared/i18n/batch-texts.ts) as `batch.problems`.
 */
import { BATCH_PROBLEMS } from '../../../../shared/i18n/batch-texts.js';
import { tableResources } from '../../../../shared/i18n/ui-language.js';

export const batchZh = {
  title: '批量开票（Excel）',
  template: '下载模板',
  templateSaved: '模板已保存到 {{path}}',
  import: '导入 Excel',
  submit: '提交有效发票（{{count}} 张）',
  submitted: '已提交 {{count}} 张发票，正在开具',
  export: '导出结果',
  exported: '结果已导出到 {{path}}',
  recent: '最近的批次',
  noBatch: '下载模板，按说明填写后导入；导入后会逐行检查，只有通过检查的发票才会提交。',
  file: '文件',
  invoices: '发票',
  valid: '通过',
  invalid: '未通过',
  issuedVerb: '已开具',
  rowName: '第 {{row}} 行（序号 {{key}}）',
  rowOnly: '第 {{row}} 行',
  rows: '行号',
  invoiceKey: '发票序号',
  buyerName: '购买方',
  total: '价税合计',
  state: '状态',
  invoiceNumber: '发票号码',
  issues: '检查结果',
  ok: '通过',
  states: { invalid: '未通过', ready: '待提交', queued: '排队', issuing: '开具中', issued: '已开具', failed: '失败' },
  issue: '第 {{row}} 行「{{column}}」{{message}}',
  batchLabel: '#{{id}} {{file}}（{{count}} 张）',
  problems: tableResources(BATCH_PROBLEMS, 'zh') as Record<keyof typeof BATCH_PROBLEMS, string>,
};

export const batchEn: typeof batchZh = {
  title: 'Batch issuance (Excel)',
  template: 'Download template',
  templateSaved: 'Template saved to {{path}}',
  import: 'Import Excel',
  submit: 'Submit valid invoices ({{count}})',
  submitted: 'Submitted {{count}} invoices; issuing',
  export: 'Export results',
  exported: 'Results exported to {{path}}',
  recent: 'Recent batches',
  noBatch: 'Download the template, fill it in as explained, and import it; every row is checked and only valid invoices are submitted.',
  file: 'File',
  invoices: 'Invoices',
  valid: 'Valid',
  invalid: 'Invalid',
  issuedVerb: 'issued',
  rowName: 'Row {{row}} (no. {{key}})',
  rowOnly: 'Row {{row}}',
  rows: 'Rows',
  invoiceKey: 'Invoice key',
  buyerName: 'Buyer',
  total: 'Total',
  state: 'State',
  invoiceNumber: 'Invoice number',
  issues: 'Check result',
  ok: 'Valid',
  states: { invalid: 'Invalid', ready: 'Ready', queued: 'Queued', issuing: 'Issuing', issued: 'Issued', failed: 'Failed' },
  issue: 'Row {{row}} “{{column}}”: {{message}}',
  batchLabel: '#{{id}} {{file}} ({{count}})',
  problems: tableResources(BATCH_PROBLEMS, 'en'),
};

/** Error sentences of batch failures from main (errors.batch.<key>; shared/ipc/result.ts explains the convention). */
export const batchErrorsZh = {
  notFound: '找不到批次 {{id}}（可能属于另一个环境）',
  nothingValid: '该批次没有通过校验的发票，无可提交',
  noLines: '表格中没有发票明细行（第一行为列名，从第二行开始填写）',
};

export const batchErrorsEn: typeof batchErrorsZh = {
  notFound: 'Batch {{id}} was not found (it may belong to the other environment)',
  nothingValid: 'No invoice of this batch passed the checks; there is nothing to submit',
  noLines: 'The sheet has no invoice lines (the first row holds the column names; lines start on the second row)',
};
