/** UI state of printing: the print dialog (what, where, how), its preview and the jobs of the last run. */
import { create } from 'zustand';
import type { PreviewPage, PrintDocument, PrintJobView, PrintMode } from '../../../../shared/ipc/schemas/print.js';
import type { FailureText } from '../../lib/messages.js';

export interface PreviewProblem {
  code: 'NO_QR_CODE' | 'TEXT_TOO_LONG';
  fields: string[];
}

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
  /** Which of the selected invoices the preview shows (paged through with 上一张 / 下一张). */
  previewIndex: number;
  /** Why a job would refuse the previewed page (no QR code, a value too long for its box). */
  problems: PreviewProblem[];
  hasList: boolean;
  /** A failed call while the dialog is open, shown inside it (nothing floats over its buttons). */
  failure: FailureText | null;
  /** A success shown inside the dialog (a saved PDF's path). */
  notice: string | null;
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
  documents: ['invoice'],
  previewDocument: 'invoice',
  preview: null,
  previewIndex: 0,
  problems: [],
  hasList: false,
  failure: null,
  notice: null,
  invoiceStatus: null,
  zoom: 1,
  busy: false,
  progress: null,
  jobs: [],
  selection: {},
  set: (patch) => set(patch),
  // 完整票面 never outlives a dialog: the next one opens on 套打 again (actions.openPrint).
  close: () => set({ open: false, preview: null, jobs: [], progress: null, failure: null, notice: null, mode: 'overlay' }),
}));
