/**
 * nextKeysetState (renderer/src/lib/paged-list/keyset-state.ts): a paged list's count and its pages are
 * answers to two calls that come back in either order; whichever comes first, the list ends with both.
 * CI once showed a history of one live row counted 0: the count came before the page and the page's
 * whole-state write put the old count back.
 */
import { describe, expect, it } from 'vitest';
import { emptyKeysetState, nextKeysetState, type KeysetEvent, type KeysetState } from '../../../renderer/src/lib/paged-list/keyset-state.js';

const run = (events: Array<KeysetEvent<string>>, from: KeysetState<string> = emptyKeysetState<string>()) => events.reduce(nextKeysetState, from);

describe('nextKeysetState', () => {
  const counted = run([{ kind: 'page', page: { rows: [], next: null } }, { kind: 'count', count: { count: 0, exact: true } }]);
  const page: KeysetEvent<string> = { kind: 'page', page: { rows: ['A-1'], next: null } };
  const count: KeysetEvent<string> = { kind: 'count', count: { count: 1, exact: true } };

  it('keeps the count that came before the page of a reload', () => {
    const state = run([{ kind: 'reload' }, { kind: 'loading' }, count, page], counted);
    expect(state).toEqual({ rows: ['A-1'], next: null, done: true, count: { count: 1, exact: true }, loading: false });
  });

  it('ends the same when the page comes first', () => {
    expect(run([{ kind: 'reload' }, { kind: 'loading' }, page, count], counted)).toEqual(run([{ kind: 'reload' }, { kind: 'loading' }, count, page], counted));
  });

  it('shows the old count through a reload until the new one comes, and appends later pages after the cursor', () => {
    const reloading = run([{ kind: 'reload' }], counted);
    expect(reloading).toMatchObject({ rows: [], done: false, loading: true, count: { count: 0, exact: true } });
    const first = run([{ kind: 'page', page: { rows: ['A-1', 'A-2'], next: 'c2' } }], reloading);
    expect(first).toMatchObject({ rows: ['A-1', 'A-2'], next: 'c2', done: false });
    expect(run([{ kind: 'loading' }, { kind: 'page', page: { rows: ['A-3'], next: null } }], first)).toMatchObject({ rows: ['A-1', 'A-2', 'A-3'], next: null, done: true, loading: false });
  });

  it('a failed page stops loading and keeps what was there', () => {
    const first = run([{ kind: 'page', page: { rows: ['A-1'], next: 'c1' } }, { kind: 'loading' }]);
    expect(run([{ kind: 'failed' }], first)).toEqual({ ...first, loading: false });
  });
});
