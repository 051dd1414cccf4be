/**
 * The libraries feature (客户与商品): the customer and product libraries the form picks from, with their
 * Excel/CSV import and export — the `customers:*` and `products:*` channels.
 */
import type { Feature, FeatureDeps } from '../feature.js';
import { registerLibrariesIpc } from './ipc.js';
import { createLibrariesRepo } from './repo.js';
import { createLibrariesService } from './service.js';

export function createLibrariesFeature(deps: FeatureDeps): Feature {
  const service = createLibrariesService({ repo: createLibrariesRepo(deps.db), environment: deps.environment, dialog: deps.ports.dialog, uiLanguage: deps.uiLanguage, now: deps.now });
  return { name: 'libraries', registerIpc: (router) => registerLibrariesIpc(router, service) };
}
