/** Reversal UI state: the terminal (kpzdbs) last used for a red-letter application, offered again next time. */
import { create } from 'zustand';

interface ReversalState {
  lastTerminal: string;
  setLastTerminal(terminal: string): void;
}

export const useReversalStore = create<ReversalState>()((set) => ({
  lastTerminal: '',
  setLastTerminal: (lastTerminal) => set({ lastTerminal }),
}));
