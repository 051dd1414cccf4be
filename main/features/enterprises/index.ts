/**
 * The enterprises feature: manage the enterprises served (spec endpoints 11–13) and choose the active
 * one — the seller of issuance and the buyer (GMFSBH) of collection and certification. Other features
 * read the active enterprise through `api.active()`, never this feature's table.
 */
import { announcing } from '../../changes/announce.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { Vault } from '../../security/vault.js';
import type { ActiveEnterprise } from '../../../shared/ipc/schemas/enterprises.js';
import { createEnterpriseRepo } from './repo.js';
import { createEnterpriseService } from './service.js';

export interface EnterprisesApi {
  /** The enterprise this desk acts for now. */
  active(): ActiveEnterprise;
}

export function createEnterprisesFeature(
  deps: Pick<FeatureDeps, 'db' | 'environment' | 'client' | 'now' | 'emit' | 'changes'> & { vault: Vault; defaultSeller: ActiveEnterprise },
): Feature<EnterprisesApi> & { api: EnterprisesApi } {
  const service = createEnterpriseService({
    repo: createEnterpriseRepo(deps.db, deps.environment),
    vault: deps.vault,
    client: deps.client,
    defaultSeller: deps.defaultSeller,
    now: deps.now,
    onActiveChanged: (active) => deps.emit('enterprises:activeChanged', active),
  });
  return {
    name: 'enterprises',
    registerIpc(plain) {
      const enterprise = (action: 'updated' | 'activated', taxNumber: string) => ({ aggregate: 'enterprise' as const, action, ids: [taxNumber], enterprise: taxNumber });
      const router = announcing(plain, deps.changes, {
        'enterprises:initialise': (answer) => enterprise('updated', answer.taxNumber),
        'enterprises:modify': (answer) => enterprise('updated', answer.taxNumber),
        'enterprises:activate': (answer) => enterprise('activated', answer.taxNumber),
      });
      router.handle('enterprises:list', (query) => service.list(query));
      router.handle('enterprises:initialise', (input) => service.initialise(input));
      router.handle('enterprises:modify', (input) => service.modify(input));
      router.handle('enterprises:choices', () => service.choices());
      router.handle('enterprises:activate', ({ taxNumber }) => service.activate(taxNumber));
    },
    api: { active: () => service.active() },
  };
}
