/**
 * The libraries feature (客户与商品): the customer and product libraries the form picks from, with their
 * Excel/CSV import and export, each enterprise its own, and copying another enterprise's — the
 * `customers:*`, `products:*` and `libraries:copy` channels.
 */
import type { Feature, FeatureDeps } from '../feature.js';
import { registerLibrariesIpc } from './ipc.js';
import type { EnterpriseScopeDeps } from '../../db/enterprise-scope.js';
import { createLibrariesRepo } from './repo.js';
import { createLibrariesService } from './service.js';

export function createLibrariesFeature(deps: FeatureDeps & EnterpriseScopeDeps): Feature {
  const service = createLibrariesService({
    repo: createLibrariesRepo(deps.db, deps.scope),
    environment: deps.environment,
    dialog: deps.ports.dialog,
    uiLanguage: deps.uiLanguage,
    now: deps.now,
    ownEnterprise: deps.ownEnterprise,
    changes: deps.changes,
  });
  return { name: 'libraries', registerIpc: (router) => registerLibrariesIpc(router, service) };
}
