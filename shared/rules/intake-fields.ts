/**
 * The received-invoice fields a clerk reviews, with the spec's lengths and formats (verification request
 * and result tables), checked as they type and again in main before anything is saved or sent. Each
 * failure is a stable key the renderer translates; nothing here is user-facing text.
 */
import { isCompactDate } from './dates.js';
import { VERIFICATION_INVOICE_KINDS } from '../spec/verification.js';

export const INTAKE_FIELDS = ['fpzl', 'fpdm', 'fphm', 'kprq', 'fpje', 'fpse', 'jshj', 'xhfsbh', 'gmfsbh', 'jym'] as const;
export type IntakeField = (typeof INTAKE_FIELDS)[number];
export type IntakeFields = Partial<Record<IntakeField, string>>;

export type FieldProblem =
  | 'required'
  | 'fpzl-unknown'
  | 'fpdm-format'
  | 'fpdm-not-digital'
  | 'fphm-format'
  | 'kprq-format'
  | 'amount-format'
  | 'taxid-format'
  | 'jym-format';

/**
 * Kinds a received file can hold that the spec's verification table (fpzl) has no kind for, so the service
 * cannot verify them: the 数电 railway e-ticket (电子发票（铁路电子客票）) and airline itinerary
 * (电子发票（航空运输电子客票行程单）). Extraction names the kind; the review says so instead of spending a call.
 */
export const UNVERIFIABLE_KINDS = ['railway-eticket', 'air-itinerary'] as const;
export type UnverifiableKind = (typeof UNVERIFIABLE_KINDS)[number];

/** Full-electronic kinds (数电 special/general): no code, 20-digit numbers. */
export const DIGITAL_KINDS = ['21', '22'] as const;
export const isDigitalKind = (fpzl: string | undefined) => fpzl === '21' || fpzl === '22';

const AMOUNT = /^-?\d{1,16}(?:\.\d{1,2})?$/;
/** Maximum lengths from the verification result table. */
export const FIELD_MAX_LENGTH: Record<IntakeField, number> = { fpzl: 2, fpdm: 12, fphm: 20, kprq: 8, fpje: 20, fpse: 20, jshj: 16, xhfsbh: 20, gmfsbh: 20, jym: 32 };

/** What is wrong with one field's value given the others (fpzl decides code and number formats); undefined when it is fine. */
export function fieldProblem(field: IntakeField, value: string | undefined, fields: IntakeFields): FieldProblem | undefined {
  const text = (value ?? '').trim();
  const digital = isDigitalKind(fields.fpzl);
  if (text === '') {
    if (field === 'fpzl' || field === 'fphm' || field === 'kprq') return 'required';
    if (field === 'fpdm' && fields.fpzl && !digital) return 'required';
    return undefined;
  }
  if (text.length > FIELD_MAX_LENGTH[field] && field !== 'fpdm' && field !== 'fphm') return field === 'jym' ? 'jym-format' : field === 'kprq' ? 'kprq-format' : field.endsWith('sbh') ? 'taxid-format' : 'amount-format';
  switch (field) {
    case 'fpzl':
      return Object.hasOwn(VERIFICATION_INVOICE_KINDS, text) ? undefined : 'fpzl-unknown';
    case 'fpdm':
      if (digital) return 'fpdm-not-digital';
      return /^(?:\d{10}|\d{12})$/.test(text) ? undefined : 'fpdm-format';
    case 'fphm':
      if (digital) return /^\d{20}$/.test(text) ? undefined : 'fphm-format';
      return /^\d{8}$/.test(text) || (!fields.fpzl && /^\d{20}$/.test(text)) ? undefined : 'fphm-format';
    case 'kprq':
      return isCompactDate(text) ? undefined : 'kprq-format';
    case 'fpje':
    case 'fpse':
    case 'jshj':
      return AMOUNT.test(text) ? undefined : 'amount-format';
    case 'xhfsbh':
    case 'gmfsbh':
      return /^[0-9A-Z]{15,20}$/.test(text) ? undefined : 'taxid-format';
    case 'jym':
      return /^[0-9A-Za-z]{5,32}$/.test(text) ? undefined : 'jym-format';
  }
}

export function fieldProblems(fields: IntakeFields): Partial<Record<IntakeField, FieldProblem>> {
  const problems: Partial<Record<IntakeField, FieldProblem>> = {};
  for (const field of INTAKE_FIELDS) {
    const problem = fieldProblem(field, fields[field], fields);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * The duplicate key of an invoice (重复报销): type + code + number, the number alone for digital-electronic
 * invoices (their 20-digit numbers are unique nationwide, and a 数电 invoice read once from its QR and once
 * from its XML must meet). Undefined while the number is unknown.
 */
export function invoiceKey(fields: IntakeFields): string | undefined {
  const fphm = fields.fphm?.trim();
  if (!fphm) return undefined;
  if (isDigitalKind(fields.fpzl) || fphm.length === 20) return `digital:${fphm}`;
  return `${fields.fpzl ?? ''}:${fields.fpdm ?? ''}:${fphm}`;
}
