import { useCallback, useEffect, useRef } from 'react';
import { historyDetail, onHistoryChanged, searchHistory } from '../actions.js';
import { reportFailure } from '../../../lib/messages.js';
import { useHistoryStore } from '../store.js';

const PAGE = 50;
/** Events come in bursts (a red invoice and its form); one refetch per burst is enough. */
const REFRESH_DELAY_MS = 150;

/** Reloads the open invoice's detail (after an action or an event). */
export async function reloadDetail(): Promise<void> {
  const { selectedId, setDetail } = useHistoryStore.getState();
  if (selectedId === null) return;
  const result = await historyDetail(selectedId);
  if (result.ok) setDetail(result.value);
  else reportFailure(result.error, 'history:detail');
}

/**
 * Searches whenever the filter changes, and again (list and open detail) when main reports a change to
 * an invoice or a red-letter form. Returns a refresh and a load-more.
 */
export function useHistorySync(): { refresh: () => void; loadMore: () => void } {
  const filter = useHistoryStore((s) => s.filter);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(async (append: boolean) => {
    const state = useHistoryStore.getState();
    const generation = state.beginLoad();
    const offset = append ? state.rows.length : 0;
    // Keep the rows already on screen when events refetch: a refresh asks for as many as are shown.
    const limit = append ? PAGE : Math.min(500, Math.max(PAGE, state.rows.length));
    const result = await searchHistory({ ...state.filter, direction: 'output', limit, offset });
    if (result.ok) state.finishLoad(generation, result.value.rows, result.value.hasMore, append);
    else {
      state.finishLoad(generation, null, false, append);
      reportFailure(result.error, 'history:search');
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [filter, load]);

  useEffect(() => {
    const later = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void load(false);
        void reloadDetail();
      }, REFRESH_DELAY_MS);
    };
    const stop = onHistoryChanged(later);
    return () => {
      stop();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [load]);

  return { refresh: useCallback(() => void load(false), [load]), loadMore: useCallback(() => void load(true), [load]) };
}
