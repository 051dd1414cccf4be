/** Certification calls to main (the only place this feature touches window.api); failures go to lib/messages.ts. */
import type { CertificationCheckResult } from '../../../../shared/ipc/schemas/certification.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { ledgerReplaced, subscribeChanges } from '../../lib/change-feed.js';
import { useCertificationStore } from './store.js';
import { callOrder } from '../../lib/call-order.js';

type ApplicationType = '1' | '2' | '3' | '4' | '5' | '6';
const store = () => useCertificationStore.getState();
let subscribed = false;

export function subscribeCertification(): void {
  if (subscribed) return;
  subscribed = true;
  getApi().on('certification:updated', (batch) => {
    store().upsert(batch);
    if (batch.status === 'done' || batch.status === 'rejected' || batch.status === 'failed') void loadSummary();
  });
}

/** How often the summary is read again with nothing written: the deadline (GXJZR) comes closer by itself. */
const SUMMARY_EVERY_MS = 10 * 60 * 1000;

/**
 * Keeps the period summary and its deadline warning true for as long as the desk is open, whichever view
 * is on screen (the app frame shows the warning): read at start, again on every change of certification
 * batches, collected invoices or the active enterprise (the change feed), and on a clock.
 */
export function watchCertification(): () => void {
  subscribeCertification();
  void loadCertification();
  const stop = subscribeChanges(['certification', 'collectedInvoice', 'enterprise'], (changes) => {
    if (ledgerReplaced(changes) || changes.some((change) => change.aggregate !== 'collectedInvoice')) void loadCertification();
    else void loadSummary();
  });
  const timer = setInterval(() => void loadSummary(), SUMMARY_EVERY_MS);
  return () => {
    stop();
    clearInterval(timer);
  };
}

const summaryCalls = callOrder();
const listCalls = callOrder();

export async function loadSummary(): Promise<void> {
  const answered = summaryCalls.begin();
  const result = await getApi().certification.summary({});
  if (!answered(result.ok)) return;
  if (result.ok) store().patch({ summary: result.value });
  else reportFailure(result.error, 'certification:summary');
}

export async function loadCertification(): Promise<void> {
  const answered = listCalls.begin();
  const result = await getApi().certification.list({ limit: 50 });
  if (!answered(result.ok)) return;
  if (result.ok) store().patch({ batches: result.value });
  else reportFailure(result.error, 'certification:list');
  await loadSummary();
}

export async function checkSelection(ids: number[], type: ApplicationType): Promise<CertificationCheckResult | null> {
  const result = await getApi().certification.check({ ids, SQRZLX: type });
  if (result.ok) return result.value;
  reportFailure(result.error, 'certification:check');
  return null;
}

export async function sendSelection(ids: number[], type: ApplicationType, validTax: Record<string, string>): Promise<boolean> {
  store().patch({ busy: true });
  const result = await getApi().certification.submitSelection({ ids, SQRZLX: type, validTax });
  store().patch({ busy: false });
  if (!result.ok) {
    reportFailure(result.error, 'certification:submit');
    return false;
  }
  reportSuccess(i18n.t('certification.sent', { count: result.value.PCHs.length }));
  await loadCertification();
  return true;
}

export async function retryFailed(): Promise<void> {
  store().patch({ busy: true });
  const result = await getApi().certification.retry({});
  store().patch({ busy: false });
  if (!result.ok) return reportFailure(result.error, 'certification:retry');
  reportSuccess(i18n.t('certification.retried', { count: result.value.PCHs.length }));
  await loadCertification();
}
