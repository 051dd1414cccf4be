/**
 * firstPageCounted (renderer/src/lib/paged-list): a ledger's row count comes with its first page; the
 * source hands it to useKeysetRows as an exact count, passes every page through unchanged, and a failed
 * first page leaves the count unknown instead of hanging.
 */
import { describe, expect, it } from 'vitest';
import { firstPageCounted } from '../../../renderer/src/lib/paged-list/first-page-count.js';

describe('firstPageCounted', () => {
  it('takes the count from the first page and passes pages through', async () => {
    const asked: Array<[string | undefined, number]> = [];
    const source = firstPageCounted(async (cursor, limit) => {
      asked.push([cursor, limit]);
      return cursor === undefined ? { rows: [1, 2], next: 'r2', count: 5 } : { rows: [3], next: null, count: null };
    });
    const counting = source.fetchCount();
    expect(await source.fetchPage(undefined, 2)).toEqual({ rows: [1, 2], next: 'r2' });
    expect(await counting).toEqual({ count: 5, exact: true });
    expect(await source.fetchPage('r2', 100)).toEqual({ rows: [3], next: null });
    // A later page carries no count: the one from the first page stays.
    expect(await source.fetchCount()).toEqual({ count: 5, exact: true });
    expect(asked).toEqual([
      [undefined, 2],
      ['r2', 100],
    ]);
  });

  it('a failed first page gives no count (and does not leave the count waiting)', async () => {
    const source = firstPageCounted<number>(async () => null);
    const counting = source.fetchCount();
    expect(await source.fetchPage(undefined, 15)).toBeNull();
    expect(await counting).toBeNull();
  });
});
