/** IPC handlers of the history views: the output-invoice list, search over all history, detail, export. */
import type { IpcRouter } from '../../ipc/router.js';
import type { IssuanceService } from '../issuance/service.js';
import type { HistoryService } from './service.js';

export function registerHistoryIpc(router: IpcRouter, issuance: IssuanceService, history: HistoryService): void {
  router.handle('history:list', (request) => issuance.list(request.limit ?? 200, request.offset ?? 0));
  router.handle('history:search', (filter) => history.search(filter));
  router.handle('history:count', (filter) => history.count(filter));
  router.handle('history:export', (request) => history.export(request));
  router.handle('history:detail', (request) => history.detail(request.id));
}
