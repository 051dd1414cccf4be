/**
 * History UI state: the filter on screen, the page of rows it found, the invoice open in the drawer and
 * whether the red dialog is open. Data comes from main (history:search, history:detail) and is refetched
 * when `issuance:updated` / `reversal:formUpdated` say something changed, so 排队 → 开具中 → 已开具 and
 * 部分冲红 → 已全额冲红 appear without a click.
 */
import { create } from 'zustand';
import type { HistoryFilter, HistoryRow, OutputInvoiceDetail } from '../../../../shared/ipc/index.js';

/** The filter as the bar edits it; paging is added when searching. */
export type FilterValues = Omit<HistoryFilter, 'limit' | 'offset' | 'direction'>;

interface HistoryState {
  filter: FilterValues;
  rows: HistoryRow[];
  hasMore: boolean;
  loading: boolean;
  /** Bumped by every search, so an older answer arriving late is dropped. */
  generation: number;
  selectedId: number | null;
  detail: OutputInvoiceDetail | null;
  redOpen: boolean;
  setFilter(patch: Partial<FilterValues>): void;
  clearFilter(): void;
  beginLoad(): number;
  finishLoad(generation: number, rows: HistoryRow[] | null, hasMore: boolean, append: boolean): void;
  select(id: number | null): void;
  setDetail(detail: OutputInvoiceDetail | null): void;
  setRedOpen(open: boolean): void;
}

/** Undefined or empty values mean "no condition": they are removed so the filter stays valid for main. */
function compact(filter: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as FilterValues;
}

export const useHistoryStore = create<HistoryState>()((set, get) => ({
  filter: {},
  rows: [],
  hasMore: false,
  loading: false,
  generation: 0,
  selectedId: null,
  detail: null,
  redOpen: false,
  setFilter: (patch) => set((s) => ({ filter: compact({ ...s.filter, ...patch }) })),
  clearFilter: () => set({ filter: {} }),
  beginLoad: () => {
    const generation = get().generation + 1;
    set({ loading: true, generation });
    return generation;
  },
  finishLoad: (generation, rows, hasMore, append) =>
    set((s) => {
      if (generation !== s.generation) return {};
      if (rows === null) return { loading: false };
      return { loading: false, rows: append ? [...s.rows, ...rows] : rows, hasMore };
    }),
  select: (id) => set({ selectedId: id, detail: id === null ? null : get().detail?.summary.id === id ? get().detail : null, redOpen: false }),
  setDetail: (detail) => set((s) => (detail === null || detail.summary.id === s.selectedId ? { detail } : {})),
  setRedOpen: (open) => set({ redOpen: open }),
}));
