import { useEffect, useMemo, useRef } from 'react';
import type { HistoryRow } from '../../../../../shared/ipc/index.js';
import { reportFailure } from '../../../lib/messages.js';
import { useKeysetRows, type KeysetRows, type KeysetSource } from '../../../lib/paged-list/index.js';
import { countHistory, historyDetail, searchHistory } from '../actions.js';
import { subscribeChanges } from '../../../lib/change-feed.js';
import { useHistoryStore } from '../store.js';
import { callOrder } from '../../../lib/call-order.js';

const detailCalls = callOrder();

/** Reloads the open invoice's detail (after an action or an event). */
export async function reloadDetail(): Promise<void> {
  const { selectedId, setDetail } = useHistoryStore.getState();
  if (selectedId === null) return;
  const answered = detailCalls.begin();
  const result = await historyDetail(selectedId);
  // A newer read's answer is already shown, or the clerk has opened another invoice meanwhile.
  if (useHistoryStore.getState().selectedId !== selectedId || !answered(result.ok)) return;
  if (result.ok) setDetail(result.value);
  else reportFailure(result.error, 'history:detail');
}

export type HistoryRows = KeysetRows<HistoryRow> & { needMoreText: boolean };

/**
 * The output invoices the filter finds, newest first, loaded in keyset pages as the table scrolls
 * (history:search with a cursor) with their count (history:count); reloaded when the filter changes
 * and, keeping as many rows as were loaded, when main reports a change to an invoice or a form.
 */
export function useHistoryRows(): HistoryRows {
  const filter = useHistoryStore((s) => s.filter);
  const needMoreText = useRef(false);
  const source = useMemo<KeysetSource<HistoryRow>>(
    () => ({
      async fetchPage(cursor, limit) {
        const result = await searchHistory({ ...filter, direction: 'output', limit, ...(cursor === undefined ? {} : { cursor }) });
        if (!result.ok) {
          reportFailure(result.error, 'history:search');
          return null;
        }
        needMoreText.current = result.value.needMoreText;
        return result.value;
      },
      async fetchCount() {
        const result = await countHistory({ ...filter, direction: 'output' });
        if (!result.ok) {
          reportFailure(result.error, 'history:count');
          return null;
        }
        return result.value;
      },
    }),
    [filter],
  );
  const list = useKeysetRows(source, source);
  const reloadRef = useRef(list.reload);
  reloadRef.current = list.reload;
  const loadedRef = useRef(list.rows.length);
  loadedRef.current = list.rows.length;

  // A projection on the change feed (docs/architecture.md §12): invoices, their forms and print jobs, and
  // the switch of enterprise (the history shows only the active one's invoices).
  useEffect(
    () =>
      subscribeChanges(['invoice', 'redForm', 'print', 'enterprise'], () => {
        reloadRef.current(loadedRef.current);
        void reloadDetail();
      }),
    [],
  );

  return { ...list, needMoreText: needMoreText.current };
}
