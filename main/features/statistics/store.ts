/**
 * The statistics' output side on the ledger port (docs/team-ledger.md §2): the issued invoices' totals by
 * month, kind, blue or red, voided or not and rate, whichever database keeps them. One store for both
 * (main/ledger/stores/statistics.ts): on the desk's SQLite it sums kept totals (`output_period_sales`, kept by
 * migration 0620's triggers), on a team's PostgreSQL the issued invoices and their lines themselves
 * (main/ledger/stores/dialects/statistics.ts). Money in integer fen. Types only.
 */
import type { Environment } from '../../../shared/ipc/index.js';

/**
 * One bucket: `rate` '' is the invoices' own row (amount jshj − hjse, tax hjse), any other rate that rate's
 * lines of one levy and one class of goods or services (amount je − se: the sales BEFORE tax, as the VAT
 * return counts them; lines carry je including tax). Money in fen.
 */
export interface OutputBucket {
  fplxdm: string;
  kplx: string;
  voided: number;
  rate: string;
  /** Line buckets: the lines' lslbs ('' normal rate, '1'–'6' as the service defines them); '' on invoice rows. */
  levy: string;
  /**
   * Line buckets: the first digit of the lines' tax classification code (spbm) — '1' goods, '2' 加工修理修配劳务,
   * '3' services, '4' intangible assets, '5' immovable property, '6' not a sale; a discount line (spbm '')
   * takes its discounted line's (the line above); '' on invoice rows or when no code says.
   */
  category: string;
  /** Line buckets: 1 when the lines' zzstsgl is a 即征即退 (levy-then-refund) policy, else 0. */
  refund: number;
  invoices: number;
  lines: number;
  amountFen: number;
  taxFen: number;
  /** Line buckets: the 差额征税 deduction (kce) of the lines, in fen; 0 elsewhere. */
  deductionFen: number;
}

/**
 * zzstsgl codes of the 即征即退 (immediate refund / levy then refund) policies: 05–07 and 11–18. The desk's kept
 * totals hold this list in their triggers (SQLite migration 0620): a change needs a migration there too.
 */
export const REFUND_POLICIES: readonly string[] = ['05', '06', '07', '11', '12', '13', '14', '15', '16', '17', '18'];

export interface StatisticsStore {
  /** The buckets of the months `from`..`to` (yyyyMM in China time, inclusive) of one seller, summed over the months. */
  buckets(environment: Environment, seller: string, from: string, to: string): Promise<OutputBucket[]>;
  /** Net output tax (blue + red, voided left out) per month, in fen; months without invoices left out. */
  monthlyTax(environment: Environment, seller: string, from: string, to: string): Promise<Array<{ month: string; taxFen: number }>>;
}
