/**
 * What a clerk keeps from one invoice to the next and from one day to the next: the invoice type and
 * kind, how it is issued, and who issues, receives and reviews. Kept in the page's localStorage (per
 * operating-system user, like the window layout) — a preference, never invoice data, so losing it costs
 * nothing but a few clicks. Anything unreadable is ignored, never trusted.
 */
import { INVOICE_TYPES, SPECIAL_INVOICE_KINDS } from '../../../../shared/spec/codes.js';
import type { FormValues } from './draft.js';

const KEY = 'fapiao-desk.issuance.defaults.v1';

export type ClerkDefaults = Pick<FormValues, 'invoiceType' | 'specialKind' | 'isAuto' | 'issuer' | 'payee' | 'reviewer'>;

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 50;

export function loadClerkDefaults(): Partial<ClerkDefaults> {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const stored = raw as Record<string, unknown>;
  const defaults: Partial<ClerkDefaults> = {};
  if (typeof stored.invoiceType === 'string' && Object.hasOwn(INVOICE_TYPES, stored.invoiceType)) defaults.invoiceType = stored.invoiceType as ClerkDefaults['invoiceType'];
  if (typeof stored.specialKind === 'string' && Object.hasOwn(SPECIAL_INVOICE_KINDS, stored.specialKind)) defaults.specialKind = stored.specialKind as ClerkDefaults['specialKind'];
  if (stored.isAuto === 0 || stored.isAuto === 1) defaults.isAuto = stored.isAuto;
  for (const field of ['issuer', 'payee', 'reviewer'] as const) {
    const value = stored[field];
    if (isText(value) && value.trim() !== '') defaults[field] = value;
  }
  return defaults;
}

export function saveClerkDefaults(values: Partial<FormValues>): void {
  const next: Partial<ClerkDefaults> = {
    invoiceType: values.invoiceType,
    specialKind: values.specialKind,
    isAuto: values.isAuto,
    issuer: values.issuer,
    payee: values.payee,
    reviewer: values.reviewer,
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the defaults are a convenience, the invoice is unaffected.
  }
}
