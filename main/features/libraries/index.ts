/**
 * The libraries feature (客户与商品): the customer and product libraries the form picks from, with their
 * Excel/CSV import and export, each enterprise its own, and copying another enterprise's — the
 * `customers:*`, `products:*` and `libraries:copy` channels. Kept on the ledger port only (`deps.ledger`'s
 * `libraries` store, store.ts), so the same code runs on the desk's SQLite file and a team's PostgreSQL.
 */
import type { Feature, FeatureDeps } from '../feature.js';
import { registerLibrariesIpc } from './ipc.js';
import type { EnterpriseScopeDeps } from '../../db/enterprise-scope.js';
import { createLibrariesService } from './service.js';

export function createLibrariesFeature(deps: FeatureDeps & EnterpriseScopeDeps): Feature {
  const service = createLibrariesService({
    ledger: deps.ledger,
    scope: deps.scope,
    environment: deps.environment,
    dialog: deps.ports.dialog,
    uiLanguage: deps.uiLanguage,
    now: deps.now,
    ownEnterprise: deps.ownEnterprise,
    changes: deps.changes,
  });
  return { name: 'libraries', registerIpc: (router) => registerLibrariesIpc(router, service) };
}
