/** IPC handlers of certification: batches, and certification from the input ledger (selection-service.ts). */
import { IpcFailure, type CertificationBatchView } from '../../../shared/ipc/index.js';
import type { IpcRouter } from '../../ipc/router.js';
import type { SelectionService } from './selection-service.js';
import type { CertificationService } from './service.js';

type Batch = NonNullable<Awaited<ReturnType<CertificationService['view']>>>;
type Retryable = (batchId: number, item: Batch['items'][number]) => Promise<boolean>;

export async function toView(batch: Batch, retryable: Retryable = () => Promise.resolve(false)): Promise<CertificationBatchView> {
  const items: CertificationBatchView['items'] = [];
  for (const item of batch.items) {
    items.push({
      FPDM: item.fpdm,
      FPHM: item.fphm,
      FPLXDM: item.fplxdm,
      SQRZLX: item.sqrzlx,
      RZZT: item.rzzt,
      RZCLZT: item.rzclzt,
      SBYY: item.sbyy,
      YXSE: item.yxse,
      retryable: await retryable(batch.id, item),
    });
  }
  return { PCH: batch.pch, SQSKSSQ: batch.sqskssq, status: batch.status, ZTDM: batch.ztdm, ZTXX: batch.ztxx, createdAt: batch.created_at, items };
}

export function registerCertificationIpc(router: IpcRouter, service: CertificationService, selection: SelectionService, buyer: () => string): void {
  const view = (batch: Batch) => toView(batch, selection.retryable);
  router.handle('certification:submit', async (request) => ({ PCH: await service.submit(request) }));
  router.handle('certification:get', async ({ PCH }) => {
    const batch = await service.view(PCH);
    // Another enterprise's batch is as unknown here as one never made.
    if (!batch || batch.gmfsbh !== buyer()) throw new IpcFailure('NOT_FOUND', 'certification.errors.noBatch', { PCH });
    return view(batch);
  });
  router.handle('certification:list', async ({ limit }) => {
    const views: CertificationBatchView[] = [];
    for (const batch of await service.list(limit ?? 50)) views.push(await view(batch));
    return views;
  });
  router.handle('certification:check', ({ ids, SQRZLX }) => selection.check(ids, SQRZLX));
  router.handle('certification:submitSelection', async (request) => ({ PCHs: await selection.submitSelection(request) }));
  router.handle('certification:retry', async () => ({ PCHs: await selection.retry() }));
  router.handle('certification:summary', () => selection.summary());
}
