/** IPC handlers of the history views. For now the history is the output invoices of the current environment. */
import type { IpcRouter } from '../../ipc/router.js';
import type { IssuanceService } from '../issuance/service.js';

export function registerHistoryIpc(router: IpcRouter, issuance: IssuanceService): void {
  router.handle('history:list', (request) => issuance.list(request.limit ?? 200, request.offset ?? 0));
}
