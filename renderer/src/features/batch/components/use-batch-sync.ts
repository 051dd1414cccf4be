import { useEffect } from 'react';
import type { BatchProgress } from '../../../../../shared/ipc/schemas/batch.js';
import type { InvoiceSummary } from '../../../../../shared/ipc/schemas/issuance.js';
import { loadRecent, onBatchChanges, openBatch } from '../actions.js';
import { useBatchStore } from '../store.js';

/**
 * Events are applied at most this often. A batch of hundreds of invoices produces several events per
 * invoice within seconds; re-rendering the whole table for each one starves the page (and antd's table
 * measurements then cascade into React's nested-update limit).
 */
const APPLY_EVERY_MS = 200;
/** Re-reads the batch on screen this long after the last progress event, so its rows converge with main. */
const REFRESH_DELAY_MS = 400;

/**
 * Keeps the batch on screen current: progress and invoice updates are gathered and applied in bursts,
 * and a trailing re-read after the events stop makes sure nothing raced past the screen.
 */
export function useBatchSync(): void {
  useEffect(() => {
    let applyTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let progress: BatchProgress | null = null;
    const invoices = new Map<string, InvoiceSummary>();

    const flush = () => {
      applyTimer = undefined;
      useBatchStore.getState().apply(progress, [...invoices.values()]);
      progress = null;
      invoices.clear();
    };
    const schedule = () => {
      applyTimer ??= setTimeout(flush, APPLY_EVERY_MS);
    };

    const stop = onBatchChanges(
      (next) => {
      const current = useBatchStore.getState().batch;
      if (!current || current.id !== next.batchId) return;
      progress = next;
      schedule();
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void openBatch(next.batchId), REFRESH_DELAY_MS);
      },
      (invoice) => {
        invoices.set(invoice.lsh, invoice);
        schedule();
      },
    );
    void loadRecent();
    return () => {
      clearTimeout(applyTimer);
      clearTimeout(refreshTimer);
      stop();
    };
  }, []);
}
