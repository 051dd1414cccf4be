/**
 * Issuance UI state (one store for the feature, UI state only): submission in flight, whether the clerk
 * has tried to submit (from then on every issue shows, not only those of touched fields), the draft being
 * edited, the review screen, and the invoices submitted in this session with their live status.
 */
import { create } from 'zustand';
import type { DraftSummary, InvoiceSummary } from '../../../../shared/ipc/schemas/issuance.js';

interface IssuanceState {
  submitting: boolean;
  attempted: boolean;
  lastSubmittedLsh: string | null;
  draftId: number | null;
  draftSavedAt: string | null;
  drafts: DraftSummary[];
  reviewOpen: boolean;
  /** null until known; false once a library channel answered UNKNOWN_CHANNEL (not built yet). */
  librariesAvailable: boolean | null;
  recent: InvoiceSummary[];
  setSubmitting(submitting: boolean): void;
  setAttempted(attempted: boolean): void;
  setLastSubmitted(lsh: string): void;
  setDraft(id: number | null, savedAt: string | null): void;
  setDrafts(drafts: DraftSummary[]): void;
  setReviewOpen(open: boolean): void;
  setLibrariesAvailable(available: boolean): void;
  /** Adds or updates a submitted invoice; returns the previous status (undefined when new to this session). */
  upsertRecent(invoice: InvoiceSummary): InvoiceSummary['status'] | undefined;
}

const RECENT_LIMIT = 20;

export const useIssuanceStore = create<IssuanceState>()((set, get) => ({
  submitting: false,
  attempted: false,
  lastSubmittedLsh: null,
  draftId: null,
  draftSavedAt: null,
  drafts: [],
  reviewOpen: false,
  librariesAvailable: null,
  recent: [],
  setSubmitting: (submitting) => set({ submitting }),
  setAttempted: (attempted) => set({ attempted }),
  setLastSubmitted: (lsh) => set({ lastSubmittedLsh: lsh }),
  setDraft: (draftId, draftSavedAt) => set({ draftId, draftSavedAt }),
  setDrafts: (drafts) => set({ drafts }),
  setReviewOpen: (reviewOpen) => set({ reviewOpen }),
  setLibrariesAvailable: (librariesAvailable) => set({ librariesAvailable }),
  upsertRecent: (invoice) => {
    const previous = get().recent.find((row) => row.lsh === invoice.lsh);
    const recent = get().recent;
    set({ recent: previous ? recent.map((row) => (row.lsh === invoice.lsh ? invoice : row)) : [invoice, ...recent].slice(0, RECENT_LIMIT) });
    return previous?.status;
  },
}));
