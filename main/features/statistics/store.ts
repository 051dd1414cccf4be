/**
 * The statistics' output side on the ledger port (docs/team-ledger.md §2): the issued invoices' totals by
 * month, kind, blue or red, voided or not and rate, whichever database keeps them. On the desk's SQLite they
 * are kept totals (`output_period_total`, kept by migration 0480's triggers; main/ledger/sqlite/statistics.ts
 * over repo.ts); on a team's PostgreSQL one aggregate query over the issued invoices and their lines answers
 * the same buckets (main/ledger/pg/stores/statistics.ts). Money in integer fen. Types only.
 */
import type { Environment } from '../../../shared/ipc/index.js';

/** One bucket: `rate` '' is the invoices' own row, any other rate that rate's lines. Money in fen. */
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

export interface StatisticsStore {
  /** The buckets of the months `from`..`to` (yyyyMM in China time, inclusive) of one seller, summed over the months. */
  buckets(environment: Environment, seller: string, from: string, to: string): Promise<OutputBucket[]>;
  /** Net output tax (blue + red, voided left out) per month, in fen; months without invoices left out. */
  monthlyTax(environment: Environment, seller: string, from: string, to: string): Promise<Array<{ month: string; taxFen: number }>>;
}
