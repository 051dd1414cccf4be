/**
 * The history store of the PostgreSQL ledger (main/features/history/store.ts): the output-only keyset pages
 * and counts through the team ledger's search (../history-search.ts: pg_trgm, the pair array, the
 * enterprise's id-ordered indexes), the mixed output + input list through stores/history-mixed.ts.
 * `connection()` is the pool, or the client of the transaction the call belongs to.
 *
 * Counts answer what the desk answers: with nothing but the status asked the desk reads its kept tally
 * and is exact however many invoices there are, so here too the enterprise's invoices are counted whole
 * (an index-only count of its `(environment, xhdwsbh, status, id)` index); otherwise up to 10,000 and a
 * lower bound beyond, as on the desk.
 */
import type { HistoryStore } from '../../../features/history/store.js';
import { DEFAULT_PAGE_SIZE, LEVY_CHUNK, leviesByInvoice } from '../../../features/history/repo.js';
import type { Queryable } from '../outbox.js';
import type { RatedLevy } from '../../../../shared/i18n/line-levy-text.js';
import { createTeamHistorySearch } from '../history-search.js';
import { mixedPage } from './history-mixed.js';

/** Only these keys (or none) asked: the whole enterprise, maybe one status. */
const statusOnly = (filter: Record<string, unknown>) =>
  Object.entries(filter).every(([key, value]) => value === undefined || value === '' || ['status', 'cursor', 'limit', 'offset', 'direction'].includes(key));

export function createPgHistoryStore(connection: () => Queryable): HistoryStore {
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
    async lineLevies(invoiceIds) {
      const found = new Map<number, RatedLevy[]>();
      for (let start = 0; start < invoiceIds.length; start += LEVY_CHUNK) {
        const result = await connection().query<{ invoice_id: number; sl: string; lslbs: string | null; kce: string | null }>(
          `SELECT invoice_id::float8 AS invoice_id, sl, lslbs, kce::text AS kce FROM issued_invoice_line WHERE invoice_id = ANY($1::bigint[])
            GROUP BY invoice_id, sl, lslbs, kce ORDER BY invoice_id, min(line_no)`,
          [invoiceIds.slice(start, start + LEVY_CHUNK)],
        );
        leviesByInvoice(result.rows, found);
      }
      return found;
    },
  };
}
