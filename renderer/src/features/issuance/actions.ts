/**
 * The issuance feature's calls to main — the only place in this folder that uses `window.api`. Components
 * and hooks call these; they answer the IpcResult as it came, so the caller decides how a failure shows
 * (a toast through lib/messages.ts, or a message on a field).
 */
import type { InvoiceDraft, InvoiceFileFormat, InvoiceSummary, RequestOf } from '../../../../shared/ipc/index.js';
import { getApi } from '../../lib/api.js';

export const submitInvoice = (draft: InvoiceDraft) => getApi().issuance.submit(draft);
export const listDrafts = () => getApi().issuance.listDrafts();
export const saveDraft = (request: RequestOf<'issuance:saveDraft'>) => getApi().issuance.saveDraft(request);
export const loadDraft = (id: number) => getApi().issuance.loadDraft({ id });
export const deleteDraft = (id: number) => getApi().issuance.deleteDraft({ id });
export const openInvoiceFile = (id: number, format: InvoiceFileFormat) => getApi().issuance.openFile({ id, format });

/** Customers or products matching the query, for the form's pickers. */
export const searchLibrary = (kind: 'customers' | 'products', request: { query: string; limit: number }) =>
  kind === 'customers' ? getApi().customers.list(request) : getApi().products.list(request);

/** Calls `listener` whenever an invoice changes state in main; returns the function that stops it. */
export const onInvoiceUpdated = (listener: (invoice: InvoiceSummary) => void) => getApi().on('issuance:updated', listener);
