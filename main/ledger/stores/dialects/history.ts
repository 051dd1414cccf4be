/**
 * The history's searches, which the two databases answer alike by different means on purpose (stores/history.ts
 * writes the rest once): each keeps the index its own engine is fast with, and the contract test
 * (test/integration/ledger-contract/history.test.ts) holds them to the same invoices, order and pages.
 * - the desk's SQLite: the FTS5 trigram index, the pair posting table and the kept tallies, behind the feature's
 *   own repo (main/features/history/repo.ts, search-repo.ts …: prepared once per connection, the speed
 *   `bench search` measures; the desk's index upkeep and its tests use them too);
 * - a team's PostgreSQL: pg_trgm, the pair postings of migration 0605 and the enterprise's id-ordered indexes
 *   (history-pg.ts), with named statements and array rows no shared builder gives, the mixed output + input list
 *   in history-pg-mixed.ts, and a status-only count taken whole from an index (SQLite reads its tally).
 * Both take the transaction's connection at each call.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Environment, HistoryFilter, HistorySearchResult, RowCount } from '../../../../shared/ipc/index.js';
import { DEFAULT_PAGE_SIZE, type HistoryRepo } from '../../../features/history/repo.js';
import type { Queryable } from '../../pg/pool.js';
import type { LedgerKind } from '../../port.js';
import { settledCall } from '../../sqlite/settled.js';
import { createTeamHistorySearch } from './history-pg.js';
import { mixedPage } from './history-pg-mixed.js';

/** A database's searches of the history (the port's HistoryStore search and countOutput). */
export interface HistorySearch {
  search(environment: Environment, enterprise: string, filter: HistoryFilter): Promise<HistorySearchResult>;
  countOutput(environment: Environment, enterprise: string, filter: HistoryFilter): Promise<RowCount>;
}

/** The desk's searches over its repo, each run at once and settled; `connection()` refuses once the transaction ended. */
export function sqliteHistorySearch(repo: HistoryRepo, connection: () => unknown): HistorySearch {
  return {
    search: (environment, enterprise, filter) => settledCall(connection, () => repo.searchHistory(environment, enterprise, filter)),
    countOutput: (environment, enterprise, filter) => settledCall(connection, () => repo.countOutput(environment, enterprise, filter)),
  };
}

/** Only these keys (or none) asked: the whole enterprise, maybe one status. */
const statusOnly = (filter: Record<string, unknown>) =>
  Object.entries(filter).every(([key, value]) => value === undefined || value === '' || ['status', 'cursor', 'limit', 'offset', 'direction'].includes(key));

/**
 * The team's searches; `connection()` is the pool, or the client of the transaction the call belongs to. Counts
 * answer what the desk answers: with nothing but the status asked the desk reads its kept tally and is exact
 * however many invoices there are, so here too the enterprise's invoices are counted whole (an index-only count
 * of its `(environment, xhdwsbh, status, id)` index); otherwise up to 10,000 and a lower bound beyond, as on the desk.
 */
export function postgresHistorySearch(connection: () => Queryable): HistorySearch {
  const search = createTeamHistorySearch(connection);
  return {
    async search(environment, enterprise, filter) {
      if (filter.direction === 'output' && filter.offset === undefined) return search.page(environment, enterprise, filter);
      const { rows, hasMore } = await mixedPage(connection(), environment, enterprise, filter, filter.limit ?? DEFAULT_PAGE_SIZE);
      return { rows, hasMore, next: null, needMoreText: false };
    },
    async countOutput(environment, enterprise, filter) {
      if (!statusOnly(filter)) return search.count(environment, enterprise, filter);
      const params = [environment, enterprise, ...(filter.status === undefined ? [] : [filter.status])];
      const result = await connection().query<{ n: number }>(
        `SELECT count(*)::float8 AS n FROM issued_invoice WHERE environment = $1 AND xhdwsbh = $2${filter.status === undefined ? '' : ' AND status = $3'}`,
        params,
      );
      return { count: result.rows[0]?.n ?? 0, exact: true };
    },
  };
}

/**
 * `invoice_id` is one of `ids`, with the list bound as one value, so a statement's text is the same whatever the
 * list's length (SQLite keeps each text prepared): a JSON array read by json_each on SQLite, a bigint[] on PostgreSQL.
 */
export const invoiceIdIn: Record<LedgerKind, (ids: readonly number[]) => Expression<SqlBool>> = {
  sqlite: (ids) => sql<SqlBool>`invoice_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  postgres: (ids) => sql<SqlBool>`invoice_id = ANY(${ids}::bigint[])`,
};
