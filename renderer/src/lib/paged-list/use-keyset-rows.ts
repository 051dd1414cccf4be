/**
 * The rows of a long list loaded from main in keyset pages (shared/ipc/schemas/page.ts) as the view
 * needs them: the first page at once, then pages following the cursor up to the row the clerk scrolls
 * to (placeholders until they come), never the whole result. Reusable by any ledger: give it a source
 * (page + optional count) and a key that changes when the filter does.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeysetPage, RowCount } from '../../../../shared/ipc/index.js';
import { emptyKeysetState, nextKeysetState, type KeysetEvent, type KeysetState } from './keyset-state.js';
import { DEFAULT_BODY_HEIGHT, DEFAULT_ROW_HEIGHT } from './virtual-table.js';

export interface KeysetSource<Row> {
  /** One page after `cursor` (undefined: the first); null when the call failed (already reported). */
  fetchPage(cursor: string | undefined, limit: number): Promise<KeysetPage<Row> | null>;
  /** How many rows match; null when the call failed. Optional. */
  fetchCount?(): Promise<RowCount | null>;
}

export interface KeysetRows<Row> {
  /** The loaded rows, from the first. */
  rows: Row[];
  /** Rows the list should be tall for: the count when known, else the loaded rows plus one page. */
  total: number;
  count: RowCount | null;
  /** true when the last page has been loaded. */
  done: boolean;
  loading: boolean;
  /** Loads pages until row `index` is there (or the end). */
  ensure(index: number): void;
  /** Reloads from the first page, keeping up to `keep` rows' worth (events that change rows). */
  reload(keep?: number): void;
}

/**
 * The first page is what the table shows before any scrolling (it is what the clerk waits for: 15 rows
 * in the default 520 px body); the rows below, and later pages, come in bigger pages right after.
 */
export const FIRST_PAGE = Math.ceil(DEFAULT_BODY_HEIGHT / DEFAULT_ROW_HEIGHT);
export const NEXT_PAGE = 100;
export const MAX_PAGE = 500;

export function useKeysetRows<Row>(source: KeysetSource<Row>, key: unknown): KeysetRows<Row> {
  const [state, setState] = useState<KeysetState<Row>>(emptyKeysetState);
  /** The state as of the last event, ahead of React's render: the pump reads its cursor from here. */
  const live = useRef(state);
  /** The one writer of the state: the live copy and React's state always take the same event. */
  const apply = useCallback((event: KeysetEvent<Row>) => {
    live.current = nextKeysetState(live.current, event);
    setState(live.current);
  }, []);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  /** Bumped by every reload: answers of an older generation are dropped. */
  const generation = useRef(0);
  const wanted = useRef(0);
  const running = useRef(false);
  /** Rows shown during a reload that keeps rows, until its first page replaces them (no flicker). */
  const stale = useRef<Row[]>([]);

  const pump = useCallback(async (gen: number) => {
    if (running.current) return;
    running.current = true;
    try {
      for (;;) {
        const current = live.current;
        if (gen !== generation.current || current.done || current.rows.length > wanted.current) return;
        const least = current.rows.length === 0 ? FIRST_PAGE : NEXT_PAGE;
        const limit = Math.min(MAX_PAGE, Math.max(least, wanted.current + 1 - current.rows.length));
        apply({ kind: 'loading' });
        const page = await sourceRef.current.fetchPage(current.rows.length === 0 ? undefined : (current.next ?? undefined), limit);
        if (gen !== generation.current) return;
        if (page === null) {
          apply({ kind: 'failed' });
          return;
        }
        stale.current = [];
        apply({ kind: 'page', page });
      }
    } finally {
      running.current = false;
      // A reload may have come in while this pump was busy with an older generation.
      if (gen !== generation.current) void pump(generation.current);
    }
  }, [apply]);

  const reload = useCallback(
    (keep = 0) => {
      const gen = ++generation.current;
      stale.current = keep > 0 ? live.current.rows : [];
      wanted.current = Math.min(MAX_PAGE, Math.max(FIRST_PAGE, keep)) - 1;
      apply({ kind: 'reload' });
      void pump(gen);
      const counting = sourceRef.current.fetchCount?.();
      if (counting)
        void counting.then((count) => {
          if (gen === generation.current && count !== null) apply({ kind: 'count', count });
        });
    },
    [apply, pump],
  );

  useEffect(() => {
    reload();
  }, [key, reload]);

  const ensure = useCallback(
    (index: number) => {
      if (index <= wanted.current) return;
      wanted.current = index;
      void pump(generation.current);
    },
    [pump],
  );

  const { done, count, loading } = state;
  const rows = state.rows.length === 0 && stale.current.length > 0 ? stale.current : state.rows;
  const total = done ? rows.length : count?.exact ? Math.max(count.count, rows.length) : rows.length + FIRST_PAGE;
  return { rows, total, count, done, loading, ensure, reload };
}
