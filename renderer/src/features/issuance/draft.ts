/**
 * Pure helpers between the issuance form and the IPC contract: form values → InvoiceDraft, live amounts
 * that tolerate half-typed input, and zod issues / main's error details → form field errors.
 * No React and no antd here, so the unit tests run in plain Node.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { DraftLine, InvoiceDraft } from '../../../../shared/ipc/schemas/issuance.js';
import { isDecimal, lineAmounts, TAX_RATES, totals, type LineAmounts, type TaxRate, type Totals } from '../../../../shared/rules/money.js';

/** The walking skeleton issues only electronic general invoices (fplxdm 026). */
export const FORM_INVOICE_TYPE = '026' as const;
export const DEFAULT_RATE: TaxRate = '0.13';

export interface FormLine {
  name: string;
  taxCode: string;
  quantity: string;
  unitPrice: string;
  rate: TaxRate;
}

export interface FormValues {
  buyerName: string;
  issuer: string;
  lines: FormLine[];
}

export function emptyLine(): FormLine {
  return { name: '', taxCode: '', quantity: '', unitPrice: '', rate: DEFAULT_RATE };
}

export function emptyForm(issuer: string): FormValues {
  return { buyerName: '', issuer, lines: [emptyLine()] };
}

/**
 * antd leaves a field `undefined` until touched, so every value is defaulted. Numbers and codes are
 * trimmed because clerks paste them from spreadsheets with stray spaces, which the schema would refuse.
 */
export function toDraft(values: Partial<FormValues>): InvoiceDraft {
  return {
    invoiceType: FORM_INVOICE_TYPE,
    buyerName: values.buyerName ?? '',
    issuer: values.issuer ?? '',
    lines: (values.lines ?? []).map((line) => ({
      name: line?.name ?? '',
      taxCode: (line?.taxCode ?? '').trim(),
      quantity: (line?.quantity ?? '').trim(),
      unitPrice: (line?.unitPrice ?? '').trim(),
      rate: line?.rate ?? DEFAULT_RATE,
    })),
  };
}

function isTaxRate(value: unknown): value is TaxRate {
  return typeof value === 'string' && (TAX_RATES as readonly string[]).includes(value);
}

/** A line's amounts while the clerk is typing: null until quantity, price and rate are all valid. */
export function liveLineAmounts(line: Partial<FormLine> | undefined): LineAmounts | null {
  const quantity = line?.quantity?.trim() ?? '';
  const unitPrice = line?.unitPrice?.trim() ?? '';
  if (!isDecimal(quantity) || !isDecimal(unitPrice) || !isTaxRate(line?.rate)) return null;
  return lineAmounts({ quantity, unitPrice, rate: line.rate });
}

/** Totals over the lines that can be computed so far; half-typed lines count as zero. */
export function liveTotals(lines: readonly (Partial<FormLine> | undefined)[] | undefined): Totals {
  const ready = (lines ?? []).flatMap((line) => {
    const quantity = line?.quantity?.trim() ?? '';
    const unitPrice = line?.unitPrice?.trim() ?? '';
    return isDecimal(quantity) && isDecimal(unitPrice) && isTaxRate(line?.rate) ? [{ quantity, unitPrice, rate: line.rate }] : [];
  });
  return totals(ready);
}

/** "0.13" → "13%", in decimals so that e.g. 0.07 never shows as 7.000000000000001%. */
export function rateLabel(rate: string): string {
  return `${new Decimal(rate).times(100).toString()}%`;
}

/** The zod schema of each editable field: the form validates with exactly what main will parse. */
export const fieldSchemas = {
  buyerName: InvoiceDraft.shape.buyerName,
  issuer: InvoiceDraft.shape.issuer,
  line: DraftLine.shape,
} as const;

/** First message zod gives for a value, or undefined when it passes. */
export function schemaError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

// ---- error mapping -------------------------------------------------------------------------------

type LineField = keyof DraftLine;

/** An antd form field name path on this form, e.g. ['lines', 0, 'taxCode']. */
export type FieldName = ['buyerName'] | ['issuer'] | ['lines'] | ['lines', number, LineField];

export interface FieldErrors {
  /** Errors that belong to a field on the form. */
  fields: { name: FieldName; errors: string[] }[];
  /** Errors with no field to show them on (shown in the notification only). */
  unmapped: string[];
}

function isLineField(value: unknown): value is LineField {
  return typeof value === 'string' && Object.hasOwn(DraftLine.shape, value);
}

/** A path from zod (array) or from main (dotted string) → a field on this form, or null. */
export function toFieldName(path: readonly PropertyKey[] | string): FieldName | null {
  const parts: (string | number)[] = (typeof path === 'string' ? path.split('.') : [...path]).map((part) =>
    typeof part === 'number' ? part : /^\d+$/.test(String(part)) ? Number(part) : String(part),
  );
  const [top, index, field] = parts;
  if (parts.length === 1 && (top === 'buyerName' || top === 'issuer' || top === 'lines')) return [top];
  if (top === 'lines' && parts.length === 3 && typeof index === 'number' && isLineField(field)) return ['lines', index, field];
  return null;
}

interface PathMessage {
  path: readonly PropertyKey[] | string;
  message: string;
}

function group(entries: readonly PathMessage[]): FieldErrors {
  const byKey = new Map<string, { name: FieldName; errors: string[] }>();
  const unmapped: string[] = [];
  for (const { path, message } of entries) {
    const name = toFieldName(path);
    if (!name) {
      unmapped.push(message);
      continue;
    }
    const key = name.join('.');
    const entry = byKey.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(message)) entry.errors.push(message);
    byKey.set(key, entry);
  }
  return { fields: [...byKey.values()], unmapped };
}

export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  return group(issues);
}

// main's INVALID_PAYLOAD and VALIDATION_FAILED errors carry `details.issues`: exact paths such as
// ['lines', 0, 'taxCode'] (see issueList in main/ipc/router.ts), so each message lands on its field.
const Issue = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() });
const Details = z.object({ issues: z.array(Issue) });

/** Field errors for a failed submission; errors without field paths map to nothing (the notification tells). */
export function fieldErrorsFromFailure(error: { message: string; details?: unknown }): FieldErrors {
  const details = Details.safeParse(error.details);
  return details.success ? group(details.data.issues) : { fields: [], unmapped: [] };
}
