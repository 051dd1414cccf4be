/** UI state of the settings view: what main says the settings are, what is in progress, the last connection test. */
import { create } from 'zustand';
import type { ConnectionTestResult, SettingsView } from '../../../../shared/ipc/schemas/settings.js';

interface SettingsState {
  view: SettingsView | null;
  busy: 'loading' | 'saving' | 'testing' | null;
  lastTest: ConnectionTestResult | null;
  set(patch: Partial<Pick<SettingsState, 'view' | 'busy' | 'lastTest'>>): void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  view: null,
  busy: null,
  lastTest: null,
  set: (patch) => set(patch),
}));
