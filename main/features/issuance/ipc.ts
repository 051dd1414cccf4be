/** IPC handlers of the issuance feature. */
import type { IpcRouter } from '../../ipc/router.js';
import type { IssuanceService } from './service.js';

export function registerIssuanceIpc(router: IpcRouter, service: IssuanceService): void {
  router.handle('issuance:submit', (draft) => service.submit(draft));
}
