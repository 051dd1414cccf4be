/**
 * The batch feature (批量开票): invoices imported from an Excel sheet, checked with the form's own rules and
 * submitted row by row through issuance's api; its progress follows the invoices' `issuance:updated`
 * events, and a batch cut short by a quit or a crash resumes at start (rows without an lsh only).
 */
import { announcing } from '../../changes/announce.js';
import type { IssuanceApi } from '../issuance/index.js';
import { createInvoiceReads } from '../issuance/repo.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerBatchIpc } from './ipc.js';
import { createBatchRepo } from './repo.js';
import { createBatchService } from './service.js';

export interface BatchFeatureDeps extends FeatureDeps {
  issuance: Pick<IssuanceApi, 'submit'>;
  /** kpr of rows that name none. */
  defaultIssuer: () => string;
}

export function createBatchFeature(deps: BatchFeatureDeps): Feature {
  const service = createBatchService({
    // The batch repo is still synchronous on the desk's connection: it reads its invoices' states there until it moves onto the ledger port.
    repo: createBatchRepo(deps.db, createInvoiceReads(deps.db)),
    environment: deps.environment,
    dialog: deps.ports.dialog,
    seller: deps.seller,
    defaultIssuer: deps.defaultIssuer,
    submitInvoice: (draft) => deps.issuance.submit(draft),
    inLedgerTransaction: async (body) => {
      const result = await deps.ledger.transaction(() => body());
      deps.kick(); // once committed: the worker of a team ledger sees the row only now
      return result;
    },
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
    on: { 'issuance:updated': (invoice) => service.invoiceUpdated(invoice) },
    start() {
      // Not awaited: a long batch resumes in the background while the app is already usable.
      service.resume().catch((error: unknown) => console.error('[batch] resume failed', error));
    },
    stop: () => service.stop(),
  };
}
