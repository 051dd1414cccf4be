/**
 * The issuance feature's calls to main — the only place in this folder that uses `window.api`. Components
 * and hooks call these; they answer the IpcResult as it came, so the caller decides how a failure shows
 * (a toast through lib/messages.ts, or a message on a field).
 */
import type { DraftReviewState, InvoiceDraft, InvoiceFileFormat, InvoiceSummary, RequestOf } from '../../../../shared/ipc/index.js';
import { useAppStore } from '../../app/store.js';
import type { Customer, Product } from '../../../../shared/ipc/schemas/libraries.js';
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';
import { useIssuanceStore } from './store.js';

/** `draftId`: the draft the form was opened from — main takes it with the invoice, or refuses one awaiting review. */
export const submitInvoice = (draft: InvoiceDraft, draftId: number | null) => getApi().issuance.submit({ ...draft, ...(draftId === null ? {} : { draftId }) });
export const listDrafts = (reviewState?: DraftReviewState) => getApi().issuance.listDrafts(reviewState ? { reviewState } : {});
export const requestDraftReview = (id: number) => getApi().issuance.requestReview({ id });
export const approveDraft = (id: number, requestedAt: string) => getApi().issuance.approveDraft({ id, requestedAt });
export const returnDraft = (id: number, requestedAt: string, note: string) => getApi().issuance.returnDraft({ id, requestedAt, note });
export const saveDraft = (request: RequestOf<'issuance:saveDraft'>) => getApi().issuance.saveDraft(request);
export const loadDraft = (id: number) => getApi().issuance.loadDraft({ id });
export const deleteDraft = (id: number) => getApi().issuance.deleteDraft({ id });
export const openInvoiceFile = (id: number, format: InvoiceFileFormat) => getApi().issuance.openFile({ id, format });

/** Customers or products matching the query, for the form's pickers. */
export const searchLibrary = (kind: 'customers' | 'products', request: { query: string; limit: number }) =>
  kind === 'customers' ? getApi().customers.list(request) : getApi().products.list(request);

/** Saves a customer or product offered after an issue (an id updates the entry the library holds). */
export const saveLibraryEntry = (kind: 'customers' | 'products', entry: Customer | Product) =>
  kind === 'customers' ? getApi().customers.save(entry as Customer) : getApi().products.save(entry as Product);

/** Calls `listener` whenever an invoice changes state in main; returns the function that stops it. */
export const onInvoiceUpdated = (listener: (invoice: InvoiceSummary) => void) => getApi().on('issuance:updated', listener);

/** 再开一张: the invoice's content, handed to the form, which the app then shows with the cursor on the first quantity. */
export async function repeatInvoice(id: number): Promise<boolean> {
  const result = await getApi().issuance.repeat({ id });
  if (!result.ok) {
    reportFailure(result.error, 'issuance:repeat');
    return false;
  }
  useIssuanceStore.getState().setIncoming({ content: result.value.content, focus: 'line-0-quantity' });
  useAppStore.getState().setView('issue');
  return true;
}

export const listTemplates = (query: string) => getApi().templates.list({ query, limit: 20 });
export const saveTemplate = (request: RequestOf<'templates:save'>) => getApi().templates.save(request);
export const deleteTemplate = (id: number) => getApi().templates.delete({ id });

/** Opens a template into the form (cursor on the first quantity, as for a repeat). */
export async function openTemplate(id: number): Promise<boolean> {
  const result = await getApi().templates.load({ id });
  if (!result.ok) {
    reportFailure(result.error, 'templates:load');
    return false;
  }
  useIssuanceStore.getState().setIncoming({ content: result.value.content, focus: 'line-0-quantity' });
  return true;
}
