/**
 * The collection feature: collection runs (采集, spec endpoints 3 and 6) and the input ledger (进项台账)
 * built from them, always for the active enterprise. Owns collected_invoice, its lines, its change
 * history and collection_run. Certification reads candidates and writes outcomes through `api`.
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { CorePorts } from '../../ports.js';
import type { LedgerFilter, LedgerTotals } from '../../../shared/ipc/schemas/collection.js';
import { createCollectionRepo, type TRACKED_FIELDS } from './repo.js';
import { createLedgerRepo, type CertificationCandidate } from './ledger-repo.js';
import { createPeriodRepo, type InputKindSums } from './period-repo.js';
import { exportLedger } from './ledger-export.js';
import { createCollectionService } from './service.js';

/** At most this many rows go into one export. */
const MAX_EXPORT_ROWS = 200_000;

export interface CollectionApi {
  /** The active enterprise's invoices among `ids`. */
  candidates(ids: readonly number[]): CertificationCandidate[];
  /** Writes certification outcomes onto the invoices held, keeping each change. */
  updateStatus(updates: ReadonlyArray<{ FPDM: string; FPHM: string } & Partial<Record<(typeof TRACKED_FIELDS)[number], string | null>>>, source: string): void;
  /** The current period of the active enterprise and its selection deadline (GXJZR), from what was collected. */
  currentWindow(): { DQSKSSQ: string; GXJZR: string | null } | null;
  /** Totals of the active enterprise's ledger under a filter. */
  totals(filter: LedgerFilter): LedgerTotals;
  /** Per invoice kind, the active enterprise's invoices of a tax period and those certified for it (months yyyyMM). */
  periodSums(months: readonly string[]): InputKindSums[];
  /** Valid tax certified per tax period, `from`..`to` (yyyyMM), of the active enterprise. */
  certifiedByMonth(from: string, to: string): Array<{ month: string; validTaxFen: number }>;
  /** Resolves when no collection run is being worked. */
  idle(): Promise<void>;
}

export function createCollectionFeature(
  deps: Pick<FeatureDeps, 'db' | 'environment' | 'client' | 'now' | 'emit' | 'uiLanguage' | 'changes'> & { enterprise: () => string; dialog: () => CorePorts['dialog']; retryDelayMs?: number; pageSize?: number },
): Feature<CollectionApi> & { api: CollectionApi } {
  const repo = createCollectionRepo(deps.db, deps.environment);
  const ledger = createLedgerRepo(deps.db, deps.environment);
  const period = createPeriodRepo(deps.db, deps.environment);
  const service = createCollectionService({
    repo,
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
      router.handle('collection:start', (request) => ({ runIds: service.start(request) }));
      router.handle('collection:sync', () => ({ runIds: service.sync() }));
      router.handle('collection:runs', () => service.runs());
      router.handle('collection:settings', () => service.settings());
      router.handle('collection:setSyncOnStart', ({ syncOnStart }) => {
        const answer = service.setSyncOnStart(syncOnStart);
        deps.changes.publish({ aggregate: 'settings', action: 'updated', ids: [], enterprise: null });
        return answer;
      });
      router.handle('collection:ledger', ({ limit, cursor, ...filter }) => {
        const enterprise = deps.enterprise();
        // The totals are one aggregate over the filtered ledger: asked once, with the first page.
        return { ...ledger.page(enterprise, filter, cursor, limit), totals: cursor === undefined ? ledger.totals(enterprise, filter) : null };
      });
      router.handle('collection:detail', ({ id }) => ledger.detail(deps.enterprise(), id));
      router.handle('collection:export', ({ format, ...filter }) => {
        const dialog = deps.dialog();
        if (!dialog) throw new IpcFailure('VALIDATION_FAILED', 'collection.errors.noDialog');
        const stamp = deps.now().toISOString().slice(0, 10).replaceAll('-', '');
        return exportLedger(ledger.all(deps.enterprise(), filter, MAX_EXPORT_ROWS), format, dialog, stamp, deps.uiLanguage());
      });
    },
    start: () => service.resume(),
    stop: () => service.stop(),
    api: {
      candidates: (ids) => ledger.candidates(deps.enterprise(), ids),
      updateStatus(updates, source) {
        const enterprise = deps.enterprise();
        const ids = repo.updateStatus(enterprise, updates, source, deps.now().toISOString());
        if (ids.length > 0) deps.changes.publish({ aggregate: 'collectedInvoice', action: 'updated', ids, enterprise });
      },
      currentWindow: () => ledger.currentWindow(deps.enterprise()),
      totals: (filter) => ledger.totals(deps.enterprise(), filter),
      periodSums: (months) => period.byKind(deps.enterprise(), months),
      certifiedByMonth: (from, to) => period.certifiedByMonth(deps.enterprise(), from, to),
      idle: () => service.idle(),
    },
  };
}
