/**
 * 常用发票 (invoice templates): the form saved under a name, listed by typing the name or the buyer, opened
 * into the form. A name already taken is refused unless the clerk asked to replace it — a template is
 * never overwritten by accident. Each enterprise has its own (migration 0460); saves and deletes are
 * announced on the change feed (aggregate `template`).
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { EnterpriseScopeDeps } from '../../db/enterprise-scope.js';
import { createTemplateRepo } from './repo.js';

export function createTemplatesFeature(deps: Pick<FeatureDeps, 'db' | 'now' | 'changes'> & Pick<EnterpriseScopeDeps, 'scope'>): Feature {
  const repo = createTemplateRepo(deps.db, deps.scope);
  const announce = (action: 'created' | 'updated' | 'deleted', id: number) =>
    deps.changes.publish({ aggregate: 'template', action, ids: [id], enterprise: repo.scope().enterprise });
  return {
    name: 'templates',
    registerIpc(router) {
      router.handle('templates:list', ({ query, limit }) => ({ rows: repo.list((query ?? '').trim(), limit) }));
      router.handle('templates:save', ({ name, invoiceType, buyerName, content, replace }) => {
        const existing = repo.byName(name);
        if (existing && !replace) throw new IpcFailure('VALIDATION_FAILED', 'templates.nameTaken', { name });
        const saved = repo.save({ name, invoiceType, buyerName, content: JSON.stringify(content) }, deps.now().toISOString(), existing?.id);
        announce(existing ? 'updated' : 'created', saved.id);
        return saved;
      });
      router.handle('templates:load', ({ id }) => {
        const found = repo.open(id, deps.now().toISOString());
        if (!found) throw new IpcFailure('NOT_FOUND', 'templates.gone');
        return { ...found, content: JSON.parse(found.content) as unknown as never };
      });
      router.handle('templates:delete', ({ id }) => {
        const deleted = repo.delete(id);
        if (deleted) announce('deleted', id);
        return { deleted };
      });
    },
  };
}
