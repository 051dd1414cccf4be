/**
 * The history feature's calls to main (`history:*`) — the only place in this folder that uses
 * `window.api`. Answers are the IpcResult as it came; the caller reports a failure through lib/messages.ts.
 */
import type { HistoryExportRequest, HistoryFilter } from '../../../../shared/ipc/index.js';
import { getApi } from '../../lib/api.js';

export const searchHistory = (filter: HistoryFilter) => getApi().history.search(filter);
export const countHistory = (request: Omit<HistoryFilter, 'limit' | 'offset' | 'cursor'>) => getApi().history.count(request);
export const historyDetail = (id: number) => getApi().history.detail({ id });
export const exportHistory = (request: HistoryExportRequest) => getApi().history.export(request);
