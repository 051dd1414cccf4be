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
  /** The drafts list shows only those awaiting review (待复核, a reviewer's list). */
  draftsPendingOnly: boolean;
  reviewOpen: boolean;
  /** null until known; false once a library channel answered UNKNOWN_CHANNEL (not built yet). */
  librariesAvailable: boolean | null;
  recent: InvoiceSummary[];
  /**
   * Content the form should take over as soon as it is shown (再开一张 from the history or a template):
   * set by actions, consumed once by the form. `focus` names the field the cursor goes to.
   */
  incoming: { content: unknown; focus: string } | null;
  /** Updates that arrived before their submission's answer, by lsh (see applyInvoiceUpdate). */
  early: Record<string, InvoiceSummary>;
  noteEarlyUpdate(invoice: InvoiceSummary): void;
  takeEarlyUpdate(lsh: string): InvoiceSummary | undefined;
  setIncoming(incoming: { content: unknown; focus: string } | null): void;
  setSubmitting(submitting: boolean): void;
  setAttempted(attempted: boolean): void;
  setLastSubmitted(lsh: string): void;
  setDraft(id: number | null, savedAt: string | null): void;
  setDrafts(drafts: DraftSummary[]): void;
  setDraftsPendingOnly(pendingOnly: boolean): void;
  setReviewOpen(open: boolean): void;
  setLibrariesAvailable(available: boolean): void;
  /** Adds or updates a submitted invoice; returns the previous status (undefined when new to this session). */
  upsertRecent(invoice: InvoiceSummary): InvoiceSummary['status'] | undefined;
}

const RECENT_LIMIT = 20;
const EARLY_LIMIT = 50;

export const useIssuanceStore = create<IssuanceState>()((set, get) => ({
  submitting: false,
  attempted: false,
  lastSubmittedLsh: null,
  draftId: null,
  draftSavedAt: null,
  drafts: [],
  draftsPendingOnly: false,
  reviewOpen: false,
  librariesAvailable: null,
  recent: [],
  incoming: null,
  early: {},
  noteEarlyUpdate: (invoice) => {
    // Only the newest few matter (a submission's answer comes within seconds); batches raise many.
    const kept = Object.values(get().early).slice(-EARLY_LIMIT + 1);
    set({ early: Object.fromEntries([...kept, invoice].map((row) => [row.lsh, row])) });
  },
  takeEarlyUpdate: (lsh) => {
    const found = get().early[lsh];
    if (found) {
      const { [lsh]: _taken, ...rest } = get().early;
      set({ early: rest });
    }
    return found;
  },
  setIncoming: (incoming) => set({ incoming }),
  setSubmitting: (submitting) => set({ submitting }),
  setAttempted: (attempted) => set({ attempted }),
  setLastSubmitted: (lsh) => set({ lastSubmittedLsh: lsh }),
  setDraft: (draftId, draftSavedAt) => set({ draftId, draftSavedAt }),
  setDrafts: (drafts) => set({ drafts }),
  setDraftsPendingOnly: (draftsPendingOnly) => set({ draftsPendingOnly }),
  setReviewOpen: (reviewOpen) => set({ reviewOpen }),
  setLibrariesAvailable: (librariesAvailable) => set({ librariesAvailable }),
  upsertRecent: (invoice) => {
    const previous = get().recent.find((row) => row.lsh === invoice.lsh);
    const recent = get().recent;
    set({ recent: previous ? recent.map((row) => (row.lsh === invoice.lsh ? invoice : row)) : [invoice, ...recent].slice(0, RECENT_LIMIT) });
    return previous?.status;
  },
}));
