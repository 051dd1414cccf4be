/**
 * The statistics' output side on a team's PostgreSQL (the statistics store of the ledger port,
 * main/features/statistics/store.ts): the buckets the desk keeps in `output_period_sales` (SQLite 0620),
 * summed here from the period's issued invoices and their lines in one query — the invoices found through
 * pg migration 9's index on (environment, seller, China-time month). Only invoices in status 'issued' count;
 * an invoice's own bucket (rate '') counts invoices, amount jshj − hjse and tax hjse; a line bucket counts the
 * lines of one rate, levy (lslbs), category (first digit of spbm; a discount line's, spbm '', from the line
 * above it, found by the line key) and refund policy, with their amount before tax je − se, tax se and
 * deduction kce. Money is NUMERIC(18,2), so fen are exact.
 */
import { REFUND_POLICIES, type OutputBucket, type StatisticsStore } from '../../../features/statistics/store.js';
import type { Queryable } from '../outbox.js';

const PERIOD = `SELECT id, fplxdm, kplx, (zflx IS NOT NULL)::int AS voided, jshj, hjse, fapiao_china_month(kprq, created_at) AS month
  FROM issued_invoice WHERE environment = $1 AND xhdwsbh = $2 AND status = 'issued' AND fapiao_china_month(kprq, created_at) BETWEEN $3 AND $4`;

const BUCKETS = `WITH i AS (${PERIOD})
  SELECT fplxdm, kplx, voided, '' AS rate, '' AS levy, '' AS category, 0 AS refund, count(*)::float8 AS invoices, 0::float8 AS lines,
         sum((jshj - hjse) * 100)::float8 AS "amountFen", sum(hjse * 100)::float8 AS "taxFen", 0::float8 AS "deductionFen"
    FROM i GROUP BY fplxdm, kplx, voided
  UNION ALL
  SELECT i.fplxdm, i.kplx, i.voided, l.sl, coalesce(l.lslbs, ''),
         CASE WHEN l.spbm <> '' THEN left(l.spbm, 1) ELSE coalesce(left(p.spbm, 1), '') END,
         CASE WHEN l.zzstsgl = ANY($5::text[]) THEN 1 ELSE 0 END,
         0, count(*)::float8, sum((l.je - l.se) * 100)::float8, sum(l.se * 100)::float8, coalesce(sum(l.kce * 100), 0)::float8
    FROM i JOIN issued_invoice_line l ON l.invoice_id = i.id
    LEFT JOIN issued_invoice_line p ON l.spbm = '' AND p.invoice_id = l.invoice_id AND p.line_no = l.line_no - 1
   GROUP BY 1, 2, 3, 4, 5, 6, 7`;

const MONTHLY_TAX = `WITH i AS (${PERIOD})
  SELECT month, sum(hjse * 100)::float8 AS "taxFen" FROM i WHERE voided = 0 GROUP BY month`;

export function createPgStatisticsStore(connection: () => Queryable): StatisticsStore {
  return {
    buckets: async (environment, seller, from, to) => (await connection().query<OutputBucket>(BUCKETS, [environment, seller, from, to, REFUND_POLICIES])).rows,
    monthlyTax: async (environment, seller, from, to) => (await connection().query<{ month: string; taxFen: number }>(MONTHLY_TAX, [environment, seller, from, to])).rows,
  };
}
