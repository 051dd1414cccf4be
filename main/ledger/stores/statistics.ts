/**
 * The statistics' output side (the statistics store of the ledger port, main/features/statistics/store.ts), the
 * one implementation for both databases: the period's sales rows (dialects/statistics.ts — kept totals on the
 * desk's SQLite, the issued invoices themselves on a team's PostgreSQL) summed by bucket. Money in integer fen:
 * the sums are cast to bigint, so PostgreSQL's exact NUMERIC arrives as a whole number, never through a float.
 */
import type { ExpressionBuilder } from 'kysely';
import type { StatisticsStore } from '../../features/statistics/store.js';
import { outputSales, type SalesRow } from './dialects/statistics.js';
import type { LedgerSchema } from './schema/index.js';
import type { StoreSql } from './sql.js';

const KEY = ['fplxdm', 'kplx', 'voided', 'rate', 'levy', 'category', 'refund'] as const;

type Sales = ExpressionBuilder<LedgerSchema & { sales: SalesRow }, 'sales'>;
/** The sum of a count or an amount in fen, as a whole number on both databases. */
const total = (eb: Sales, column: 'invoices' | 'lines' | 'amountFen' | 'taxFen' | 'deductionFen') => eb.cast<number>(eb.fn.sum(column), 'bigint');

export function createStatisticsStore(q: StoreSql): StatisticsStore {
  const sales = outputSales[q.kind];
  return {
    buckets: (environment, seller, from, to) =>
      q.all(
        q.db
          .selectFrom(sales(q, { environment, seller, from, to }, true))
          .select(KEY)
          .select((eb) => [
            total(eb, 'invoices').as('invoices'),
            total(eb, 'lines').as('lines'),
            total(eb, 'amountFen').as('amountFen'),
            total(eb, 'taxFen').as('taxFen'),
            total(eb, 'deductionFen').as('deductionFen'),
          ])
          .groupBy(KEY)
          // A kept row whose invoices or lines all moved away (voided, another month) holds zeros: no bucket.
          .having((eb) => eb.or([eb(eb.fn.sum('invoices'), '<>', eb.lit(0)), eb(eb.fn.sum('lines'), '<>', eb.lit(0))])),
      ),
    // Net output tax: the invoices' own rows (blue and red), voided ones left out.
    monthlyTax: (environment, seller, from, to) =>
      q.all(
        q.db
          .selectFrom(sales(q, { environment, seller, from, to }, false))
          .select((eb) => ['month', total(eb, 'taxFen').as('taxFen')])
          .where('rate', '=', '')
          .where('voided', '=', 0)
          .groupBy('month'),
      ),
  };
}
