/**
 * The sentences of batch issuance from Excel, by key, in both languages (messages by code, issue 9
 * point 5): main stores a row's problems as `{ row, column, key, params, severity }` (the key as the
 * renderer's i18next path, e.g. `batch.problems.required`), the renderer loads this table under
 * `batch.problems` and the column names under `batch.columns`; main renders them itself only where it
 * writes a file (the results workbook). Shape and `fillTemplate` as in shared/rules/rule-messages.ts.
 *
 * zh is the wording the batch report always had; en starts each problem with a capital, as it follows
 * "Row 3 “Tax rate”: …".
 */
import type { BatchIssue } from '../ipc/schemas/batch.js';
import { DRAFT_LABELS, fieldLabel } from '../rules/issuance-form/labels.js';
import type { RuleLanguage } from '../rules/rule-messages.js';
import type { Problem, Texts } from './table.js';

const RATES = { zh: '13%、9%、6%、5%、3%、2%、1% 或 0%', en: '13%, 9%, 6%, 5%, 3%, 2%, 1% or 0%' };

export const BATCH_PROBLEMS = {
  required: { zh: '不能为空', en: 'Required' },
  tooLong: { zh: '最长 {{max}} 个字符', en: 'At most {{max}} characters' },
  invalidValue: { zh: '取值无效', en: 'Not a valid value' },
  differsFromFirstRow: { zh: '与同一发票序号的第 {{first}} 行不一致（{{value}}）', en: 'Differs from row {{first}} of the same invoice key ({{value}})' },
  differsFromEmptyFirstRow: { zh: '与同一发票序号的第 {{first}} 行不一致（空）', en: 'Differs from row {{first}} of the same invoice key (empty there)' },
  invoiceTypeUnknown: {
    zh: '「{{value}}」不是可开具的发票类型（004、007、025、026、028、81、82）',
    en: '"{{value}}" is not an invoice type that can be issued (004, 007, 025, 026, 028, 81, 82)',
  },
  specialKindUnsupported: {
    zh: '批量开票只支持 00、01、02、08；「{{value}}」请在开票页面逐张开具',
    en: 'Batch issuance supports special kinds 00, 01, 02 and 08 only; issue "{{value}}" one by one on the issuance page',
  },
  rateRequired: { zh: `不能为空，请填写 ${RATES.zh}`, en: `Required: ${RATES.en}` },
  rateInvalid: { zh: `「{{value}}」不是可用的税率，只能是 ${RATES.zh}`, en: `"{{value}}" is not a usable tax rate; use ${RATES.en}` },
  levyInvalid: {
    zh: '「{{value}}」不是有效的特殊征税方式（1–6，或 免税、不征税、零税率、差额征税、简易征收、减按征收；留空为一般计税）',
    en: '"{{value}}" is not a valid levy (1 to 6 or its name; empty for the standard rate)',
  },
  submitFailed: { zh: '提交失败：{{reason}}', en: 'Submission failed: {{reason}}' },
} as const satisfies Texts;

/**
 * The batch sheet's columns by field id, as the report names them: zh is the workbook's own header
 * (main/features/batch/columns.ts, a unit test holds them equal), en the clerk's English words.
 * `invoice` names a problem of the invoice as a whole (no one column).
 */
export const BATCH_COLUMN_NAMES = {
  invoice: { zh: '发票', en: 'Invoice' },
  invoiceKey: { zh: '发票序号', en: 'Invoice key' },
  invoiceType: { zh: '发票类型', en: 'Invoice type' },
  specialKind: { zh: '特殊票种', en: 'Special kind' },
  buyerName: { zh: '购买方名称', en: 'Buyer name' },
  buyerTaxNumber: { zh: '购买方纳税人识别号', en: 'Buyer tax ID' },
  buyerAddress: { zh: '购买方地址', en: 'Buyer address' },
  buyerPhone: { zh: '购买方电话', en: 'Buyer phone' },
  buyerBank: { zh: '购买方开户行', en: 'Buyer bank' },
  buyerAccount: { zh: '购买方账号', en: 'Buyer account' },
  email: { zh: '推送邮箱', en: 'Push e-mail' },
  mobile: { zh: '推送手机号', en: 'Push phone' },
  remark: { zh: '备注', en: 'Remark' },
  issuer: { zh: '开票人', en: 'Issuer' },
  payee: { zh: '收款人', en: 'Payee' },
  reviewer: { zh: '复核人', en: 'Reviewer' },
  name: { zh: '商品名称', en: 'Item name' },
  taxCode: { zh: '税收分类编码', en: 'Tax classification code' },
  specification: { zh: '规格型号', en: 'Specification' },
  unit: { zh: '单位', en: 'Unit' },
  quantity: { zh: '数量', en: 'Quantity' },
  unitPrice: { zh: '含税单价', en: 'Unit price (incl. tax)' },
  amount: { zh: '含税金额', en: 'Amount (incl. tax)' },
  rate: { zh: '税率', en: 'Tax rate' },
  tax: { zh: '税额', en: 'Tax' },
  specialLevy: { zh: '特殊征税方式', en: 'Levy' },
  deduction: { zh: '扣除额', en: 'Deduction' },
  preferentialPolicy: { zh: '优惠政策代码', en: 'Preferential policy' },
} as const satisfies Texts;

