/**
 * The history feature: the list of output invoices, search over all of them, one invoice's detail (with
 * its reversals, read through the reversal feature's api) and export to xlsx/csv — the `history:*` channels.
 * Its reads go through the ledger port (`deps.ledger.history`, store.ts), so the same code serves the desk's
 * SQLite file and a team's PostgreSQL. On SQLite, while the desk is idle (no ledger write for a few seconds)
 * it keeps the trigram index merged (search-upkeep.ts).
 */
import type { IssuanceApi } from '../issuance/index.js';
import type { ReversalApi } from '../reversal/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerHistoryIpc } from './ipc.js';
import { createSearchIndexRepo } from './search-index-repo.js';
import { createSearchUpkeep } from './search-upkeep.js';
import { createHistoryService } from './service.js';

export function createHistoryFeature(deps: FeatureDeps & { issuance: IssuanceApi; reversal: ReversalApi }): Feature {
  const service = createHistoryService({
    store: deps.ledger.history,
    environment: deps.environment,
    enterprise: () => deps.seller().taxNumber,
    dialog: deps.ports.dialog,
    uiLanguage: deps.uiLanguage,
    invoices: deps.issuance.invoices,
    reversal: deps.reversal,
    now: deps.now,
  });
  // SQLite's own search tables stay on the desk's connection on purpose: merging the FTS5 trigram index's
  // segments is work only a SQLite ledger has (PostgreSQL's GIN indexes are kept by the server itself), and
  // it runs while this desk's change feed is quiet, which is a desk's notion, not a store's.
  const upkeep = deps.ledger.kind === 'sqlite' ? createSearchUpkeep(createSearchIndexRepo(deps.db)) : null;
  return {
    name: 'history',
    registerIpc: (router) => registerHistoryIpc(router, deps.issuance, service),
    // Every write announced on the change feed postpones merging until the ledger is quiet again.
    on: { 'ledger:changed': () => upkeep?.noteWrite() },
    start: () => upkeep?.start(),
    stop: () => upkeep?.stop(),
  };
}
