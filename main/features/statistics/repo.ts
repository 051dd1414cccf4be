/**
 * SQL of the statistics feature on the desk's SQLite: reads of `output_period_sales`, the output side's kept
 * totals (migration 0620, which replaced 0480's `output_period_total`; its triggers keep it in step with
 * issued invoices and their lines). The only module that reads that table; the SQLite ledger's statistics
 * store is this repo (main/ledger/sqlite/statistics.ts). A period's figures are one indexed range over at
 * most a few hundred rows, whatever the history's size.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { OutputBucket } from './store.js';

export type { OutputBucket } from './store.js';

export function createStatisticsRepo(db: Db) {
  const buckets = db.prepare<[Environment, string, string, string], OutputBucket>(
    `SELECT fplxdm, kplx, voided, rate, levy, category, refund, sum(invoices) AS invoices, sum(lines) AS lines,
            sum(amount_fen) AS amountFen, sum(tax_fen) AS taxFen, sum(deduction_fen) AS deductionFen
       FROM output_period_sales WHERE environment = ? AND seller = ? AND month BETWEEN ? AND ?
      GROUP BY fplxdm, kplx, voided, rate, levy, category, refund
     -- a row whose invoices or lines all moved away (voided, another month) holds zeros: no bucket, as on PostgreSQL
     HAVING sum(invoices) <> 0 OR sum(lines) <> 0`,
  );
  const monthlyTax = db.prepare<[Environment, string, string, string], { month: string; taxFen: number }>(
    `SELECT month, sum(tax_fen) AS taxFen FROM output_period_sales
      WHERE environment = ? AND seller = ? AND month BETWEEN ? AND ? AND rate = '' AND voided = 0 GROUP BY month`,
  );
  return {
    buckets: (environment: Environment, seller: string, from: string, to: string): OutputBucket[] => buckets.all(environment, seller, from, to),
    monthlyTax: (environment: Environment, seller: string, from: string, to: string) => monthlyTax.all(environment, seller, from, to),
  };
}

export type StatisticsRepo = ReturnType<typeof createStatisticsRepo>;
