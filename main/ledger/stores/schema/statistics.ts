/** The statistics' output side (stores/statistics.ts). */

/**
 * 月末统计's kept totals, the desk's alone: SQLite 0620 (which took over from 0480's `output_period_total`), kept
 * in step with the issued invoices and their lines by that migration's triggers. A team's PostgreSQL has no such
 * table: it sums the invoices themselves (dialects/statistics.ts). Money in integer fen.
 */
export interface OutputPeriodSalesTable {
  environment: string;
  seller: string;
  /** yyyyMM in China time. */
  month: string;
  fplxdm: string;
  kplx: string;
  voided: number;
  rate: string;
  levy: string;
  category: string;
  refund: number;
  invoices: number;
  lines: number;
  amount_fen: number;
  tax_fen: number;
  deduction_fen: number;
}

export interface StatisticsTables {
  output_period_sales: OutputPeriodSalesTable;
}
