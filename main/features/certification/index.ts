/**
 * The certification feature (发票认证): a batch of received invoices submitted for certification of one
 * tax period through the outbox (kind 'certification'), its status polled until the authority decides;
 * certification chosen from the input ledger; the `certification:*` channels and the `certification:updated` event.
 */
import type { CollectionApi } from '../collection/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerCertificationIpc, toView } from './ipc.js';
import { createCertificationRepo } from './repo.js';
import { createSelectionService } from './selection-service.js';
import { CERTIFICATION_OUTBOX_KIND, createCertificationService } from './service.js';

export function createCertificationFeature(deps: FeatureDeps & { collection: CollectionApi }): Feature {
  const repo = createCertificationRepo(deps.db);
  const buyer = () => deps.seller().taxNumber;
  const service = createCertificationService({
    db: deps.db,
    repo,
    outbox: deps.outbox,
    environment: deps.environment,
    // The enterprise this desk acts for is the buyer of the invoices it certifies.
    buyerTaxNumber: buyer,
    now: deps.now,
    kick: deps.kick,
    notify: (pch) => {
      const batch = service.view(pch);
      if (!batch) return;
      deps.emit('certification:updated', toView(batch, selection.retryable));
      deps.changes.publish({ aggregate: 'certification', action: 'updated', ids: [pch], enterprise: batch.GMFSBH });
    },
    onResults: (batch, results) => selection.takeResults(batch, results),
  });
  // Certification chosen from the input ledger (collection's api), with retry and the period summary.
  const selection = createSelectionService({ repo, service, collection: deps.collection, environment: deps.environment, buyer, now: deps.now });
  return {
    name: 'certification',
    registerIpc: (router) => registerCertificationIpc(router, service, selection, buyer),
    outboxHandlers: { [CERTIFICATION_OUTBOX_KIND]: service.outboxHandler(deps.client) },
  };
}
