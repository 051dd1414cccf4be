/** UI state of the app's start-up: what main last said about it (null until it answered). */
import { create } from 'zustand';
import type { StartupStatus } from '../../../../shared/ipc/channels/startup.js';

interface StartupState {
  status: StartupStatus | null;
  busy: boolean;
  setStatus(status: StartupStatus): void;
}

export const useStartupStore = create<StartupState>()((set) => ({
  status: null,
  busy: false,
  setStatus: (status) => set({ status }),
}));
