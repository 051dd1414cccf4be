/**
 * The batch feature (批量开票): invoices imported from an Excel sheet, checked with the form's own rules and
 * submitted row by row through issuance's api; its progress follows the invoices' `issuance:updated`
 * events, and a batch cut short by a quit or a crash resumes at start (rows without an lsh only). Its tables
 * are read and written through the ledger port only (`deps.ledger.batches`), on the desk's SQLite file or a
 * team's PostgreSQL alike.
 */
import { announcing } from '../../changes/announce.js';
import type { IssuanceApi } from '../issuance/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerBatchIpc } from './ipc.js';
import { createBatchService } from './service.js';

export interface BatchFeatureDeps extends FeatureDeps {
  issuance: Pick<IssuanceApi, 'submit' | 'invoices'>;
  /** kpr of rows that name none. */
  defaultIssuer: () => string;
}

export function createBatchFeature(deps: BatchFeatureDeps): Feature {
  const service = createBatchService({
    ledger: deps.ledger,
    statesByLsh: (lshs) => deps.issuance.invoices.statesByLsh(lshs),
    kick: deps.kick,
    environment: deps.environment,
    dialog: deps.ports.dialog,
    seller: deps.seller,
    defaultIssuer: deps.defaultIssuer,
    submitInvoice: async (draft) => (await deps.issuance.submit(draft)).invoice,
    progress: (progress) => {
      deps.emit('batch:progress', progress);
      deps.changes.publish({ aggregate: 'batch', action: 'updated', ids: [progress.batchId], enterprise: deps.seller().taxNumber });
    },
    uiLanguage: deps.uiLanguage,
  });
  return {
    name: 'batch',
    registerIpc: (router) =>
      registerBatchIpc(
        announcing(router, deps.changes, {
          'batch:import': (answer) => (answer.batch === null ? null : { aggregate: 'batch', action: 'created', ids: [answer.batch.id], enterprise: deps.seller().taxNumber }),
        }),
        service,
      ),
    // A batch's progress is computed from its invoices' states, so it moves whenever one of them does.
    on: {
      'issuance:updated': (invoice) => {
        service.invoiceUpdated(invoice).catch((error: unknown) => console.error('[batch] progress not read', error));
      },
    },
    start() {
      // Not awaited: a long batch resumes in the background while the app is already usable.
      service.resume().catch((error: unknown) => console.error('[batch] resume failed', error));
    },
    stop: () => service.stop(),
  };
}
