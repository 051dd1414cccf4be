/**
 * The settings view's calls to main (`settings:*`) — the only place in this folder that uses
 * `window.api`. Results go into the store; failures through the one reporting place (lib/messages.ts).
 */
import type { SetRemoteRequest } from '../../../../shared/ipc/schemas/settings.js';
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';
import { useSettingsStore } from './store.js';

const store = () => useSettingsStore.getState();

export async function loadSettings(): Promise<void> {
  store().set({ busy: 'loading' });
  const result = await getApi().settings.get();
  store().set({ busy: null, ...(result.ok ? { view: result.value } : {}) });
  if (!result.ok) reportFailure(result.error, 'settings');
}

export async function saveRemote(request: SetRemoteRequest): Promise<boolean> {
  store().set({ busy: 'saving' });
  const result = await getApi().settings.setRemote(request);
  store().set({ busy: null, ...(result.ok ? { view: result.value } : {}) });
  if (!result.ok) reportFailure(result.error, 'settings');
  return result.ok;
}

export async function switchToSandbox(): Promise<void> {
  store().set({ busy: 'saving' });
  const result = await getApi().settings.useSandbox();
  store().set({ busy: null, ...(result.ok ? { view: result.value } : {}) });
  if (!result.ok) reportFailure(result.error, 'settings');
}

export async function testConnection(): Promise<void> {
  store().set({ busy: 'testing', lastTest: null });
  const result = await getApi().settings.testConnection();
  store().set({ busy: null, lastTest: result.ok ? result.value : null });
  if (!result.ok) reportFailure(result.error, 'settings');
}
