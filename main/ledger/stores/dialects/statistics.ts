/**
 * Where the statistics store's sales rows come from (stores/statistics.ts) — the one thing its two databases do
 * differently, because they keep different things:
 * - the desk's SQLite keeps the totals: `output_period_sales` (migration 0620), one row per China-time month and
 *   bucket, kept in step with every issued invoice and line by that migration's triggers, so a period is one
 *   indexed range over at most a few hundred rows whatever the history's size;
 * - a team's PostgreSQL keeps no second copy of every total (several desks write invoices at once; pg
 *   migration 0515 says why): it reads the period's issued invoices through that migration's index on
 *   (environment, seller, China-time month) and each of their lines.
 * Either answers rows of one shape (`SalesRow`) that the store sums by bucket — one month's bucket on SQLite,
 * one invoice or one line on PostgreSQL; summing either gives the same buckets.
 */
import { sql, type AliasedExpression, type ExpressionBuilder } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import { REFUND_POLICIES } from '../../../features/statistics/store.js';
import type { LedgerKind } from '../../port.js';
import type { StoreSql } from '../sql.js';

/** The months `from`..`to` (yyyyMM, China time, inclusive) of one seller. */
export interface SalesPeriod {
  environment: Environment;
  seller: string;
  from: string;
  to: string;
}

/**
 * Sales rows: a month, a bucket's key (statistics/store.ts `OutputBucket`) and what to sum. The money is fen:
 * integers on SQLite, NUMERIC (exact, whole fen) on PostgreSQL — the store sums and casts them to bigint.
 */
export interface SalesRow {
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
  amountFen: number;
  taxFen: number;
  deductionFen: number;
}

/**
 * The period's sales rows, named `sales`. `withLines` false: the invoices' own rows (rate '') are all the caller
 * reads, so PostgreSQL need not join the lines (SQLite's kept rows are there either way; the caller filters).
 */
export type SalesSource = (q: StoreSql, period: SalesPeriod, withLines: boolean) => AliasedExpression<SalesRow, 'sales'>;

/** SQLite: the kept totals of the period's months, as they stand. */
const keptSales: SalesSource = (q, period) =>
  q.db
    .selectFrom('output_period_sales')
    .select(['month', 'fplxdm', 'kplx', 'voided', 'rate', 'levy', 'category', 'refund', 'invoices', 'lines'])
    .select(['amount_fen as amountFen', 'tax_fen as taxFen', 'deduction_fen as deductionFen'])
    .where('environment', '=', period.environment)
    .where('seller', '=', period.seller)
    .where((eb) => eb.between('month', period.from, period.to))
    .as('sales');

/**
 * The issued invoices' tables as this query reads them on PostgreSQL: declared here with the columns it reads, not
 * in schema/, because the issuance store owns them (money NUMERIC(18,2) read as text; kprq the service's text).
 */
type IssuedTables = {
  issued_invoice: {
    id: number;
    environment: string;
    xhdwsbh: string;
    status: string;
    fplxdm: string;
    kplx: string;
    jshj: string;
    hjse: string;
    kprq: string | null;
    zflx: string | null;
    created_at: string;
  };
  issued_invoice_line: {
    invoice_id: number;
    line_no: number;
    spbm: string;
    sl: string;
    je: string;
    se: string;
    lslbs: string | null;
    zzstsgl: string | null;
    kce: string | null;
  };
};

/** The China-time month of an issued invoice, as pg migration 0515 indexes it (the same expression, so the index serves). */
const chinaMonth = (eb: ExpressionBuilder<IssuedTables, 'issued_invoice'>) => eb.fn<string>('fapiao_china_month', ['kprq', 'created_at']);
/** Yuan (NUMERIC(18,2)) to fen, still exact: `column * 100`, or `(column − less) * 100`. */
const fen = (column: string, less?: string) =>
  less === undefined ? sql<number>`${sql.ref(column)} * 100` : sql<number>`(${sql.ref(column)} - ${sql.ref(less)}) * 100`;
const EMPTY = sql.lit('');
/** A constant count or flag, typed as a number (both parts of the union give numbers there). */
const int = (value: 0 | 1) => sql.lit<number>(value);

/**
 * PostgreSQL: one row per issued invoice of the period (rate '': amount jshj − hjse, tax hjse) and, `withLines`,
 * one per line of those invoices: its rate, levy (lslbs), category (first digit of spbm; a discount line's, spbm
 * '', that of the line above it, found by the line key) and refund policy, amount before tax je − se, tax se
 * and deduction kce. Only invoices in status 'issued' count. The invoices are a CTE: read once for both parts.
 */
const summedSales: SalesSource = (q, period, withLines) => {
  const db = q.db.withTables<IssuedTables>();
  const issued = db
    .with('i', (cte) =>
      cte
        .selectFrom('issued_invoice')
        .select((eb) => ['id', 'fplxdm', 'kplx', 'jshj', 'hjse', eb.cast<number>(eb('zflx', 'is not', null), 'integer').as('voided'), chinaMonth(eb).as('month')])
        .where('environment', '=', period.environment)
        .where('xhdwsbh', '=', period.seller)
        // A literal, as in the index's predicate (WHERE status = 'issued').
        .where('status', '=', sql.lit('issued'))
        .where((eb) => eb.between(chinaMonth(eb), period.from, period.to)),
    );
  const invoices = issued.selectFrom('i').select([
    'month',
    'fplxdm',
    'kplx',
    'voided',
    EMPTY.as('rate'),
    EMPTY.as('levy'),
    EMPTY.as('category'),
    int(0).as('refund'),
    int(1).as('invoices'),
    int(0).as('lines'),
    fen('jshj', 'hjse').as('amountFen'),
    fen('hjse').as('taxFen'),
    int(0).as('deductionFen'),
  ]);
  if (!withLines) return invoices.as('sales');
  return invoices
    .unionAll((eb) =>
      eb
        .selectFrom('i')
        .innerJoin('issued_invoice_line as l', 'l.invoice_id', 'i.id')
        .leftJoin('issued_invoice_line as p', (join) =>
          join
            .on('l.spbm', '=', EMPTY)
            .onRef('p.invoice_id', '=', 'l.invoice_id')
            .on((on) => on('p.line_no', '=', on('l.line_no', '-', on.lit(1)))),
        )
        .select((line) => [
          'i.month',
          'i.fplxdm',
          'i.kplx',
          'i.voided',
          'l.sl as rate',
          line.fn.coalesce('l.lslbs', EMPTY).as('levy'),
          line
            .case()
            .when('l.spbm', '<>', EMPTY)
            .then(line.fn<string>('left', ['l.spbm', line.lit(1)]))
            .else(line.fn.coalesce(line.fn<string>('left', ['p.spbm', line.lit(1)]), EMPTY))
            .end()
            .as('category'),
          line.case().when('l.zzstsgl', 'in', REFUND_POLICIES).then(int(1)).else(int(0)).end().as('refund'),
          int(0).as('invoices'),
          int(1).as('lines'),
          fen('l.je', 'l.se').as('amountFen'),
          fen('l.se').as('taxFen'),
          line.fn.coalesce(fen('l.kce'), int(0)).as('deductionFen'),
        ]),
    )
    .as('sales');
};

export const outputSales: Record<LedgerKind, SalesSource> = { sqlite: keptSales, postgres: summedSales };
