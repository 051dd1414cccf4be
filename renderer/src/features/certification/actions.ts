/** Certification calls to main (the only place this feature touches window.api); failures go to lib/messages.ts. */
import type { CertificationCheckResult } from '../../../../shared/ipc/schemas/certification.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { localized } from '../../lib/localized-failure.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { useCertificationStore } from './store.js';

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
  getApi().on('enterprises:activeChanged', () => void loadCertification());
}

export async function loadSummary(): Promise<void> {
  const result = await getApi().certification.summary({});
  if (result.ok) store().patch({ summary: result.value });
  else reportFailure(localized(result.error), 'certification:summary');
}

export async function loadCertification(): Promise<void> {
  const result = await getApi().certification.list({ limit: 50 });
  if (result.ok) store().patch({ batches: result.value });
  else reportFailure(localized(result.error), 'certification:list');
  await loadSummary();
}

export async function checkSelection(ids: number[], type: ApplicationType): Promise<CertificationCheckResult | null> {
  const result = await getApi().certification.check({ ids, SQRZLX: type });
  if (result.ok) return result.value;
  reportFailure(localized(result.error), 'certification:check');
  return null;
}

export async function sendSelection(ids: number[], type: ApplicationType, validTax: Record<string, string>): Promise<boolean> {
  store().patch({ busy: true });
  const result = await getApi().certification.submitSelection({ ids, SQRZLX: type, validTax });
  store().patch({ busy: false });
  if (!result.ok) {
    reportFailure(localized(result.error), 'certification:submit');
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
  if (!result.ok) return reportFailure(localized(result.error), 'certification:retry');
  reportSuccess(i18n.t('certification.retried', { count: result.value.PCHs.length }));
  await loadCertification();
}
