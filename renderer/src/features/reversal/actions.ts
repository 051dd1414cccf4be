/**
 * The reversal feature's calls to main (`reversal:*` channels): the only place in this folder that uses
 * `window.api`. Failures are reported here (lib/messages.ts turns their code and key into text); callers
 * get the value or null.
 */
import type { InvoiceSummary, RedLetterFormSummary, RedLetterLookup, RedPreview, RedRequest, RedStarted } from '../../../../shared/ipc/index.js';
import { getApi } from '../../lib/api.js';
import { errorText, reportFailure } from '../../lib/messages.js';

/** Checks a red request; an error is returned as text for the dialog to show inline (not as a toast). */
export async function previewReversal(request: RedRequest): Promise<{ preview: RedPreview } | { error: string }> {
  const result = await getApi().reversal.preview(request);
  return result.ok ? { preview: result.value } : { error: errorText(result.error) };
}

export async function startReversal(request: RedRequest): Promise<RedStarted | null> {
  const result = await getApi().reversal.start(request);
  if (result.ok) return result.value;
  reportFailure(result.error, 'reversal:start');
  return null;
}

export async function issueRedFromForm(formId: number): Promise<InvoiceSummary | null> {
  const result = await getApi().reversal.issueFromForm({ formId });
  if (result.ok) return result.value;
  reportFailure(result.error, 'reversal:issueFromForm');
  return null;
}

/** Calls `listener` whenever a red-letter form changes state; returns the function that stops it. */
export const onFormUpdated = (listener: (form: RedLetterFormSummary) => void) => getApi().on('reversal:formUpdated', listener);
/** Calls `listener` whenever an invoice (blue or red) changes state; returns the function that stops it. */
export const onInvoiceUpdated = (listener: (invoice: InvoiceSummary) => void) => getApi().on('issuance:updated', listener);

export async function listForms(query: string): Promise<RedLetterFormSummary[] | null> {
  const result = await getApi().reversal.listForms({ query, limit: 100 });
  if (result.ok) return result.value.rows;
  reportFailure(result.error, 'reversal:listForms');
  return null;
}

export async function lookupForm(lsh: string): Promise<RedLetterLookup | null> {
  const result = await getApi().reversal.lookupForm({ lsh });
  if (result.ok) return result.value;
  reportFailure(result.error, 'reversal:lookupForm');
  return null;
}
