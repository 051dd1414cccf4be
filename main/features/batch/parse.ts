/**
 * Sheet rows → invoices: rows are grouped by 发票序号, turned into an InvoiceDraft, and checked with the
 * very schema and rule book the issuance form runs (InvoiceDraft + shared/rules/issuance-form checkDraft).
 * Every problem is placed on the spreadsheet row and column where the clerk can fix it.
 */
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { InvoiceDraft, type BatchIssue, type InvoiceType } from '../../../shared/ipc/index.js';
import { checkDraft, DRAFT_LABELS, draftIssueText, type Seller } from '../../../shared/rules/issuance-form/index.js';
import { isDecimal } from '../../../shared/rules/money.js';
import { parseRate, RATE_CHOICES } from '../libraries/cell-values.js';
import type { SheetRecord } from '../libraries/sheet-reader.js';
import { BATCH_LABELS, INVOICE_FIELDS, type BatchField, type LineField } from './columns.js';

export interface ParsedInvoice {
  seq: number;
  firstRow: number;
  lastRow: number;
  invoiceKey: string | null;
  buyerName: string | null;
  total: string | null;
  lineCount: number;
  /** The draft as it will be submitted; null when the rows could not even be shaped into one. */
  draft: InvoiceDraft | null;
  issues: BatchIssue[];
}

const INVOICE_TYPE_NAMES: Record<string, InvoiceType> = {
  增值税专用发票: '004',
  专用发票: '004',
  增值税普通发票: '007',
  普通发票: '007',
  卷式发票: '025',
  电子普通发票: '026',
  增值税电子普通发票: '026',
  电子专用发票: '028',
  增值税电子专用发票: '028',
  数电专票: '81',
  '电子发票(增值税专用发票)': '81',
  数电普票: '82',
  '电子发票(普通发票)': '82',
};
const INVOICE_TYPE_CODES: readonly InvoiceType[] = ['004', '007', '025', '026', '028', '81', '82'];

/** "026", a numeric cell that became "26", or the type's Chinese name. */
export function parseInvoiceType(raw: string): InvoiceType | null {
  const text = raw.replace(/\s/g, '').replace(/（/g, '(').replace(/）/g, ')');
  if ((INVOICE_TYPE_CODES as readonly string[]).includes(text)) return text as InvoiceType;
  if (/^\d{1,3}$/.test(text)) {
    const padded = INVOICE_TYPE_CODES.find((code) => Number(code) === Number(text));
    if (padded) return padded;
  }
  return INVOICE_TYPE_NAMES[text] ?? null;
}

const LEVY_NAMES: Record<string, string> = { 免税: '1', 不征税: '2', 不征增值税: '2', 零税率: '3', 普通零税率: '3', 差额征税: '4', 简易征收: '5', 减按征收: '6' };

/** zod's own words are English; the clerk gets these instead. */
function zodMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && 'maximum' in issue) return `最长 ${String(issue.maximum)} 个字符`;
  if (issue.code === 'invalid_type') return '不能为空';
  if (issue.code === 'invalid_value') return '取值无效';
  return issue.message;
}

interface Group {
  key: string | null;
  records: Array<SheetRecord<BatchField>>;
}

/** Rows sharing a 发票序号 form one invoice, in the order each key first appears. */
export function groupRows(records: ReadonlyArray<SheetRecord<BatchField>>): Group[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  for (const record of records) {
    const key = record.values.invoiceKey ?? null;
    const existing = key === null ? undefined : byKey.get(key);
    if (existing) existing.records.push(record);
    else {
      const group = { key, records: [record] };
      groups.push(group);
      if (key !== null) byKey.set(key, group);
    }
  }
  return groups;
}

export interface ParseContext {
  seller: Seller;
  /** Used when the 开票人 column is empty. */
  defaultIssuer: string;
}

