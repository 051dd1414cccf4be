/**
 * The enterprises feature: manage the enterprises served (spec endpoints 11–13) and choose the active
 * one — the seller of issuance and the buyer (GMFSBH) of collection and certification. Other features
 * read the active enterprise through `api.active()`, never this feature's table.
 */
import { announcing } from '../../changes/announce.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { Vault } from '../../security/vault.js';
import type { ActiveEnterprise } from '../../../shared/ipc/schemas/enterprises.js';
import { createEnterpriseChoice } from './repo.js';
import { createEnterpriseService } from './service.js';

export interface EnterprisesApi {
  /** The enterprise this desk acts for now. */
  active(): ActiveEnterprise;
}

export function createEnterprisesFeature(
  deps: Pick<FeatureDeps, 'db' | 'ledger' | 'environment' | 'client' | 'now' | 'emit' | 'changes'> & {
    vault: Vault;
    defaultSeller: ActiveEnterprise;
    /** Whether the signed-in clerk may act for an enterprise (the clerks feature's api). */
    mayActFor?: (taxNumber: string) => boolean;
  },
): Feature<EnterprisesApi> & { api: EnterprisesApi } {
  const service = createEnterpriseService({
    store: deps.ledger.enterprises,
    environment: deps.environment,
    // The desk's own choice of enterprise stays in its own file (repo.ts): `db` holds nothing else of this feature.
    choice: createEnterpriseChoice(deps.db, deps.environment),
    transaction: (body) => deps.ledger.transaction((tx) => body(tx.enterprises, tx.audit)),
    vault: deps.vault,
    client: deps.client,
    defaultSeller: deps.defaultSeller,
    now: deps.now,
    onActiveChanged: (active) => deps.emit('enterprises:activeChanged', active),
    ...(deps.mayActFor ? { mayActFor: deps.mayActFor } : {}),
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
