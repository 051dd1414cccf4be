import { useCallback, useEffect } from 'react';
import { getApi } from '../../../lib/api.js';
import { reportFailure } from '../../../lib/messages.js';
import { useHistoryStore } from '../store.js';

/** One page is enough for the walking skeleton; paging comes with search. */
const PAGE = 200;

/** Loads the history on mount and keeps it current from `issuance:updated`; returns a manual refresh. */
export function useHistorySync(): () => void {
  const refresh = useCallback(async () => {
    const { beginLoad, finishLoad } = useHistoryStore.getState();
    beginLoad();
    const result = await getApi().history.list({ limit: PAGE });
    if (result.ok) finishLoad(result.value);
    else {
      finishLoad(null);
      reportFailure(result.error, 'history:list');
    }
  }, []);

  useEffect(() => {
    // Subscribe before loading so that no update can slip between the answer and the subscription.
    const stop = getApi().on('issuance:updated', (row) => useHistoryStore.getState().upsert(row));
    void refresh();
    return stop;
  }, [refresh]);

  return useCallback(() => void refresh(), [refresh]);
}
