/** Issuance UI state: whether a submission is in flight, and what was last submitted (for the hint line). */
import { create } from 'zustand';

interface IssuanceState {
  submitting: boolean;
  lastSubmittedLsh: string | null;
  setSubmitting(submitting: boolean): void;
  setLastSubmitted(lsh: string): void;
}

export const useIssuanceStore = create<IssuanceState>()((set) => ({
  submitting: false,
  lastSubmittedLsh: null,
  setSubmitting: (submitting) => set({ submitting }),
  setLastSubmitted: (lsh) => set({ lastSubmittedLsh: lsh }),
}));
