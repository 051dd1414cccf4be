/**
 * How the seeded tax authority decides one certification item when its batch is processed: the SBYY of a
 * failure, or what a success writes onto the invoice. Pure: the invoice as it stands, the item, and the
 * batch's facts in; a decision out. The order of the checks is the order in docs/sandbox/rules-input.md.
 */
import Decimal from 'decimal.js';
import type { CertificationFailureReason } from '../../shared/spec/codes-input.js';
import { DAY_MS, OVERDUE_AFTER_DAYS, compactDate, startOfChinaDay } from './china-time.js';
import type { ReceivedInvoice } from './types.js';

export interface ItemFacts {
  fpdm: string;
  fphm: string;
  fplxdm: string;
  gmfsbh: string;
  sqrzlx: string;
  sqskssq: string;
  /** null: the invoice's tax amount (the spec's default). */
  yxse: string | null;
}

export interface BatchFacts {
  /** Tax period current when the batch was accepted. */
  period: string;
  acceptedAt: number;
  /** When processing finished: the certification date of a success. */
  settledAt: number;
  /** Invoices (fpdm|fphm) met earlier in the same batch. */
  seen: Set<string>;
}

export type Decision =
  | { ok: false; sbyy: CertificationFailureReason }
  | {
      ok: true;
      mark: { rzzt: '0' | '1'; rzrq: string | null; rzsq: string | null; rzlx: string | null; yxse: string | null; xxly: string; sfdbts: string };
    };

const fail = (sbyy: CertificationFailureReason): Decision => ({ ok: false, sbyy });

export function decideCertification(item: ItemFacts, invoice: ReceivedInvoice | undefined, batch: BatchFacts): Decision {
  // Another buyer's invoice is "no such invoice" for this buyer: nothing about it may leak.
  if (!invoice || invoice.gmfsbh !== item.gmfsbh || invoice.fplxdm !== item.fplxdm) return fail('2');
  const key = `${item.fpdm}|${item.fphm}`;
  if (batch.seen.has(key)) return fail('6');
  batch.seen.add(key);
  if (item.sqskssq !== batch.period) return fail('7');

  if (item.sqrzlx === '5' || item.sqrzlx === '6') {
    if (invoice.rzzt !== '1') return fail('19');
    // Cancel deduction undoes a deduction (RZLX 1), cancel non-deduction undoes a non-deduction (RZLX 4).
    if ((item.sqrzlx === '5' && invoice.rzlx !== '1') || (item.sqrzlx === '6' && invoice.rzlx !== '4')) return fail('11');
    return { ok: true, mark: { rzzt: '0', rzrq: null, rzsq: null, rzlx: null, yxse: null, xxly: '', sfdbts: '0' } };
  }

  // A red (negative) invoice is refused per item, whatever YXSE says; the batch itself is accepted.
  if (new Decimal(invoice.hjje).isNegative()) return fail('10');
  if (invoice.fpzt !== '0') return fail('3');
  if (invoice.glzt !== '0') return fail('98');
  if (invoice.rzzt === '1') return fail('4');
  // A non-deductible toll (TXFBZ N) can only be certified as not deductible.
  if (invoice.fplxdm === '14' && invoice.txfbz === 'N' && item.sqrzlx === '1') return fail('11');
  const earliest = compactDate(startOfChinaDay(batch.acceptedAt) - OVERDUE_AFTER_DAYS * DAY_MS);
  if (invoice.kprq < earliest && invoice.yqkgxbz !== '1') return fail('5');
  const validTax = item.yxse ?? invoice.se;
  // A negative YXSE (allowed on the wire for red invoices) is as abnormal as one above the tax.
  if (new Decimal(validTax).greaterThan(invoice.se) || new Decimal(validTax).isNegative()) return fail('15');

  const rzlx = item.sqrzlx;
  return {
    ok: true,
    mark: {
      rzzt: '1',
      rzrq: compactDate(batch.settledAt),
      rzsq: item.sqskssq,
      rzlx,
      yxse: rzlx === '1' || rzlx === '4' ? new Decimal(validTax).toFixed(2) : null,
      // Certified through this interface: the selection platform's push.
      xxly: '1',
      sfdbts: rzlx === '3' ? '1' : '0',
    },
  };
}
