/**
 * Asynchronous certification without timers: a batch's items are awaiting certification (RZCLZT 1) for
 * one step after acceptance, certifying in the system (2) for the next step, and finished (4 or 5) from
 * two steps on; the step is the sandbox's issueDelayMs. Finished batches are settled lazily — when any
 * input endpoint runs — in acceptance order, as of the moment they finished, so the outcome never
 * depends on when or in which order clients ask.
 */
import type { CertificationProcessingStatus } from '../../shared/spec/codes-input.js';
import type { CertificationBatch } from '../stores/certification-batches.js';
import { decideCertification } from './certification-rules.js';
import type { InputStores } from './input-stores.js';

export const PROCESSING_STEPS = 2;

/** RZCLZT while processing runs, or 'final' once the batch's items have their outcome. */
export function processingPhase(batch: CertificationBatch, nowMs: number, stepMs: number): Exclude<CertificationProcessingStatus, '0' | '3' | '4' | '5'> | 'final' {
  const elapsed = nowMs - batch.acceptedAt;
  if (elapsed >= PROCESSING_STEPS * stepMs) return 'final';
  return elapsed < stepMs ? '1' : '2';
}

/** Settles every batch that has finished by `nowMs` and is not settled yet. */
export function settleFinishedCertifications(stores: InputStores, nowMs: number, stepMs: number): void {
  const { certifications, taxAuthority, forced } = stores;
  for (const batch of certifications.unsettledUpTo(nowMs - PROCESSING_STEPS * stepMs)) {
    const settledAt = batch.acceptedAt + PROCESSING_STEPS * stepMs;
    const facts = { period: batch.period, acceptedAt: batch.acceptedAt, settledAt, seen: new Set<string>() };
    certifications.settle(batch.pch, settledAt, (item) => {
      // A reason forced through the test-only control API wins over the rules.
      const forcedReason = forced.find(item.fpdm, item.fphm);
      if (forcedReason !== undefined) return { rzclzt: '5', sbyy: forcedReason };
      const invoice = taxAuthority.findStoredInvoice(item.fpdm, item.fphm);
      const decision = decideCertification({ ...item, gmfsbh: batch.gmfsbh }, invoice, facts);
      if (!decision.ok || !invoice) return { rzclzt: '5', sbyy: decision.ok ? '8' : decision.sbyy };
      return { rzclzt: '4', invoiceId: invoice.id, mark: decision.mark };
    });
  }
}
