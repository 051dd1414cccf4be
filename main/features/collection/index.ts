/**
 * The collection feature: collection runs (采集, spec endpoints 3 and 6) and the input ledger (进项台账)
 * built from them, always for the active enterprise. Owns collected_invoice, its lines, its change
 * history and collection_run, all through the ledger port's collection store (`deps.ledger`, store.ts):
 * the same code on the desk's SQLite file or a team's PostgreSQL. Only the 今日同步-at-start preference
 * stays on the desk's own connection (preference-repo.ts). Certification reads candidates and writes
 * outcomes through `api`.
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { CorePorts } from '../../ports.js';
import type { LedgerFilter, LedgerTotals } from '../../../shared/ipc/schemas/collection.js';
import type { LedgerStores } from '../../ledger/port.js';
import { createCollectionPreferenceRepo } from './preference-repo.js';
import type { CertificationCandidate, InputKindSums, InputPeriod, StatusUpdate } from './store.js';
import { exportLedger } from './ledger-export.js';
import { createCollectionService } from './service.js';

/** At most this many rows go into one export. */
const MAX_EXPORT_ROWS = 200_000;

export interface CollectionApi {
  /** The active enterprise's invoices among `ids`. */
  candidates(ids: readonly number[]): Promise<CertificationCandidate[]>;
  /**
   * Writes certification outcomes onto the invoices held, keeping each change, through `tx` (the caller's
   * ledger transaction); answers the ids changed, to be announced with `announceUpdated` once it committed.
   */
  updateStatus(tx: LedgerStores, updates: readonly StatusUpdate[], source: string): Promise<number[]>;
  /** Tells the views that these invoices of the active enterprise changed (after their transaction committed). */
  announceUpdated(ids: readonly number[]): void;
  /** The current period of the active enterprise and its selection deadline (GXJZR), from what was collected. */
  currentWindow(): Promise<{ DQSKSSQ: string; GXJZR: string | null } | null>;
  /** Totals of the active enterprise's ledger under a filter. */
  totals(filter: LedgerFilter): Promise<LedgerTotals>;
  /** Per invoice kind, the active enterprise's invoices issued in a tax period (its days) and those certified for it (its months). */
  periodSums(period: InputPeriod): Promise<InputKindSums[]>;
  /** Valid tax certified per tax period, `from`..`to` (yyyyMM), of the active enterprise. */
  certifiedByMonth(from: string, to: string): Promise<Array<{ month: string; validTaxFen: number }>>;
  /** Resolves when no collection run is being worked. */
  idle(): Promise<void>;
}

export function createCollectionFeature(
  deps: Pick<FeatureDeps, 'db' | 'ledger' | 'environment' | 'client' | 'now' | 'emit' | 'uiLanguage' | 'changes'> & {
    enterprise: () => string;
    dialog: () => CorePorts['dialog'];
    retryDelayMs?: number;
    pageSize?: number;
  },
): Feature<CollectionApi> & { api: CollectionApi } {
  const { environment } = deps;
  const store = deps.ledger.collection;
  const service = createCollectionService({
    ledger: deps.ledger,
    environment,
    // The desk's own choice, on its own file whichever ledger it uses (docs/team-ledger.md §1).
    preference: createCollectionPreferenceRepo(deps.db, environment),
    client: deps.client,
    enterprise: deps.enterprise,
    now: deps.now,
    progress: (run) => {
      deps.emit('collection:progress', run);
      // A page of collected invoices was stored (or the run ended): the ledger of that enterprise changed.
      deps.changes.publish({ aggregate: 'collectedInvoice', action: 'updated', ids: [], enterprise: run.enterprise });
    },
    ...(deps.retryDelayMs === undefined ? {} : { retryDelayMs: deps.retryDelayMs }),
    ...(deps.pageSize === undefined ? {} : { pageSize: deps.pageSize }),
  });
  return {
    name: 'collection',
    registerIpc(router) {
      router.handle('collection:start', async (request) => ({ runIds: await service.start(request) }));
      router.handle('collection:sync', async () => ({ runIds: await service.sync() }));
      router.handle('collection:runs', () => service.runs());
      router.handle('collection:settings', () => service.settings());
      router.handle('collection:setSyncOnStart', ({ syncOnStart }) => {
        const answer = service.setSyncOnStart(syncOnStart);
        deps.changes.publish({ aggregate: 'settings', action: 'updated', ids: [], enterprise: null });
        return answer;
      });
      router.handle('collection:ledger', async ({ limit, cursor, ...filter }) => {
        const enterprise = deps.enterprise();
        // The totals are one aggregate over the filtered ledger: asked once, with the first page.
        const page = await store.page(environment, enterprise, filter, cursor, limit);
        return { ...page, totals: cursor === undefined ? await store.totals(environment, enterprise, filter) : null };
      });
      router.handle('collection:detail', ({ id }) => store.detail(environment, deps.enterprise(), id));
      router.handle('collection:export', async ({ format, ...filter }) => {
        const dialog = deps.dialog();
        if (!dialog) throw new IpcFailure('VALIDATION_FAILED', 'collection.errors.noDialog');
        const stamp = deps.now().toISOString().slice(0, 10).replaceAll('-', '');
        return exportLedger(await store.all(environment, deps.enterprise(), filter, MAX_EXPORT_ROWS), format, dialog, stamp, deps.uiLanguage());
      });
    },
    start: () => service.resume(),
    stop: () => service.stop(),
    api: {
      candidates: (ids) => store.candidates(environment, deps.enterprise(), ids),
      updateStatus: (tx, updates, source) => tx.collection.updateStatus(environment, deps.enterprise(), updates, source, deps.now().toISOString()),
      announceUpdated(ids) {
        if (ids.length > 0) deps.changes.publish({ aggregate: 'collectedInvoice', action: 'updated', ids: [...ids], enterprise: deps.enterprise() });
      },
      currentWindow: () => store.currentWindow(environment, deps.enterprise()),
      totals: (filter) => store.totals(environment, deps.enterprise(), filter),
      periodSums: (period) => store.periodSums(environment, deps.enterprise(), period),
      certifiedByMonth: (from, to) => store.certifiedByMonth(environment, deps.enterprise(), from, to),
      idle: () => service.idle(),
    },
  };
}
