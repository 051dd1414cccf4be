/** The batch view's calls to main; failures go through the one reporting place, never into a component. */
import type { BatchProgress, InvoiceSummary } from '../../../../shared/ipc/index.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { useBatchStore } from './store.js';
import { callOrder } from '../../lib/call-order.js';

const store = () => useBatchStore.getState();

async function busy<T>(key: 'template' | 'import' | 'submit' | 'export' | 'load', work: () => Promise<T>): Promise<T> {
  store().setBusy(key, true);
  try {
    return await work();
  } finally {
    store().setBusy(key, false);
  }
}

const recentCalls = callOrder();

export async function loadRecent(): Promise<void> {
  const answered = recentCalls.begin();
  const result = await getApi().batch.list({ limit: 20 });
  if (!answered(result.ok)) return;
  if (result.ok) store().setRecent(result.value);
  else reportFailure(result.error, 'batch:list');
}

export const openBatch = (batchId: number) =>
  busy('load', async () => {
    const result = await getApi().batch.get({ batchId });
    if (result.ok) store().show(result.value);
    else reportFailure(result.error, 'batch:get');
  });

export const downloadTemplate = () =>
  busy('template', async () => {
    const result = await getApi().batch.template();
    if (!result.ok) return reportFailure(result.error, 'batch:template');
    if (!result.value.cancelled) reportSuccess(i18n.t('batch.templateSaved', { path: result.value.path ?? '' }));
  });

export const importBatch = () =>
  busy('import', async () => {
    const result = await getApi().batch.import();
    if (!result.ok) return reportFailure(result.error, 'batch:import');
    if (result.value.batch) store().show(result.value.batch);
    await loadRecent();
  });

export const submitBatch = (batchId: number) =>
  busy('submit', async () => {
    const result = await getApi().batch.submit({ batchId });
    if (!result.ok) return reportFailure(result.error, 'batch:submit');
    reportSuccess(i18n.t('batch.submitted', { count: result.value.progress.total }));
    // Rows now carry their lsh; the states then follow from events.
    await openBatch(batchId);
  });

export const exportResults = (batchId: number) =>
  busy('export', async () => {
    const result = await getApi().batch.exportResults({ batchId });
    if (!result.ok) return reportFailure(result.error, 'batch:exportResults');
    if (!result.value.cancelled) reportSuccess(i18n.t('batch.exported', { path: result.value.path ?? '' }));
  });

/** Follows a batch's progress and its invoices' states from main; returns the function that stops both. */
export function onBatchChanges(
  onProgress: (progress: BatchProgress) => void,
  onInvoice: (invoice: InvoiceSummary) => void,
): () => void {
  const stops = [getApi().on('batch:progress', onProgress), getApi().on('issuance:updated', onInvoice)];
  return () => stops.forEach((stop) => stop());
}
