/**
 * The library view's calls to main. Each one updates the store and reports failures through the one
 * reporting place (lib/messages.ts); none throws into a component.
 */
import type { Customer, Product } from '../../../../shared/ipc/schemas/libraries.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess, reportWarning } from '../../lib/messages.js';
import { problemText } from '../../lib/problem-text.js';
import { PAGE_SIZE, useLibrariesStore, type LibraryKind } from './store.js';
import { callOrder, type CallOrder } from '../../lib/call-order.js';

const store = () => useLibrariesStore.getState();

const tableCalls: Record<LibraryKind, CallOrder> = { customers: callOrder(), products: callOrder() };

export async function loadTable(kind: LibraryKind, patch: { query?: string; page?: number } = {}): Promise<void> {
  store().patchTable(kind, { ...patch, loading: true });
  const answered = tableCalls[kind].begin();
  const { query, page } = store()[kind];
  const request = { ...(query.trim() ? { query: query.trim() } : {}), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const api = getApi();
  const result = kind === 'customers' ? await api.customers.list(request) : await api.products.list(request);
  // A slower answer to an older search (or an older reload of this one) must not overwrite the newer one.
  if (store()[kind].query !== query || store()[kind].page !== page || !answered(result.ok)) return;
  if (result.ok) store().patchTable(kind, { rows: result.value.rows, total: result.value.total, loading: false });
  else {
    store().patchTable(kind, { loading: false });
    reportFailure(result.error, `${kind}:list`);
  }
}

/** Saves the modal's entry; answers the field errors main found (so the form can show them), or null. */
export async function saveEntry(kind: LibraryKind, entry: Customer | Product): Promise<Array<{ field: string; message: string }> | null> {
  store().setBusy(`${kind}:save`, true);
  const api = getApi();
  const result = kind === 'customers' ? await api.customers.save(entry as Customer) : await api.products.save(entry as Product);
  store().setBusy(`${kind}:save`, false);
  if (!result.ok) {
    // Each field's problem by key (main's details), worded here for the form to put on its field.
    const issues = (result.error.details as { issues?: Array<{ path: Array<string | number>; key: string; params?: Record<string, string | number> }> } | undefined)?.issues ?? [];
    reportFailure(result.error, `${kind}:save`);
    return issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: problemText({ key: issue.key, params: issue.params ?? {} }) }));
  }
  reportSuccess(i18n.t('libraries.saved', { name: result.value.entry.name }));
  for (const warning of result.value.warnings) reportWarning(problemText(warning));
  store().setEditing(null);
  await loadTable(kind);
  return null;
}

export async function deleteEntry(kind: LibraryKind, id: number, name: string): Promise<void> {
  const api = getApi();
  const result = kind === 'customers' ? await api.customers.delete({ id }) : await api.products.delete({ id });
  if (!result.ok) return reportFailure(result.error, `${kind}:delete`);
  reportSuccess(i18n.t('libraries.deleted', { name }));
  await loadTable(kind);
}

export async function importEntries(kind: LibraryKind): Promise<void> {
  store().setBusy(`${kind}:import`, true);
  const api = getApi();
  const result = kind === 'customers' ? await api.customers.import() : await api.products.import();
  store().setBusy(`${kind}:import`, false);
  if (!result.ok) return reportFailure(result.error, `${kind}:import`);
  if (result.value.cancelled) return;
  store().setReport({ kind, result: result.value });
  await loadTable(kind, { page: 1 });
}

export async function exportEntries(kind: LibraryKind, format: 'xlsx' | 'csv'): Promise<void> {
  store().setBusy(`${kind}:export`, true);
  const api = getApi();
  const result = kind === 'customers' ? await api.customers.export({ format }) : await api.products.export({ format });
  store().setBusy(`${kind}:export`, false);
  if (!result.ok) return reportFailure(result.error, `${kind}:export`);
  if (!result.value.cancelled) reportSuccess(i18n.t('libraries.exported', { rows: result.value.rows, path: result.value.path ?? '' }));
}

/** The enterprises a library can be copied from: those the title bar offers. */
export async function loadCopySources(): Promise<void> {
  const result = await getApi().enterprises.choices({});
  if (result.ok) store().setCopySources(result.value.choices);
  else reportFailure(result.error, 'libraries:copySources');
}

/** Copies another enterprise's library into the active one's; true when done (the dialog closes). */
export async function copyLibrary(kind: LibraryKind, from: { taxNumber: string; name: string }): Promise<boolean> {
  store().setBusy(`${kind}:copy`, true);
  const result = await getApi().libraries.copy({ kind, from: from.taxNumber });
  store().setBusy(`${kind}:copy`, false);
  if (!result.ok) {
    reportFailure(result.error, 'libraries:copy');
    return false;
  }
  reportSuccess(i18n.t('libraries.copy.done', { name: from.name, copied: result.value.copied, skipped: result.value.skipped }));
  await loadTable(kind, { page: 1 });
  return true;
}
