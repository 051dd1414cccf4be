/**
 * A keyset source for lists whose first page also says how many rows match (the ledgers send their
 * totals with the first page): the count is taken from that answer instead of a second call, so the
 * virtual table is as tall as the whole result as soon as the first page is there and the clerk can
 * drag straight to row 90,000. Make one source per filter (and per reload): its count belongs to it.
 */
import type { KeysetPage, RowCount } from '../../../../shared/ipc/index.js';

/** A KeysetSource (use-keyset-rows.ts) whose count is always there; spelt out so this file stays JSX-free. */
export interface CountedSource<Row> {
  fetchPage(cursor: string | undefined, limit: number): Promise<KeysetPage<Row> | null>;
  fetchCount(): Promise<RowCount | null>;
}

export function firstPageCounted<Row>(fetch: (cursor: string | undefined, limit: number) => Promise<(KeysetPage<Row> & { count: number | null }) | null>): CountedSource<Row> {
  let settle: (count: RowCount | null) => void = () => undefined;
  const counted = new Promise<RowCount | null>((resolve) => (settle = resolve));
  return {
    async fetchPage(cursor, limit) {
      const page = await fetch(cursor, limit);
      if (cursor === undefined) settle(page?.count == null ? null : { count: page.count, exact: true });
      return page && { rows: page.rows, next: page.next };
    },
    fetchCount: () => counted,
  };
}
