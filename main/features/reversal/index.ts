/**
 * The red-reversal feature (红冲): reversing an issued blue invoice in full or in part, directly or through
 * a red-letter form (红字信息表) whose application, approval polling and red invoice run through the
 * outbox (kind 'redletter'), and the `red:*` channels. Builds on issuance's api to enqueue red invoices.
 */
import type { IssuanceApi } from '../issuance/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { createRedFeature, REDLETTER_OUTBOX_KIND } from '../red/feature.js';
import { registerRedIpc } from '../red/ipc.js';
import type { RedRepo } from '../red/repo.js';
import type { RedLetterRepo } from '../redletter/repo.js';

/** What the history's detail reads about reversals (what was reversed, what is left, the forms). */
export interface ReversalApi {
  red: Pick<RedRepo, 'invoice' | 'originalOf' | 'reversalOf' | 'lines' | 'reds'>;
  forms: Pick<RedLetterRepo, 'formOfRed' | 'ofBlue'>;
}

export function createReversalFeature(deps: FeatureDeps & { issuance: Pick<IssuanceApi, 'enqueue'> }): Feature<ReversalApi> & { api: ReversalApi } {
  const red = createRedFeature({
    db: deps.db,
    environment: deps.environment,
    outbox: deps.outbox,
    issuance: deps.issuance,
    client: deps.client,
    now: deps.now,
    kick: deps.kick,
    notifyForm: (form) => deps.emit('redletter:updated', form),
    notifyInvoice: (invoice) => deps.emit('issuance:updated', invoice),
  });
  return {
    name: 'reversal',
    registerIpc: (router) => registerRedIpc(router, red.service),
    outboxHandlers: { [REDLETTER_OUTBOX_KIND]: red.outboxHandler },
    api: { red: red.repo, forms: red.forms },
  };
}