export function parseInvoice(group: Group, seq: number, context: ParseContext): ParsedInvoice {
  const first = group.records[0]!;
  const issues: BatchIssue[] = [];
  // A cell that could not be read says why once; the rules then meeting it empty would only repeat it.
  const unreadable = new Set(group.records.flatMap((record) => record.problems.map((problem) => `${record.row}:${problem.field}`)));
  const add = (row: number, field: BatchField | null, message: string, severity: BatchIssue['severity'] = 'error') => {
    if (field !== null && unreadable.has(`${row}:${field}`)) return;
    const column = field ? BATCH_LABELS[field] : '发票';
    // Rules often start with the field's name ("购买方纳税人识别号：…"); the report names the column already.
    issues.push({ row, column, message: message.startsWith(`${column}：`) ? message.slice(column.length + 1) : message, severity });
  };

  for (const record of group.records) {
    for (const problem of record.problems) issues.push({ row: record.row, column: BATCH_LABELS[problem.field as BatchField], message: problem.message, severity: 'error' });
  }
  // Invoice columns are read from the first row; a later row saying something else is a mistake to show.
  for (const record of group.records.slice(1)) {
    for (const field of INVOICE_FIELDS) {
      const value = record.values[field];
      if (value !== undefined && value !== first.values[field]) add(record.row, field, `与同一发票序号的第 ${first.row} 行不一致（${first.values[field] ?? '空'}）`);
    }
  }

  const v = first.values;
  const invoiceType = v.invoiceType === undefined ? null : parseInvoiceType(v.invoiceType);
  if (v.invoiceType === undefined) add(first.row, 'invoiceType', '不能为空');
  else if (invoiceType === null) add(first.row, 'invoiceType', `「${v.invoiceType}」不是可开具的发票类型（004、007、025、026、028、81、82）`);
  const specialKind = v.specialKind === undefined ? undefined : v.specialKind.padStart(2, '0');
  if (specialKind !== undefined && !['00', '01', '02', '08'].includes(specialKind)) {
    add(first.row, 'specialKind', `批量开票只支持 00、01、02、08；「${v.specialKind}」请在开票页面逐张开具`);
  }

  const lines = group.records.map((record) => buildLine(record, add));
  const push = { ...(v.email ? { email: v.email } : {}), ...(v.mobile ? { phone: v.mobile } : {}) };
  const candidate = {
    invoiceType: invoiceType ?? '026',
    ...(specialKind && specialKind !== '00' ? { specialKind } : {}),
    buyerName: v.buyerName ?? '',
    ...optional('buyerTaxNumber', v.buyerTaxNumber?.toUpperCase()),
    ...optional('buyerAddress', v.buyerAddress),
    ...optional('buyerPhone', v.buyerPhone),
    ...optional('buyerBank', v.buyerBank),
    ...optional('buyerAccount', v.buyerAccount),
    issuer: v.issuer ?? context.defaultIssuer,
    ...optional('payee', v.payee),
    ...optional('reviewer', v.reviewer),
    ...optional('remark', v.remark),
    ...(Object.keys(push).length ? { push } : {}),
    lines,
  };

  const rowOfLine = (index: number) => group.records[index]?.row ?? first.row;
  const place = (path: ReadonlyArray<PropertyKey>, message: string, severity: BatchIssue['severity']) => {
    const [top, index, field] = path.map(String);
    if (top === 'lines' && index !== undefined && /^\d+$/.test(index)) {
      const column = field && field in BATCH_LABELS ? (field as LineField) : null;
      // The rule book numbers invoice lines ("第 2 行"); the report already names the sheet row.
      return add(rowOfLine(Number(index)), column, message.replace(/^第 \d+ 行[\s：:]*/, ''), severity);
    }
    if (top === 'push') return add(first.row, field === 'phone' ? 'mobile' : 'email', message, severity);
    const column = top && top in BATCH_LABELS ? (top as BatchField) : null;
    if (column === null && top && DRAFT_LABELS[top]) return issues.push({ row: first.row, column: DRAFT_LABELS[top], message, severity });
    return add(first.row, column, message, severity);
  };

  let draft: InvoiceDraft | null = null;
  let total: string | null = null;
  const parsed = InvoiceDraft.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) place(issue.path, zodMessage(issue), 'error');
  } else {
    draft = parsed.data;
    const check = checkDraft(parsed.data, { seller: context.seller });
    for (const issue of check.issues) place(issue.path.split('.'), draftIssueText(issue, 'zh'), issue.severity);
    if (check.request !== null) total = check.built.totals.total;
  }
  const valid = draft !== null && !issues.some((issue) => issue.severity === 'error');
  return {
    seq,
    firstRow: first.row,
    lastRow: group.records.at(-1)!.row,
    invoiceKey: group.key,
    buyerName: v.buyerName ?? null,
    total: valid ? total : null,
    lineCount: group.records.length,
    draft,
    issues,
  };
}

const optional = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
  value === undefined || value === '' ? {} : ({ [key]: value } as Record<K, string>);

type AddIssue = (row: number, field: BatchField | null, message: string) => void;

/**
 * One sheet row as a draft line. Rates are read as clerks write them; a row with only an amount is one
 * unit at that price, and an amount with a quantity gives the unit price (the rules then hold the
 * amount to quantity × price within 0.01).
 */
function buildLine(record: SheetRecord<BatchField>, add: AddIssue): Record<string, string> {
  const v = record.values;
  const line: Record<string, string> = { name: v.name ?? '' };
  for (const field of ['taxCode', 'specification', 'unit', 'quantity', 'unitPrice', 'amount', 'tax'] as const) {
    const value = v[field];
    if (value !== undefined) line[field] = value;
  }
  if (v.rate === undefined) add(record.row, 'rate', `不能为空，请填写 ${RATE_CHOICES}`);
  else {
    const rate = parseRate(v.rate);
    if (rate === null) add(record.row, 'rate', `「${v.rate}」不是可用的税率，只能是 ${RATE_CHOICES}`);
    line.rate = rate ?? '0.13';
  }
  if (v.specialLevy !== undefined) {
    const levy = LEVY_NAMES[v.specialLevy] ?? v.specialLevy;
    if (!/^[1-6]$/.test(levy)) add(record.row, 'specialLevy', `「${v.specialLevy}」不是有效的零税率标识（1–6）`);
    else line.specialLevy = levy;
  }
  if (v.preferentialPolicy !== undefined) line.preferentialPolicy = v.preferentialPolicy.padStart(2, '0');
  if (line.unitPrice === undefined && line.amount !== undefined && isDecimal(line.amount)) {
    line.quantity ??= '1';
    if (isDecimal(line.quantity) && !new Decimal(line.quantity).isZero()) {
      line.unitPrice = new Decimal(line.amount).dividedBy(line.quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();
    }
  }
  return line;
}
