/**
 * The certification feature (发票认证): a batch of received invoices submitted for certification of one
 * tax period through the outbox (kind 'certification'), its status polled until the authority decides;
 * certification chosen from the input ledger; the `certification:*` channels and the `certification:updated` event.
 * Batches and items go through the ledger port's certification store (`deps.ledger`, store.ts), the same
 * code on the desk's SQLite file or a team's PostgreSQL.
 */
import type { CollectionApi } from '../collection/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerCertificationIpc, toView } from './ipc.js';
import { createSelectionService } from './selection-service.js';
import { CERTIFICATION_OUTBOX_KIND, createCertificationService } from './service.js';

export function createCertificationFeature(deps: Pick<FeatureDeps, 'ledger' | 'environment' | 'seller' | 'now' | 'kick' | 'emit' | 'changes' | 'client'> & { collection: CollectionApi }): Feature {
  const buyer = () => deps.seller().taxNumber;
  /** Collected invoices a result answer changed, announced once the worker's transaction committed. */
  const changed = new Map<string, number[]>();
  const notify = async (pch: string) => {
    const ids = changed.get(pch);
    changed.delete(pch);
    if (ids) deps.collection.announceUpdated(ids);
    const batch = await service.view(pch);
    if (!batch) return;
    deps.emit('certification:updated', await toView(batch, selection.retryable));
    deps.changes.publish({ aggregate: 'certification', action: 'updated', ids: [pch], enterprise: batch.gmfsbh });
  };
  const service = createCertificationService({
    ledger: deps.ledger,
    environment: deps.environment,
    // The enterprise this desk acts for is the buyer of the invoices it certifies.
    buyerTaxNumber: buyer,
    now: deps.now,
    kick: deps.kick,
    notify: (pch) => void notify(pch).catch((error: unknown) => console.warn('[certification] batch not announced', pch, error)),
    onResults: async (tx, batch, results) => {
      changed.set(batch.pch, await selection.takeResults(tx, batch, results));
    },
  });
  // Certification chosen from the input ledger (collection's api), with retry and the period summary.
  const selection = createSelectionService({ store: deps.ledger.certification, service, collection: deps.collection, environment: deps.environment, buyer, now: deps.now });
  return {
    name: 'certification',
    registerIpc: (router) => registerCertificationIpc(router, service, selection, buyer),
    outboxHandlers: { [CERTIFICATION_OUTBOX_KIND]: service.outboxHandler(deps.client) },
  };
}
