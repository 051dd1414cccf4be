/**
 * The certification feature (发票认证): a batch of received invoices submitted for certification of one
 * tax period through the outbox (kind 'certification'), its status polled until the authority decides;
 * the `certification:*` channels and the `certification:updated` event.
 */
import type { Feature, FeatureDeps } from '../feature.js';
import { registerCertificationIpc, toView } from './ipc.js';
import { createCertificationRepo } from './repo.js';
import { CERTIFICATION_OUTBOX_KIND, createCertificationService } from './service.js';

export function createCertificationFeature(deps: FeatureDeps): Feature {
  const service = createCertificationService({
    db: deps.db,
    repo: createCertificationRepo(deps.db),
    outbox: deps.outbox,
    environment: deps.environment,
    // The enterprise this desk acts for is the buyer of the invoices it certifies.
    buyerTaxNumber: () => deps.seller().taxNumber,
    now: deps.now,
    kick: deps.kick,
    notify: (pch) => {
      const batch = service.view(pch);
      if (batch) deps.emit('certification:updated', toView(batch));
    },
  });
  return {
    name: 'certification',
    registerIpc: (router) => registerCertificationIpc(router, service),
    outboxHandlers: { [CERTIFICATION_OUTBOX_KIND]: service.outboxHandler(deps.client) },
  };
}
