/**
 * UI state of the 客户与商品 view: what each table shows (page, search text), which entry the modal form
 * edits, and the last import report. The data itself lives in main; this is only what is on screen.
 */
import { create } from 'zustand';
import type { Customer, LibraryImportResult, Product } from '../../../../shared/ipc/schemas/libraries.js';

export type LibraryKind = 'customers' | 'products';
export type EntryOf<K extends LibraryKind> = K extends 'customers' ? Customer : Product;

export interface TableState<T> {
  rows: T[];
  total: number;
  query: string;
  page: number;
  loading: boolean;
}

/** The modal form: which kind, and the entry being edited (null: a new one). */
export type Editing = { kind: 'customers'; entry: Customer | null } | { kind: 'products'; entry: Product | null };

interface LibrariesState {
  customers: TableState<Customer>;
  products: TableState<Product>;
  editing: Editing | null;
  report: { kind: LibraryKind; result: LibraryImportResult } | null;
  busy: Partial<Record<`${LibraryKind}:${'import' | 'export' | 'save' | 'copy'}`, boolean>>;
  /** Enterprises whose library can be copied (the title bar's choices). */
  copySources: Array<{ taxNumber: string; name: string }>;
  patchTable<K extends LibraryKind>(kind: K, patch: Partial<TableState<EntryOf<K>>>): void;
  setEditing(editing: Editing | null): void;
  setReport(report: LibrariesState['report']): void;
  setBusy(key: keyof LibrariesState['busy'], busy: boolean): void;
  setCopySources(sources: LibrariesState['copySources']): void;
}

const emptyTable = <T>(): TableState<T> => ({ rows: [], total: 0, query: '', page: 1, loading: false });

export const PAGE_SIZE = 20;

export const useLibrariesStore = create<LibrariesState>()((set) => ({
  customers: emptyTable<Customer>(),
  products: emptyTable<Product>(),
  editing: null,
  report: null,
  busy: {},
  copySources: [],
  patchTable: (kind, patch) => set((s) => ({ [kind]: { ...s[kind], ...patch } }) as Partial<LibrariesState>),
  setEditing: (editing) => set({ editing }),
  setReport: (report) => set({ report }),
  setBusy: (key, busy) => set((s) => ({ busy: { ...s.busy, [key]: busy } })),
  setCopySources: (copySources) => set({ copySources }),
}));
