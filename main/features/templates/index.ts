/**
 * 常用发票 (invoice templates): the form saved under a name, listed by typing the name or the buyer, opened
 * into the form. A name already taken is refused unless the clerk asked to replace it — a template is
 * never overwritten by accident.
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { createTemplateRepo } from './repo.js';

export function createTemplatesFeature(deps: Pick<FeatureDeps, 'db' | 'now'>): Feature {
  const repo = createTemplateRepo(deps.db);
  return {
    name: 'templates',
    registerIpc(router) {
      router.handle('templates:list', ({ query, limit }) => ({ rows: repo.list((query ?? '').trim(), limit) }));
      router.handle('templates:save', ({ name, invoiceType, buyerName, content, replace }) => {
        const existing = repo.byName(name);
        if (existing && !replace) throw new IpcFailure('VALIDATION_FAILED', 'templates.nameTaken', { name });
        return repo.save({ name, invoiceType, buyerName, content: JSON.stringify(content) }, deps.now().toISOString(), existing?.id);
      });
      router.handle('templates:load', ({ id }) => {
        const found = repo.open(id, deps.now().toISOString());
        if (!found) throw new IpcFailure('NOT_FOUND', 'templates.gone');
        return { ...found, content: JSON.parse(found.content) as unknown as never };
      });
      router.handle('templates:delete', ({ id }) => ({ deleted: repo.delete(id) }));
    },
  };
}
