/**
 * History UI state: the rows on screen. Rows are kept in place as `issuance:updated` events arrive, so a
 * clerk watching the list sees 排队 → 开具中 → 已开具 without a refetch.
 */
import { create } from 'zustand';
import type { InvoiceSummary } from '../../../../shared/ipc/schemas/issuance.js';

interface HistoryState {
  rows: InvoiceSummary[];
  loading: boolean;
  /** Events received while a list request was in flight; reapplied on top of its (older) answer. */
  pendingEvents: InvoiceSummary[] | null;
  beginLoad(): void;
  finishLoad(rows: InvoiceSummary[] | null): void;
  upsert(row: InvoiceSummary): void;
}

function merge(rows: InvoiceSummary[], row: InvoiceSummary): InvoiceSummary[] {
  const index = rows.findIndex((r) => r.lsh === row.lsh);
  if (index === -1) return [row, ...rows]; // newest first, like history:list
  const next = rows.slice();
  next[index] = row;
  return next;
}

export const useHistoryStore = create<HistoryState>()((set) => ({
  rows: [],
  loading: false,
  pendingEvents: null,
  beginLoad: () => set((s) => ({ loading: true, pendingEvents: s.pendingEvents ?? [] })),
  finishLoad: (rows) =>
    set((s) => ({
      loading: false,
      pendingEvents: null,
      rows: rows ? (s.pendingEvents ?? []).reduce(merge, rows) : s.rows,
    })),
  upsert: (row) =>
    set((s) => ({
      rows: merge(s.rows, row),
      pendingEvents: s.pendingEvents ? [...s.pendingEvents, row] : null,
    })),
}));
