/** IPC handlers of certification. */
import { IpcFailure, type CertificationBatchView } from '../../../shared/ipc/index.js';
import type { IpcRouter } from '../../ipc/router.js';
import type { CertificationService } from './service.js';

export function toView(batch: NonNullable<ReturnType<CertificationService['view']>>): CertificationBatchView {
  return {
    PCH: batch.PCH,
    SQSKSSQ: batch.SQSKSSQ,
    status: batch.status,
    ZTDM: batch.ZTDM,
    ZTXX: batch.ZTXX,
    createdAt: batch.created_at,
    items: batch.items.map(({ FPDM, FPHM, FPLXDM, SQRZLX, RZZT, RZCLZT, SBYY }) => ({ FPDM, FPHM, FPLXDM, SQRZLX, RZZT, RZCLZT, SBYY })),
  };
}

export function registerCertificationIpc(router: IpcRouter, service: CertificationService): void {
  router.handle('certification:submit', (request) => ({ PCH: service.submit(request) }));
  router.handle('certification:get', ({ PCH }) => {
    const batch = service.view(PCH);
    if (!batch) throw new IpcFailure('NOT_FOUND', 'certification.notFound', { pch: PCH });
    return toView(batch);
  });
  router.handle('certification:list', ({ limit }) => service.list(limit ?? 50).map(toView));
}
