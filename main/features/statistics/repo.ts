/**
 * SQL of the statistics feature: reads of `output_period_total`, the output side's kept totals (migration
 * 0481; its triggers keep it in step with issued invoices). The only module that reads that table. A
 * period's figures are one indexed range over at most a few hundred rows, whatever the history's size.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

/** One kept bucket: `rate` '' is the invoices' own row, any other rate that rate's lines. Money in fen. */
export interface OutputBucket {
  fplxdm: string;
  kplx: string;
  voided: number;
  rate: string;
  invoices: number;
  lines: number;
  amountFen: number;
  taxFen: number;
}

export function createStatisticsRepo(db: Db, environment: Environment) {
  const buckets = db.prepare<[Environment, string, string, string], OutputBucket>(
    `SELECT fplxdm, kplx, voided, rate, sum(invoices) AS invoices, sum(lines) AS lines, sum(amount_fen) AS amountFen, sum(tax_fen) AS taxFen
       FROM output_period_total WHERE environment = ? AND seller = ? AND month BETWEEN ? AND ?
      GROUP BY fplxdm, kplx, voided, rate`,
  );
  const monthlyTax = db.prepare<[Environment, string, string, string], { month: string; taxFen: number }>(
    `SELECT month, sum(tax_fen) AS taxFen FROM output_period_total
      WHERE environment = ? AND seller = ? AND month BETWEEN ? AND ? AND rate = '' AND voided = 0 GROUP BY month`,
  );
  return {
    /** The buckets of the months `from`..`to` (yyyyMM, inclusive) of one seller, summed over the months. */
    buckets: (seller: string, from: string, to: string): OutputBucket[] => buckets.all(environment, seller, from, to),
    /** Net output tax (blue + red, voided left out) per month, in fen. */
    monthlyTax: (seller: string, from: string, to: string) => monthlyTax.all(environment, seller, from, to),
  };
}

export type StatisticsRepo = ReturnType<typeof createStatisticsRepo>;
