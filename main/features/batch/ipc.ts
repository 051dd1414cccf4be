/** IPC handlers of batch issuance from Excel. */
import type { IpcRouter } from '../../ipc/router.js';
import type { BatchService } from './service.js';

export function registerBatchIpc(router: IpcRouter, service: BatchService): void {
  router.handle('batch:template', () => service.template());
  router.handle('batch:import', () => service.import());
  router.handle('batch:list', (request) => service.list(request.limit ?? 50, request.offset ?? 0));
  router.handle('batch:get', ({ batchId }) => service.get(batchId));
  router.handle('batch:submit', ({ batchId }) => service.submit(batchId));
  router.handle('batch:exportResults', ({ batchId }) => service.exportResults(batchId));
}
