/** IPC handlers of certification: batches, and certification from the input ledger (selection-service.ts). */
import { IpcFailure, type CertificationBatchView } from '../../../shared/ipc/index.js';
import type { IpcRouter } from '../../ipc/router.js';
import type { SelectionService } from './selection-service.js';
import type { CertificationService } from './service.js';

type Batch = NonNullable<ReturnType<CertificationService['view']>>;

export function toView(batch: Batch, retryable: (batchId: number, item: Batch['items'][number]) => boolean = () => false): CertificationBatchView {
  return {
    PCH: batch.PCH,
    SQSKSSQ: batch.SQSKSSQ,
    status: batch.status,
    ZTDM: batch.ZTDM,
    ZTXX: batch.ZTXX,
    createdAt: batch.created_at,
    items: batch.items.map((item) => ({
      FPDM: item.FPDM,
      FPHM: item.FPHM,
      FPLXDM: item.FPLXDM,
      SQRZLX: item.SQRZLX,
      RZZT: item.RZZT,
      RZCLZT: item.RZCLZT,
      SBYY: item.SBYY,
      YXSE: item.YXSE,
      retryable: retryable(batch.id, item),
    })),
  };
}

export function registerCertificationIpc(router: IpcRouter, service: CertificationService, selection: SelectionService, buyer: () => string): void {
  const view = (batch: Batch) => toView(batch, selection.retryable);
  router.handle('certification:submit', (request) => ({ PCH: service.submit(request) }));
  router.handle('certification:get', ({ PCH }) => {
    const batch = service.view(PCH);
    // Another enterprise's batch is as unknown here as one never made.
    if (!batch || batch.GMFSBH !== buyer()) throw new IpcFailure('NOT_FOUND', `没有批次号为 ${PCH} 的认证申请`, { key: 'certification.errors.noBatch', params: { PCH } });
    return view(batch);
  });
  router.handle('certification:list', ({ limit }) => service.list(limit ?? 50).map(view));
  router.handle('certification:check', ({ ids, SQRZLX }) => selection.check(ids, SQRZLX));
  router.handle('certification:submitSelection', (request) => ({ PCHs: selection.submitSelection(request) }));
  router.handle('certification:retry', () => ({ PCHs: selection.retry() }));
  router.handle('certification:summary', () => selection.summary());
}
