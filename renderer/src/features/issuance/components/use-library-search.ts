/**
 * Search in the customer or product library as the clerk types. The libraries belong to another
 * feature; until their handlers exist the channels answer UNKNOWN_CHANNEL — then the form quietly
 * falls back to typing (a new buyer or line is always allowed) and says so once, without an error popup.
 */
import { useCallback, useState } from 'react';
import type { Customer, Product } from '../../../../../shared/ipc/schemas/libraries.js';
import { searchLibrary } from '../actions.js';
import { reportFailure } from '../../../lib/messages.js';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.js';
import { useIssuanceStore } from '../store.js';

const DEBOUNCE_MS = 200;
const LIMIT = 20;

type Kind = 'customers' | 'products';
type RowOf<K extends Kind> = K extends 'customers' ? Customer : Product;

export function useLibrarySearch<K extends Kind>(kind: K): { rows: RowOf<K>[]; search(query: string): void } {
  const [rows, setRows] = useState<RowOf<K>[]>([]);
  const lookup = useDebouncedSearch(
    (query: string) => searchLibrary(kind, { query, limit: LIMIT }),
    (result) => {
      if (result.ok) {
        useIssuanceStore.getState().setLibrariesAvailable(true);
        setRows(result.value.rows as RowOf<K>[]);
      } else if (result.error.code === 'UNKNOWN_CHANNEL') {
        useIssuanceStore.getState().setLibrariesAvailable(false);
        setRows([]);
      } else {
        reportFailure(result.error, `${kind}:list`);
      }
    },
    DEBOUNCE_MS,
  );

  const search = useCallback(
    (query: string) => {
      if (useIssuanceStore.getState().librariesAvailable === false || query.trim() === '') {
        lookup.cancel();
        setRows([]);
        return;
      }
      lookup.schedule(query.trim());
    },
    [lookup],
  );
  return { rows, search };
}
