/** UI state of printing: the print dialog (what, where, how), its preview and the jobs of the last run. */
import { create } from 'zustand';
import type { PreviewPage, PrintDocument, PrintJobView, PrintMode } from '../../../../shared/ipc/schemas/print.js';

export interface PrinterEntry {
  name: string;
  isDefault: boolean;
  state: 'idle' | 'printing' | 'stopped' | 'unknown';
  detail?: string | undefined;
}

interface PrintState {
  open: boolean;
  invoiceIds: number[];
  invoiceType: string;
  backend: string;
  printers: PrinterEntry[];
  preferences: Record<string, string>;
  printer: string | null;
  copies: number;
  mode: PrintMode;
  documents: PrintDocument[];
  previewDocument: PrintDocument;
  preview: PreviewPage[] | null;
  hasList: boolean;
  invoiceStatus: string | null;
  zoom: number;
  busy: boolean;
  progress: { done: number; total: number } | null;
  jobs: PrintJobView[];
  /** Paper invoices ticked in the history table for printing together: id → invoice type. */
  selection: Record<number, string>;
  set: (patch: Partial<PrintState>) => void;
  close: () => void;
}

export const usePrintStore = create<PrintState>((set) => ({
  open: false,
  invoiceIds: [],
  invoiceType: '004',
  backend: 'none',
  printers: [],
  preferences: {},
  printer: null,
  copies: 1,
  mode: 'overlay',
  documents: ['invoice', 'list'],
  previewDocument: 'invoice',
  preview: null,
  hasList: false,
  invoiceStatus: null,
  zoom: 1,
  busy: false,
  progress: null,
  jobs: [],
  selection: {},
  set: (patch) => set(patch),
  close: () => set({ open: false, preview: null, jobs: [], progress: null }),
}));
