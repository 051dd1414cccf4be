/**
 * UI state of collection and the input ledger: runs on screen, the filter, the totals of the filtered
 * ledger, the ticked rows (the selection handed to certification). The rows themselves are loaded in
 * keyset pages by the ledger view (lib/paged-list); `reloads` bumps to load them again from the top.
 */
import { create } from 'zustand';
import type { CollectionRunView, LedgerFilter, LedgerRow, LedgerTotals } from '../../../../shared/ipc/schemas/collection.js';

interface CollectionState {
  runs: CollectionRunView[];
  syncOnStart: boolean;
  filter: LedgerFilter;
  /** Changed to reload the rows from the first page (a run ended, a certification was sent…). */
  reloads: number;
  totals: LedgerTotals | null;
  /** Ticked rows by id (as text: the virtual table's row key). */
  checked: Map<string, LedgerRow>;
  busy: Partial<Record<'start' | 'sync' | 'export', boolean>>;
  patch(patch: Partial<Omit<CollectionState, 'patch' | 'upsertRun' | 'mergeRuns'>>): void;
  upsertRun(run: CollectionRunView): void;
  /** Runs read from main: a progress event that came in meanwhile may be newer than the answer. */
  mergeRuns(runs: CollectionRunView[]): void;
}

const STATUS_RANK = { running: 0, closing: 1, failed: 2, done: 2 } as const;
/** The later of two views of one run (events and answers may cross). */
function later(a: CollectionRunView, b: CollectionRunView): CollectionRunView {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt ? a : b;
  if (STATUS_RANK[a.status] !== STATUS_RANK[b.status]) return STATUS_RANK[a.status] > STATUS_RANK[b.status] ? a : b;
  return a.rows >= b.rows ? a : b;
}

export const useCollectionStore = create<CollectionState>()((set) => ({
  runs: [],
  syncOnStart: false,
  filter: {},
  reloads: 0,
  totals: null,
  checked: new Map(),
  busy: {},
  patch: (patch) => set(patch),
  upsertRun: (run) =>
    set((s) => {
      const held = s.runs.find((r) => r.id === run.id);
      const others = s.runs.filter((r) => r.id !== run.id);
      return { runs: [held ? later(held, run) : run, ...others].sort((a, b) => b.id - a.id).slice(0, 30) };
    }),
  mergeRuns: (runs) =>
    set((s) => {
      const held = new Map(s.runs.map((r) => [r.id, r]));
      return { runs: runs.map((run) => (held.has(run.id) ? later(held.get(run.id)!, run) : run)).sort((a, b) => b.id - a.id).slice(0, 30) };
    }),
}));
