/**
 * What the print store (stores/print.ts) does differently on each database, and why: a retry holds the job it
 * repeats until its transaction ends, so that two desks retrying the same failed job at once take turns and
 * only one records the retry. PostgreSQL locks the row (FOR UPDATE); SQLite has no row locks and needs none —
 * the desk's transaction (BEGIN IMMEDIATE) already holds the whole file, and FOR UPDATE is not its syntax.
 */
import type { SelectQueryBuilder } from 'kysely';

export interface PrintDialect {
  /** `query` (one job) holding its row until the calling transaction ends. */
  heldForRetry<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
}

export const printDialects: { sqlite: PrintDialect; postgres: PrintDialect } = {
  sqlite: { heldForRetry: (query) => query },
  postgres: { heldForRetry: (query) => query.forUpdate() },
};
