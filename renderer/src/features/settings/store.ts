/** UI state of the settings view: what main says the settings are, and the last connection test. */
import { create } from 'zustand';
import type { ConnectionTestResult, SetRemoteRequest, SettingsView } from '../../../../shared/ipc/schemas/settings.js';
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';

interface SettingsState {
  view: SettingsView | null;
  busy: 'loading' | 'saving' | 'testing' | null;
  lastTest: ConnectionTestResult | null;
  load(): Promise<void>;
  saveRemote(request: SetRemoteRequest): Promise<boolean>;
  useSandbox(): Promise<void>;
  testConnection(): Promise<void>;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  view: null,
  busy: null,
  lastTest: null,
  async load() {
    set({ busy: 'loading' });
    const result = await getApi().settings.get();
    set({ busy: null, ...(result.ok ? { view: result.value } : {}) });
    if (!result.ok) reportFailure(result.error, 'settings');
  },
  async saveRemote(request) {
    set({ busy: 'saving' });
    const result = await getApi().settings.setRemote(request);
    set({ busy: null, ...(result.ok ? { view: result.value } : {}) });
    if (!result.ok) reportFailure(result.error, 'settings');
    return result.ok;
  },
  async useSandbox() {
    set({ busy: 'saving' });
    const result = await getApi().settings.useSandbox();
    set({ busy: null, ...(result.ok ? { view: result.value } : {}) });
    if (!result.ok) reportFailure(result.error, 'settings');
  },
  async testConnection() {
    set({ busy: 'testing', lastTest: null });
    const result = await getApi().settings.testConnection();
    set({ busy: null, lastTest: result.ok ? result.value : null });
    if (!result.ok) reportFailure(result.error, 'settings');
  },
}));
