/** The statistics' output side (stores/statistics.ts). */
import type { OutputBucket } from '../../../features/statistics/store.js';

/**
 * 月末统计's kept totals, the desk's alone: SQLite 0620 (which took over from 0480's `output_period_total`), kept
 * in step with the issued invoices and their lines by that migration's triggers. A team's PostgreSQL has no such
 * table: it sums the invoices themselves (dialects/statistics.ts). Money in integer fen. A row is one of the
 * feature's OutputBucket (features/statistics/store.ts; its fen in snake case here) for an environment, seller
 * and month.
 */
export interface OutputPeriodSalesTable extends Omit<OutputBucket, 'amountFen' | 'taxFen' | 'deductionFen'> {
  environment: string;
  seller: string;
  /** yyyyMM in China time. */
  month: string;
  amount_fen: number;
  tax_fen: number;
  deduction_fen: number;
}

export interface StatisticsTables {
  output_period_sales: OutputPeriodSalesTable;
}