/** What the results workbook says (main writes it in the UI's language): file names, headers, row states, the error column. */
export const BATCH_RESULT_TEXTS = {
  templateFile: { zh: '批量开票模板.xlsx', en: 'batch-issuance-template.xlsx' },
  resultsFile: { zh: '{{stem}}-开票结果.xlsx', en: '{{stem}}-results.xlsx' },
  rows: { zh: '行号', en: 'Rows' },
  invoiceKey: { zh: '发票序号', en: 'Invoice key' },
  buyerName: { zh: '购买方', en: 'Buyer' },
  total: { zh: '价税合计', en: 'Total' },
  state: { zh: '状态', en: 'State' },
  invoiceCode: { zh: '发票代码', en: 'Invoice code' },
  invoiceNumber: { zh: '发票号码', en: 'Invoice number' },
  lsh: { zh: '流水号', en: 'Serial number' },
  error: { zh: '错误', en: 'Error' },
  issueLine: { zh: '第 {{row}} 行「{{column}}」{{message}}', en: 'Row {{row}} "{{column}}": {{message}}' },
  separator: { zh: '；', en: '; ' },
  invalid: { zh: '校验未通过', en: 'Invalid' },
  ready: { zh: '未提交', en: 'Not submitted' },
  queued: { zh: '排队', en: 'Queued' },
  issuing: { zh: '开具中', en: 'Issuing' },
  issued: { zh: '已开具', en: 'Issued' },
  failed: { zh: '失败', en: 'Failed' },
} as const satisfies Texts;

export type BatchProblemKey = keyof typeof BATCH_PROBLEMS;
export type BatchColumnId = keyof typeof BATCH_COLUMN_NAMES;

/** The i18next path a stored problem carries. */
export const batchProblemKey = (key: BatchProblemKey): `batch.problems.${BatchProblemKey}` => `batch.problems.${key}`;

/** A column id in one language: the batch sheet's own columns, then the draft's fields; a stored Chinese header as it is. */
export function batchColumnName(column: string, language: RuleLanguage): string {
  const own = (BATCH_COLUMN_NAMES as Texts)[column];
  if (own) return own[language];
  return column in DRAFT_LABELS ? fieldLabel(column, language) : column;
}

/**
 * A row problem as the report shows it after its row and column: the rule book's sentences often start
 * with the line ("第 2 行 …", "Line 2: …") or the field ("购买方纳税人识别号：…"), which the report names
 * already. `sentence` words a problem (i18next in the renderer, problemText in main); rows stored by older
 * versions carry their Chinese column and sentence, shown as stored.
 */
export function batchIssueParts(issue: BatchIssue, language: RuleLanguage, sentence: (problem: Problem) => string): { column: string; message: string } {
  if ('message' in issue) return { column: issue.column, message: issue.message };
  const column = batchColumnName(issue.column, language);
  let message = sentence({ key: issue.key, params: issue.params });
  if (issue.key.startsWith('rules.')) {
    const trimmed = message.replace(/^第 \d+ 行[\s：:]*/, '').replace(/^Line \d+: /, '');
    message = [`${column}：`, `${column}: `].reduce((text, prefix) => (text.startsWith(prefix) ? text.slice(prefix.length) : text), trimmed);
    // "Line 2: tax 20.00 differs…" reads "Tax 20.00 differs…" once the line is cut (Chinese has no case).
    message = message.charAt(0).toUpperCase() + message.slice(1);
  }
  return { column, message };
}
