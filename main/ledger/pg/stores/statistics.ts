/**
 * The statistics' output side on a team's PostgreSQL (the statistics store of the ledger port,
 * main/features/statistics/store.ts): the buckets the desk keeps in `output_period_total` (SQLite 0480),
 * summed here from the period's issued invoices and their lines in one query — the invoices found through
 * pg migration 9's index on (environment, seller, China-time month). Only invoices in status 'issued' count;
 * an invoice's own bucket (rate '') counts invoices, amount jshj − hjse and tax hjse, a rate's bucket that
 * rate's lines (je, se). Money is NUMERIC(18,2), so fen are exact.
 */
import type { OutputBucket, StatisticsStore } from '../../../features/statistics/store.js';
import type { Queryable } from '../outbox.js';

const PERIOD = `SELECT id, fplxdm, kplx, (zflx IS NOT NULL)::int AS voided, jshj, hjse, fapiao_china_month(kprq, created_at) AS month
  FROM issued_invoice WHERE environment = $1 AND xhdwsbh = $2 AND status = 'issued' AND fapiao_china_month(kprq, created_at) BETWEEN $3 AND $4`;

const BUCKETS = `WITH i AS (${PERIOD})
  SELECT fplxdm, kplx, voided, '' AS rate, count(*)::float8 AS invoices, 0::float8 AS lines,
         sum((jshj - hjse) * 100)::float8 AS "amountFen", sum(hjse * 100)::float8 AS "taxFen"
    FROM i GROUP BY fplxdm, kplx, voided
  UNION ALL
  SELECT i.fplxdm, i.kplx, i.voided, l.sl, 0, count(*), sum(l.je * 100), sum(l.se * 100)
    FROM i JOIN issued_invoice_line l ON l.invoice_id = i.id GROUP BY i.fplxdm, i.kplx, i.voided, l.sl`;

const MONTHLY_TAX = `WITH i AS (${PERIOD})
  SELECT month, sum(hjse * 100)::float8 AS "taxFen" FROM i WHERE voided = 0 GROUP BY month`;

export function createPgStatisticsStore(connection: () => Queryable): StatisticsStore {
  return {
    buckets: async (environment, seller, from, to) => (await connection().query<OutputBucket>(BUCKETS, [environment, seller, from, to])).rows,
    monthlyTax: async (environment, seller, from, to) => (await connection().query<{ month: string; taxFen: number }>(MONTHLY_TAX, [environment, seller, from, to])).rows,
  };
}
