/**
 * The keyset page contract every long list uses (the history, the received ledger 报销台账, the input
 * ledger 进项台账): a page request carries the `cursor` the previous page returned as `next`, never an
 * OFFSET, so page 2,000 costs what page 1 costs; a count is exact or says it is only a lower bound. The
 * renderer side is `renderer/src/lib/paged-list/` (useKeysetRows + VirtualTable; the ledgers send their
 * count with the first page: firstPageCounted).
 */
import { z } from 'zod';

export const PageCursor = z
  .string()
  .max(64)
  .regex(/^[\w:.-]+$/, '分页游标无效')
  .describe('Opaque keyset cursor: the `next` of the previous page; absent for the first page');
export type PageCursor = z.infer<typeof PageCursor>;

/** Fields a keyset page request adds to a list's own filter. */
export const PageRequestFields = {
  cursor: PageCursor.optional(),
  limit: z.number().int().min(1).max(500).optional().describe('Rows per page'),
};

/** A page of rows plus the cursor of the next page (null at the end). */
export function keysetPage<Row extends z.ZodType>(row: Row) {
  return z.strictObject({
    rows: z.array(row),
    next: PageCursor.nullable().describe('Cursor of the following page; null when this is the last'),
  });
}
export interface KeysetPage<Row> {
  rows: Row[];
  next: string | null;
}

export const RowCount = z
  .strictObject({
    count: z.number().int().min(0),
    exact: z.boolean().describe('false: counting stopped at `count`; there are at least that many (shown as "count+")'),
  })
  .describe('How many rows a list filter matches');
export type RowCount = z.infer<typeof RowCount>;
