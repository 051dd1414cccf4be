/**
 * UI state of the 批量开票 view: the batch on screen (its report and its rows' states), its progress, the
 * recent batches, and which call is running. Rows are updated in place from `issuance:updated`, in
 * bursts (see use-batch-sync.ts).
 */
import { create } from 'zustand';
import type { BatchDetail, BatchProgress, BatchSummary } from '../../../../shared/ipc/schemas/batch.js';
import type { InvoiceSummary } from '../../../../shared/ipc/schemas/issuance.js';

interface BatchState {
  batch: BatchDetail | null;
  recent: BatchSummary[];
  busy: Partial<Record<'template' | 'import' | 'submit' | 'export' | 'load', boolean>>;
  show(batch: BatchDetail): void;
  setRecent(recent: BatchSummary[]): void;
  setBusy(key: keyof BatchState['busy'], busy: boolean): void;
  /** Applies a burst of events in one update (the latest progress, and invoice states by lsh). */
  apply(progress: BatchProgress | null, invoices: InvoiceSummary[]): void;
}

export const useBatchStore = create<BatchState>()((set) => ({
  batch: null,
  recent: [],
  busy: {},
  show: (batch) => set({ batch }),
  setRecent: (recent) => set({ recent }),
  setBusy: (key, busy) => set((s) => ({ busy: { ...s.busy, [key]: busy } })),
  apply: (progress, invoices) =>
    set((s) => {
      if (!s.batch) return {};
      const byLsh = new Map(invoices.map((invoice) => [invoice.lsh, invoice]));
      const rows = s.batch.rows.map((row) => {
        const invoice = row.lsh === null ? undefined : byLsh.get(row.lsh);
        return invoice
          ? { ...row, state: invoice.status, invoiceCode: invoice.invoiceCode, invoiceNumber: invoice.invoiceNumber, error: invoice.error }
          : row;
      });
      const ownProgress = progress && progress.batchId === s.batch.id ? progress : s.batch.progress;
      return { batch: { ...s.batch, rows, progress: ownProgress } };
    }),
}));
