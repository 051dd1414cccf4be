/**
 * History UI state: the filter on screen, the invoice open in the drawer and whether the red dialog is
 * open. The rows themselves are loaded page by page by use-history-sync.ts (useKeysetRows) and refetched
 * when `issuance:updated` / `redletter:updated` say something changed, so 排队 → 开具中 → 已开具 and
 * 部分冲红 → 已全额冲红 appear without a click. `checked` holds the rows ticked for acting on several at once
 * (printing), by the table's row key, so a tick survives scrolling and reloading.
 */
import { create } from 'zustand';
import type { HistoryFilter, HistoryRow, OutputInvoiceDetail } from '../../../../shared/ipc/index.js';

/** The filter as the bar edits it; paging is added when searching. */
export type FilterValues = Omit<HistoryFilter, 'limit' | 'offset' | 'direction' | 'cursor' | 'buyer'>;

interface HistoryState {
  filter: FilterValues;
  selectedId: number | null;
  detail: OutputInvoiceDetail | null;
  redOpen: boolean;
  checked: ReadonlyMap<string, HistoryRow>;
  setChecked(checked: ReadonlyMap<string, HistoryRow>): void;
  setFilter(patch: Partial<FilterValues>): void;
  clearFilter(): void;
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
  selectedId: null,
  detail: null,
  redOpen: false,
  checked: new Map(),
  setChecked: (checked) => set({ checked }),
  setFilter: (patch) => set((s) => ({ filter: compact({ ...s.filter, ...patch }) })),
  clearFilter: () => set({ filter: {} }),
  select: (id) => set({ selectedId: id, detail: id === null ? null : get().detail?.summary.id === id ? get().detail : null, redOpen: false }),
  setDetail: (detail) => set((s) => (detail === null || detail.summary.id === s.selectedId ? { detail } : {})),
  setRedOpen: (open) => set({ redOpen: open }),
}));
