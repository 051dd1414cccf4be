/**
 * The state of a keyset-paged list (use-keyset-rows.ts) and its one transition function. Every change —
 * a page, a count, a reload — goes through `nextKeysetState`, and the hook applies it to its live copy
 * and to React's state at once. Two writers used to meet here: the count's answer was applied with a
 * functional update while the page loader replaced the whole state from its (older) live copy, so a
 * count that came first was overwritten by the page that followed — a list of one row that said 0.
 */
import type { KeysetPage, RowCount } from '../../../../shared/ipc/index.js';

export interface KeysetState<Row> {
  rows: Row[];
  /** The cursor after the last loaded row; null before the first page and after the last. */
  next: string | null;
  done: boolean;
  /** How many rows match, when known; kept across a reload until the new count comes. */
  count: RowCount | null;
  loading: boolean;
}

export type KeysetEvent<Row> =
  | { kind: 'reload' }
  | { kind: 'loading' }
  | { kind: 'page'; page: KeysetPage<Row> }
  | { kind: 'failed' }
  | { kind: 'count'; count: RowCount };

export const emptyKeysetState = <Row>(): KeysetState<Row> => ({ rows: [], next: null, done: false, count: null, loading: true });

export function nextKeysetState<Row>(state: KeysetState<Row>, event: KeysetEvent<Row>): KeysetState<Row> {
  switch (event.kind) {
    case 'reload':
      return { ...emptyKeysetState<Row>(), count: state.count };
    case 'loading':
      return { ...state, loading: true };
    case 'page':
      return { ...state, rows: [...state.rows, ...event.page.rows], next: event.page.next, done: event.page.next === null, loading: false };
    case 'failed':
      return { ...state, loading: false };
    case 'count':
      return { ...state, count: event.count };
  }
}
