/**
 * 常用发票 (invoice templates): the form saved under a name, listed by typing the name or the buyer, opened
 * into the form. A name already taken is refused unless the clerk asked to replace it — a template is
 * never overwritten by accident. Each enterprise has its own (migration 0460); saves and deletes are
 * announced on the change feed (aggregate `template`) after they were stored. Kept through the ledger port
 * only (`ledger.templates`, store.ts): the same code on the desk's SQLite and a team's PostgreSQL.
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { EnterpriseScopeDeps } from '../../db/enterprise-scope.js';

export function createTemplatesFeature(deps: Pick<FeatureDeps, 'ledger' | 'now' | 'changes'> & Pick<EnterpriseScopeDeps, 'scope'>): Feature {
  const { ledger } = deps;
  const announce = (enterprise: string, action: 'created' | 'updated' | 'deleted', id: number) =>
    deps.changes.publish({ aggregate: 'template', action, ids: [id], enterprise });
  return {
    name: 'templates',
    registerIpc(router) {
      router.handle('templates:list', async ({ query, limit }) => ({ rows: await ledger.templates.list(deps.scope(), (query ?? '').trim(), limit) }));
      router.handle('templates:save', async ({ name, invoiceType, buyerName, content, replace }) => {
        const scope = deps.scope();
        // The name check and the write in one transaction: a name taken meanwhile is not overwritten unasked.
        const { saved, replaced } = await ledger.transaction(async (tx) => {
          const existing = await tx.templates.byName(scope, name);
          if (existing && !replace) throw new IpcFailure('VALIDATION_FAILED', 'templates.nameTaken', { name });
          const stored = await tx.templates.save(scope, { name, invoiceType, buyerName, content: JSON.stringify(content) }, deps.now().toISOString(), existing?.id);
          return { saved: stored, replaced: existing !== null };
        });
        announce(scope.enterprise, replaced ? 'updated' : 'created', saved.id);
        return saved;
      });
      router.handle('templates:load', async ({ id }) => {
        const found = await ledger.templates.open(deps.scope(), id, deps.now().toISOString());
        if (!found) throw new IpcFailure('NOT_FOUND', 'templates.gone');
        return { ...found, content: JSON.parse(found.content) as unknown as never };
      });
      router.handle('templates:delete', async ({ id }) => {
        const scope = deps.scope();
        const deleted = await ledger.templates.delete(scope, id);
        if (deleted) announce(scope.enterprise, 'deleted', id);
        return { deleted };
      });
    },
  };
}
