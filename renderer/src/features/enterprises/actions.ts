/**
 * Enterprise management's calls to main (the only place this feature touches window.api). Failures are
 * reported through lib/messages.ts; nothing throws into a component.
 */
import type { EnterpriseInput } from '../../../../shared/ipc/schemas/enterprises.js';
import { i18n } from '../../app/i18n.js';
import { loadInfo } from '../../app/actions.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { useEnterprisesStore } from './store.js';
import { callOrder } from '../../lib/call-order.js';

const store = () => useEnterprisesStore.getState();

const listCalls = callOrder();
const choiceCalls = callOrder();

export async function loadEnterprises(patch: { query?: string; page?: number; pageSize?: number } = {}): Promise<void> {
  store().patch({ ...patch, loading: true });
  const answered = listCalls.begin();
  const { query, page, pageSize } = store();
  const result = await getApi().enterprises.list({ ...(query.trim() ? { query: query.trim() } : {}), pageNum: page, pageSize });
  if (store().query !== query || store().page !== page || !answered(result.ok)) return;
  if (!result.ok) {
    store().patch({ loading: false });
    return reportFailure(result.error, 'enterprises:list');
  }
  store().patch({ rows: result.value.list, total: result.value.total, loading: false });
  await loadChoices();
}

export async function loadChoices(): Promise<void> {
  const answered = choiceCalls.begin();
  const result = await getApi().enterprises.choices({});
  if (!answered(result.ok)) return;
  if (result.ok) store().patch({ choices: result.value });
  else reportFailure(result.error, 'enterprises:choices');
}

/** Saves the form; answers the field paths main found missing (so the form can mark them), or null. */
export async function saveEnterprise(mode: 'new' | 'modify', input: EnterpriseInput): Promise<string[][] | null> {
  store().patch({ saving: true });
  const api = getApi().enterprises;
  const result = mode === 'new' ? await api.initialise(input) : await api.modify(input);
  store().patch({ saving: false });
  if (!result.ok) {
    reportFailure(result.error, 'enterprises:save');
    const issues = (result.error.details as { issues?: Array<{ path: Array<string | number> }> } | undefined)?.issues ?? [];
    return issues.map((issue) => issue.path.map(String));
  }
  reportSuccess(i18n.t('enterprises.saved', { name: result.value.agencyName }));
  store().patch({ editing: null });
  await loadEnterprises();
  return null;
}

export async function activateEnterprise(taxNumber: string): Promise<void> {
  const result = await getApi().enterprises.activate({ taxNumber });
  if (!result.ok) return reportFailure(result.error, 'enterprises:activate');
  reportSuccess(i18n.t('enterprises.switched', { name: result.value.name }));
  await Promise.all([loadChoices(), loadInfo()]);
  if (store().rows.length > 0) await loadEnterprises();
}
