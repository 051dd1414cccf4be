/**
 * UI state of the 收票 view only: the queue as main last reported it (items by id, in arrival order),
 * which item is open for review, the verification shown, the ledger's filter and totals (and whose ledger
 * it is), busy flags, and Enter pressed in the queue (a request the review panel answers with its draft).
 * The ledger's rows are loaded in keyset pages by the ledger panel (lib/paged-list).
 */
import { create } from 'zustand';
import type { IntakeItem, IntakeLedger, IntakeLedgerFilter, VerificationView } from '../../../../shared/ipc/index.js';

export type IntakeTab = 'queue' | 'ledger';

/** 查验已接收: the queue items verified one after another, and what each came to (a view, or a failed call in words). */
export interface VerifyRun {
  ids: string[];
  results: Record<string, { view: VerificationView } | { error: string }>;
  running: boolean;
}

interface IntakeState {
  tab: IntakeTab;
  order: string[];
  items: Record<string, IntakeItem>;
  selected: string | null;
  preview: { receivedId: number; mime: string; base64: string | null; pages: Array<{ base64: string; width: number; height: number }>; pageCount: number } | null;
  verification: VerificationView | null;
  /** Totals of the whole filtered ledger (from its first page). */
  ledgerTotals: IntakeLedger['totals'];
  /** The enterprise whose ledger is shown (from its first page). */
  ledgerEnterprise: IntakeLedger['enterprise'] | null;
  /** Bumped by Enter in the queue: the review panel accepts the open file with what it shows. */
  acceptRequests: number;
  filter: IntakeLedgerFilter;
  /** Bumped by each search: the panel loads the rows again from the first page. */
  ledgerReloads: number;
  scanners: { kind: string; devices: { id: string; name: string }[] } | null;
  scanFolder: string | null;
  busy: Partial<Record<'pick' | 'scan' | 'accept' | 'verify' | 'ledger' | 'export', boolean>>;
  verifyRun: VerifyRun | null;
  setVerifyRun(run: VerifyRun | null): void;
  recordVerified(id: string, result: VerifyRun['results'][string]): void;
  setTab(tab: IntakeTab): void;
  upsert(items: IntakeItem[]): void;
  select(id: string | null): void;
  setPreview(preview: IntakeState['preview']): void;
  setVerification(view: VerificationView | null): void;
  setLedgerTotals(totals: IntakeLedger['totals'], enterprise: IntakeLedger['enterprise']): void;
  requestAccept(): void;
  setFilter(filter: IntakeLedgerFilter): void;
  setScanners(scanners: IntakeState['scanners']): void;
  setScanFolder(folder: string | null): void;
  setBusy(key: keyof IntakeState['busy'], busy: boolean): void;
}

export const useIntakeStore = create<IntakeState>()((set) => ({
  tab: 'queue',
  order: [],
  items: {},
  selected: null,
  preview: null,
  verification: null,
  ledgerTotals: null,
  ledgerEnterprise: null,
  acceptRequests: 0,
  filter: {},
  ledgerReloads: 0,
  scanners: null,
  scanFolder: null,
  busy: {},
  verifyRun: null,
  setVerifyRun: (verifyRun) => set({ verifyRun }),
  recordVerified: (id, result) => set((s) => (s.verifyRun ? { verifyRun: { ...s.verifyRun, results: { ...s.verifyRun.results, [id]: result } } } : {})),
  setTab: (tab) => set({ tab }),
  upsert: (incoming) =>
    set((s) => {
      const items = { ...s.items };
      const order = [...s.order];
      for (const item of incoming) {
        if (!items[item.id]) order.push(item.id);
        items[item.id] = item;
      }
      return { items, order };
    }),
  select: (selected) => set({ selected, preview: null, verification: null }),
  setPreview: (preview) => set({ preview }),
  setVerification: (verification) => set({ verification }),
  setLedgerTotals: (ledgerTotals, ledgerEnterprise) => set({ ledgerTotals, ledgerEnterprise }),
  requestAccept: () => set((s) => ({ acceptRequests: s.acceptRequests + 1 })),
  setFilter: (filter) => set((s) => ({ filter, ledgerReloads: s.ledgerReloads + 1 })),
  setScanners: (scanners) => set({ scanners }),
  setScanFolder: (scanFolder) => set({ scanFolder }),
  setBusy: (key, busy) => set((s) => ({ busy: { ...s.busy, [key]: busy } })),
}));
