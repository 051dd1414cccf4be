/** Collection and ledger calls to main (the only place this feature touches window.api); failures go to lib/messages.ts. */
import type { CollectionKind, LedgerFilter } from '../../../../shared/ipc/schemas/collection.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { localized } from '../../lib/localized-failure.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { LEDGER_PAGE_SIZE, useCollectionStore } from './store.js';

const store = () => useCollectionStore.getState();
let subscribed = false;

/** Progress of every run, and a fresh ledger when a run ends or the enterprise changes. */
export function subscribeCollection(): void {
  if (subscribed) return;
  subscribed = true;
  getApi().on('collection:progress', (run) => {
    store().upsertRun(run);
    if (run.status === 'done') void loadLedger();
  });
  getApi().on('enterprises:activeChanged', () => {
    store().patch({ selected: [], page: 1, runs: [] });
    void loadRuns();
    void loadLedger();
  });
}

export async function loadRuns(): Promise<void> {
  const [runs, settings] = await Promise.all([getApi().collection.runs({}), getApi().collection.settings({})]);
  if (runs.ok) store().mergeRuns(runs.value);
  else reportFailure(localized(runs.error), 'collection:runs');
  if (settings.ok) store().patch({ syncOnStart: settings.value.syncOnStart });
}

export async function startCollection(kinds: CollectionKind[], from: string, to: string): Promise<void> {
  store().patch({ busy: { ...store().busy, start: true } });
  const result = await getApi().collection.start({ kinds, from, to });
  store().patch({ busy: { ...store().busy, start: false } });
  if (!result.ok) return reportFailure(localized(result.error), 'collection:start');
  reportSuccess(i18n.t('collection.started', { count: result.value.runIds.length }));
  await loadRuns();
}

export async function syncToday(): Promise<void> {
  store().patch({ busy: { ...store().busy, sync: true } });
  const result = await getApi().collection.sync({});
  store().patch({ busy: { ...store().busy, sync: false } });
  if (!result.ok) return reportFailure(localized(result.error), 'collection:sync');
  reportSuccess(i18n.t('collection.started', { count: result.value.runIds.length }));
  await loadRuns();
}

export async function setSyncOnStart(on: boolean): Promise<void> {
  const result = await getApi().collection.setSyncOnStart({ syncOnStart: on });
  if (result.ok) store().patch({ syncOnStart: result.value.syncOnStart });
  else reportFailure(localized(result.error), 'collection:setSyncOnStart');
}

export async function loadLedger(patch: { filter?: LedgerFilter; page?: number } = {}): Promise<void> {
  store().patch({ ...patch, loading: true });
  const { filter, page } = store();
  const result = await getApi().collection.ledger({ ...filter, limit: LEDGER_PAGE_SIZE, offset: (page - 1) * LEDGER_PAGE_SIZE });
  if (store().filter !== filter || store().page !== page) return;
  if (!result.ok) {
    store().patch({ loading: false });
    return reportFailure(localized(result.error), 'collection:ledger');
  }
  store().patch({ rows: result.value.rows, totals: result.value.totals, loading: false });
}

export async function loadDetail(id: number) {
  const result = await getApi().collection.detail({ id });
  if (!result.ok) {
    reportFailure(localized(result.error), 'collection:detail');
    return null;
  }
  return result.value;
}

export async function exportLedger(): Promise<void> {
  store().patch({ busy: { ...store().busy, export: true } });
  const result = await getApi().collection.export({ ...store().filter, format: 'xlsx' });
  store().patch({ busy: { ...store().busy, export: false } });
  if (!result.ok) return reportFailure(localized(result.error), 'collection:export');
  if (!result.value.cancelled) reportSuccess(i18n.t('collection.exported', { rows: result.value.rows, path: result.value.path ?? '' }));
}
