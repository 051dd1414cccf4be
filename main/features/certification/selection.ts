/**
 * Which collected invoices may be sent for certification, and with what valid tax (YXSE) — pure rules,
 * checked before anything is stored or sent. Ineligible: already certified (or, to cancel, not
 * certified), FPZT not normal, GLZT not normal, issued outside GXRQQ–GXRQZ, the period's deadline GXJZR
 * passed, a type that cannot be certified, or already in a batch still being processed. YXSE defaults to
 * the tax, may be lowered, never raised, 2 decimals. Batches hold at most 500 invoices (spec Limits).
 */
import Decimal from 'decimal.js';
import { CERTIFICATION_FAILURE_REASONS, type CertificationFailureReason } from '../../../shared/spec/codes-input.js';
import type { CertificationCandidate } from '../collection/store.js';

export const MAX_BATCH = 500;
export const CERTIFIABLE_TYPES = new Set(['01', '03', '08', '14']);

export type IneligibleReason = 'certified' | 'notCertified' | 'status' | 'management' | 'outsideWindow' | 'pastDeadline' | 'type' | 'pending';

export type ApplicationType = '1' | '2' | '3' | '4' | '5' | '6';

/** The first reason the invoice cannot be sent (in the order a clerk would fix them), or null. */
export function ineligibility(invoice: CertificationCandidate, sqrzlx: ApplicationType, today: string, pending: boolean): IneligibleReason | null {
  if (!CERTIFIABLE_TYPES.has(invoice.fplxdm)) return 'type';
  if (pending) return 'pending';
  const cancelling = sqrzlx === '5' || sqrzlx === '6';
  if (cancelling) return invoice.rzzt === '1' ? null : 'notCertified';
  if (invoice.rzzt === '1') return 'certified';
  if ((invoice.fpzt ?? '0') !== '0') return 'status';
  if ((invoice.glzt ?? '0') !== '0') return 'management';
  if (invoice.kprq && invoice.gxrqq && invoice.gxrqz && (invoice.kprq < invoice.gxrqq || invoice.kprq > invoice.gxrqz)) return 'outsideWindow';
  if (invoice.gxjzr && today > invoice.gxjzr) return 'pastDeadline';
  return null;
}

export type ValidTaxProblem = 'format' | 'aboveTax' | 'negative';

/**
 * The YXSE to send: the clerk's value when given (2 decimals, not negative, never above the tax), else
 * the tax itself — also a red invoice's negative tax: the spec lists YXSE among the members every element
 * carries ("all required", defaulting to the tax amount), so it is never sent empty; the service answers
 * for the red invoice (SBYY 10) without refusing the batch (shared/spec/certification.ts).
 */
export function validTax(invoice: CertificationCandidate, given: string | undefined): { ok: true; value: string | undefined } | { ok: false; problem: ValidTaxProblem } {
  const tax = invoice.se && /^-?\d+(\.\d+)?$/.test(invoice.se) ? new Decimal(invoice.se) : null;
  if (given === undefined || given === '') return { ok: true, value: tax ? tax.toFixed(2) : undefined };
  if (!/^\d{1,14}(\.\d{1,2})?$/.test(given)) return { ok: false, problem: /^-/.test(given) ? 'negative' : 'format' };
  if (tax && new Decimal(given).greaterThan(tax)) return { ok: false, problem: 'aboveTax' };
  return { ok: true, value: new Decimal(given).toFixed(2) };
}

/** The spec's "may be requested again" for a failure reason (unknown reasons: no). */
export function mayRequestAgain(sbyy: string | null): boolean {
  return sbyy !== null && sbyy in CERTIFICATION_FAILURE_REASONS && CERTIFICATION_FAILURE_REASONS[sbyy as CertificationFailureReason].mayRequestAgain;
}

export function chunks<T>(items: readonly T[], size = MAX_BATCH): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}
