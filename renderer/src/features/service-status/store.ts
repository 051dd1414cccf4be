/** UI state of the service reachability banner: the last status main pushed, and whether a reconnect runs. */
import { create } from 'zustand';
import type { ServiceStatus } from '../../../../shared/ipc/channels/service.js';

interface ServiceStatusState {
  status: ServiceStatus | null;
  reconnecting: boolean;
  setStatus(status: ServiceStatus): void;
  setReconnecting(reconnecting: boolean): void;
}

export const useServiceStatusStore = create<ServiceStatusState>()((set) => ({
  status: null,
  reconnecting: false,
  setStatus: (status) => set({ status }),
  setReconnecting: (reconnecting) => set({ reconnecting }),
}));
