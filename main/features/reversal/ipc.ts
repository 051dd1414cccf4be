/** IPC handlers of red reversals. */
import type { IpcRouter } from '../../ipc/router.js';
import type { RedService } from './service.js';

export function registerRedIpc(router: IpcRouter, service: RedService): void {
  router.handle('reversal:preview', (request) => service.preview(request));
  router.handle('reversal:start', (request) => service.start(request));
  router.handle('reversal:issueFromForm', (request) => service.issueFromFormId(request.formId));
}
