/**
 * Sheet rows → invoices: rows are grouped by 发票序号, turned into an InvoiceDraft, and checked with the
 * very schema and rule book the issuance form runs (InvoiceDraft + shared/rules/issuance-form checkDraft).
 * Every problem is placed on the spreadsheet row and column where the clerk can fix it, by key and params
 * (shared/i18n/batch-texts.ts, the rule book's keys as they are): the renderer words it in the UI's language.
 */
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { batchProblemKey, type BatchProblemKey } from '../../../shared/i18n/batch-texts.js';
import type { Problem } from '../../../shared/i18n/table.js';
import { InvoiceDraft, type BatchProblem, type InvoiceType } from '../../../shared/ipc/index.js';
import { checkDraft, DRAFT_LABELS, schemaIssue, type Seller } from '../../../shared/rules/issuance-form/index.js';
import { isDecimal } from '../../../shared/rules/money.js';
import { parseRate } from '../libraries/cell-values.js';
import type { SheetRecord } from '../libraries/sheet-reader.js';
import { BATCH_LABELS, INVOICE_FIELDS, INVOICE_TYPE_NAMES, LEVY_NAMES, type BatchField, type LineField } from './columns.js';

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
  issues: BatchProblem[];
}

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

/** zod's own words are English; the clerk gets these instead (the schema's own sentence for the rest). */
function zodProblem(issue: z.core.$ZodIssue, input: unknown): Problem {
  if (issue.code === 'too_big' && 'maximum' in issue) return { key: batchProblemKey('tooLong'), params: { max: Number(issue.maximum) } };
  if (issue.code === 'invalid_type') return { key: batchProblemKey('required'), params: {} };
  if (issue.code === 'invalid_value') return { key: batchProblemKey('invalidValue'), params: {} };
  const { key, params } = schemaIssue(issue, input);
  return { key: `rules.${key}`, params };
}

const problem = (key: BatchProblemKey, params: Problem['params'] = {}): Problem => ({ key: batchProblemKey(key), params });

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
  const issues: BatchProblem[] = [];
  // A cell that could not be read says why once; the rules then meeting it empty would only repeat it.
  const unreadable = new Set(group.records.flatMap((record) => record.problems.map((cell) => `${record.row}:${cell.field}`)));
  // A cell the sheet checks already refused (an empty or unknown rate) is not refused again by the schema.
  const refused = new Set<string>();
  const add = (row: number, field: string | null, found: Problem, severity: BatchProblem['severity'] = 'error') => {
    if (field !== null && unreadable.has(`${row}:${field}`)) return;
    if (field !== null && refused.has(`${row}:${field}`)) return;
    issues.push({ row, column: field ?? 'invoice', key: found.key, params: { ...found.params }, severity });
  };
  /** A problem the sheet's own reading found (a cell's value, the grouping): the schema and the rules say nothing more of that cell. */
  const refuse = (row: number, field: BatchField, found: Problem) => {
    add(row, field, found);
    refused.add(`${row}:${field}`);
  };

  for (const record of group.records) {
    for (const cell of record.problems) issues.push({ row: record.row, column: cell.field, key: cell.key, params: { ...cell.params }, severity: 'error' });
  }
  // Invoice columns are read from the first row; a later row saying something else is a mistake to show.
  for (const record of group.records.slice(1)) {
    for (const field of INVOICE_FIELDS) {
      const value = record.values[field];
      if (value === undefined || value === first.values[field]) continue;
      const firstValue = first.values[field];
      refuse(record.row, field, firstValue === undefined ? problem('differsFromEmptyFirstRow', { first: first.row }) : problem('differsFromFirstRow', { first: first.row, value: firstValue }));
    }
  }

  const v = first.values;
  const invoiceType = v.invoiceType === undefined ? null : parseInvoiceType(v.invoiceType);
  if (v.invoiceType === undefined) refuse(first.row, 'invoiceType', problem('required'));
  else if (invoiceType === null) refuse(first.row, 'invoiceType', problem('invoiceTypeUnknown', { value: v.invoiceType }));
  const specialKind = v.specialKind === undefined ? undefined : v.specialKind.padStart(2, '0');
  if (specialKind !== undefined && !['00', '01', '02', '08'].includes(specialKind)) {
    refuse(first.row, 'specialKind', problem('specialKindUnsupported', { value: v.specialKind ?? '' }));
  }

  const lines = group.records.map((record) => buildLine(record, refuse));
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
    ...optional('deduction', v.deduction),
    ...(Object.keys(push).length ? { push } : {}),
    lines,
  };

  const rowOfLine = (index: number) => group.records[index]?.row ?? first.row;
  // Where a problem of the draft goes: a line's field on that line's sheet row, the rest on the first row.
  const place = (path: ReadonlyArray<PropertyKey>, found: Problem, severity: BatchProblem['severity']) => {
    const [top, index, field] = path.map(String);
    if (top === 'lines' && index !== undefined && /^\d+$/.test(index)) {
      const column = field && field in BATCH_LABELS ? (field as LineField) : null;
      return add(rowOfLine(Number(index)), column, found, severity);
    }
    if (top === 'push') return add(first.row, field === 'phone' ? 'mobile' : 'email', found, severity);
    const column = top && top in BATCH_LABELS ? (top as BatchField) : null;
    // A draft field with no column of its own (e.g. showBuyerBankAccount) is named as the form names it.
    if (column === null && top && DRAFT_LABELS[top]) return issues.push({ row: first.row, column: top, key: found.key, params: { ...found.params }, severity });
    return add(first.row, column, found, severity);
  };

  let draft: InvoiceDraft | null = null;
  let total: string | null = null;
  const parsed = InvoiceDraft.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) place(issue.path, zodProblem(issue, candidate), 'error');
  } else {
    draft = parsed.data;
    const check = checkDraft(parsed.data, { seller: context.seller });
    // The rule book's own keys, kept as keys (the renderer loads RULE_MESSAGES under `rules.`).
    for (const issue of check.issues) place(issue.path.split('.'), { key: `rules.${issue.key}`, params: issue.params }, issue.severity);
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

type AddIssue = (row: number, field: BatchField, found: Problem) => void;

/**
 * One sheet row as a draft line. Rates are read as clerks write them; a row with only an amount is one
 * unit at that price, and an amount with a quantity gives the unit price (the rules then hold the
 * amount to quantity × price within 0.01).
 */
function buildLine(record: SheetRecord<BatchField>, refuse: AddIssue): Record<string, string> {
  const v = record.values;
  const line: Record<string, string> = { name: v.name ?? '' };
  for (const field of ['taxCode', 'specification', 'unit', 'quantity', 'unitPrice', 'amount', 'tax'] as const) {
    const value = v[field];
    if (value !== undefined) line[field] = value;
  }
  if (v.rate === undefined) refuse(record.row, 'rate', problem('rateRequired'));
  else {
    const rate = parseRate(v.rate);
    if (rate === null) refuse(record.row, 'rate', problem('rateInvalid', { value: v.rate }));
    line.rate = rate ?? '0.13';
  }
  if (v.specialLevy !== undefined) {
    // '' is 一般计税 written out: no lslbs.
    const levy = LEVY_NAMES[v.specialLevy.replace(/\s/g, '')] ?? v.specialLevy;
    if (levy !== '' && !/^[1-6]$/.test(levy)) refuse(record.row, 'specialLevy', problem('levyInvalid', { value: v.specialLevy }));
    else if (levy !== '') line.specialLevy = levy;
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
