/** Collection and ledger calls to main (the only place this feature touches window.api); failures go to lib/messages.ts. */
import type { KeysetPage } from '../../../../shared/ipc/index.js';
import type { CollectionKind, LedgerFilter, LedgerRow } from '../../../../shared/ipc/schemas/collection.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { useCollectionStore } from './store.js';

const store = () => useCollectionStore.getState();
let subscribed = false;

/** Progress of every run, and a fresh ledger when a run ends or the enterprise changes. */
export function subscribeCollection(): void {
  if (subscribed) return;
  subscribed = true;
  getApi().on('collection:progress', (run) => {
    store().upsertRun(run);
    if (run.status === 'done') loadLedger();
  });
  getApi().on('enterprises:activeChanged', () => {
    store().patch({ runs: [] });
    void loadRuns();
  });
}

export async function loadRuns(): Promise<void> {
  const [runs, settings] = await Promise.all([getApi().collection.runs({}), getApi().collection.settings({})]);
  if (runs.ok) store().mergeRuns(runs.value);
  else reportFailure(runs.error, 'collection:runs');
  if (settings.ok) store().patch({ syncOnStart: settings.value.syncOnStart });
}

export async function startCollection(kinds: CollectionKind[], from: string, to: string): Promise<void> {
  store().patch({ busy: { ...store().busy, start: true } });
  const result = await getApi().collection.start({ kinds, from, to });
  store().patch({ busy: { ...store().busy, start: false } });
  if (!result.ok) return reportFailure(result.error, 'collection:start');
  reportSuccess(i18n.t('collection.started', { count: result.value.runIds.length }));
  await loadRuns();
}

export async function syncToday(): Promise<void> {
  store().patch({ busy: { ...store().busy, sync: true } });
  const result = await getApi().collection.sync({});
  store().patch({ busy: { ...store().busy, sync: false } });
  if (!result.ok) return reportFailure(result.error, 'collection:sync');
  reportSuccess(i18n.t('collection.started', { count: result.value.runIds.length }));
  await loadRuns();
}

export async function setSyncOnStart(on: boolean): Promise<void> {
  const result = await getApi().collection.setSyncOnStart({ syncOnStart: on });
  if (result.ok) store().patch({ syncOnStart: result.value.syncOnStart });
  else reportFailure(result.error, 'collection:setSyncOnStart');
}

/** Loads the ledger again from its first page, under a new filter when given. */
export function loadLedger(patch: { filter?: LedgerFilter } = {}): void {
  store().patch({ ...patch, reloads: store().reloads + 1 });
}

/**
 * One keyset page of the ledger under `filter` (the view's useKeysetRows asks for them as the clerk
 * scrolls); the first page also brings the totals of the whole filtered ledger.
 */
export async function fetchLedgerPage(filter: LedgerFilter, cursor: string | undefined, limit: number): Promise<(KeysetPage<LedgerRow> & { count: number | null }) | null> {
  const result = await getApi().collection.ledger({ ...filter, limit, ...(cursor === undefined ? {} : { cursor }) });
  if (!result.ok) {
    reportFailure(result.error, 'collection:ledger');
    return null;
  }
  if (result.value.totals !== null && store().filter === filter) store().patch({ totals: result.value.totals });
  return { rows: result.value.rows, next: result.value.next, count: result.value.totals?.count ?? null };
}

export async function loadDetail(id: number) {
  const result = await getApi().collection.detail({ id });
  if (!result.ok) {
    reportFailure(result.error, 'collection:detail');
    return null;
  }
  return result.value;
}

export async function exportLedger(): Promise<void> {
  store().patch({ busy: { ...store().busy, export: true } });
  const result = await getApi().collection.export({ ...store().filter, format: 'xlsx' });
  store().patch({ busy: { ...store().busy, export: false } });
  if (!result.ok) return reportFailure(result.error, 'collection:export');
  if (!result.value.cancelled) reportSuccess(i18n.t('collection.exported', { rows: result.value.rows, path: result.value.path ?? '' }));
}
