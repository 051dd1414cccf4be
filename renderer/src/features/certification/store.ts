/** UI state of certification: the batches on screen and the period summary. */
import { create } from 'zustand';
import type { CertificationBatchView, CertificationSummary } from '../../../../shared/ipc/schemas/certification.js';

interface CertificationState {
  batches: CertificationBatchView[];
  summary: CertificationSummary | null;
  busy: boolean;
  patch(patch: Partial<Omit<CertificationState, 'patch' | 'upsert'>>): void;
  upsert(batch: CertificationBatchView): void;
}

export const useCertificationStore = create<CertificationState>()((set) => ({
  batches: [],
  summary: null,
  busy: false,
  patch: (patch) => set(patch),
  upsert: (batch) => set((s) => ({ batches: [batch, ...s.batches.filter((b) => b.PCH !== batch.PCH)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) })),
}));
