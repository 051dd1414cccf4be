/**
 * The history feature: the list of output invoices, search over all of them, one invoice's detail (with
 * its reversals, read through the reversal feature's api) and export to xlsx/csv — the `history:*` channels;
 * while the desk is idle (no ledger write for a few seconds) it keeps the search index merged (search-upkeep.ts).
 */
import type { IssuanceApi } from '../issuance/index.js';
import type { ReversalApi } from '../reversal/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerHistoryIpc } from './ipc.js';
import { createHistoryRepo } from './repo.js';
import { createSearchIndexRepo } from './search-index-repo.js';
import { createSearchUpkeep } from './search-upkeep.js';
import { createHistoryService } from './service.js';

export function createHistoryFeature(deps: FeatureDeps & { issuance: IssuanceApi; reversal: ReversalApi }): Feature {
  const service = createHistoryService({
    repo: createHistoryRepo(deps.db),
    environment: deps.environment,
    enterprise: () => deps.seller().taxNumber,
    dialog: deps.ports.dialog,
    uiLanguage: deps.uiLanguage,
    invoices: deps.issuance.invoices,
    reversal: deps.reversal,
    now: deps.now,
  });
  const upkeep = createSearchUpkeep(createSearchIndexRepo(deps.db));
  return {
    name: 'history',
    registerIpc: (router) => registerHistoryIpc(router, deps.issuance, service),
    // Every write announced on the change feed postpones merging until the ledger is quiet again.
    on: { 'ledger:changed': () => upkeep.noteWrite() },
    start: () => upkeep.start(),
    stop: () => upkeep.stop(),
  };
}
