/**
 * The history feature's calls to main (`history:*`) — the only place in this folder that uses
 * `window.api`. Answers are the IpcResult as it came; the caller reports a failure through lib/messages.ts.
 */
import type { HistoryExportRequest, HistoryFilter, InvoiceSummary, RedLetterFormSummary } from '../../../../shared/ipc/index.js';
import { getApi } from '../../lib/api.js';

export const searchHistory = (filter: HistoryFilter) => getApi().history.search(filter);
export const countHistory = (request: Omit<HistoryFilter, 'limit' | 'offset' | 'cursor'>) => getApi().history.count(request);
export const historyDetail = (id: number) => getApi().history.detail({ id });
export const exportHistory = (request: HistoryExportRequest) => getApi().history.export(request);

/** Calls `listener` when an invoice or a red-letter form changed in main; returns the function that stops it. */
/** Invoices or forms changed, or the active enterprise did (the history shows only its invoices). */
export function onHistoryChanged(listener: (change: InvoiceSummary | RedLetterFormSummary | null) => void): () => void {
  const stops = [getApi().on('issuance:updated', listener), getApi().on('reversal:formUpdated', listener), getApi().on('enterprises:activeChanged', () => listener(null))];
  return () => stops.forEach((stop) => stop());
}
