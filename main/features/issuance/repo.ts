/**
 * The desk's SQL over output invoices that the history search runs on SQLite (history/repo.ts): its output half
 * and the conditions on it. The issued invoices themselves — issued_invoice, its lines and the red-reversal links
 * (migration 0160) — are written and read through the ledger's issued-invoice store for both databases
 * (main/ledger/stores/issued-invoices.ts); the queries that must join them in SQL (the history search's paging
 * over output and input invoices) take their output half from `outputSearchSql` below rather than naming these
 * tables themselves.
 *
 * The reversal state of a blue invoice is defined here once for the desk's SQL (`reversalStateSql`): the history
 * filter runs it; the store's `reversalSums` applies the same rule to the same whole fen.
 */
export { toSummary } from './rows.js';
export type { InvoiceRow } from './store.js';

/** Integer fen of a 2-dp decimal TEXT column: exact sums in SQL without binary fractions. */
const fen = (column: string) => `CAST(round(CAST(${column} AS REAL) * 100) AS INTEGER)`;

/** none / partial / full of the blue invoice aliased `blue` — the one rule, for SQL filters and for reads. */
export const reversalStateSql = (blue: string) =>
  `(SELECT CASE WHEN ifnull(sum(${fen('r.amount')}), 0) = 0 THEN 'none' WHEN sum(${fen('r.amount')}) >= ${fen(`${blue}.jshj`)} THEN 'full' ELSE 'partial' END
      FROM red_reversal r JOIN issued_invoice ri ON ri.id = r.red_invoice_id WHERE r.blue_invoice_id = ${blue}.id AND ri.status = 'issued')`;

/**
 * The output half of the history search: one SELECT over issued invoices aliased `i` with the columns
 * of a HistoryRow, limited by `where` (conditions on `i`, written by the history's query builder).
 */
export function outputSearchSql(where: readonly string[]): string {
  return `SELECT 'output' AS direction, i.id AS id, i.environment AS environment, i.fplxdm AS invoiceType, i.fpdm AS invoiceCode,
              i.fphm AS invoiceNumber, i.created_at AS date, i.ghdwmc AS counterpartyName, i.ghdwsbh AS counterpartyTaxNumber,
              i.jshj AS total, i.hjse AS tax, i.status AS status, i.lsh AS serial, i.kplx AS kplx,
              CASE WHEN i.kplx = '0' THEN ${reversalStateSql('i')} END AS reversal
         FROM issued_invoice i WHERE ${where.join(' AND ')}`;
}

/** A condition of the output search: some line of invoice `i` has a name matching the LIKE pattern `?`. */
export const OUTPUT_LINE_LIKE = `EXISTS (SELECT 1 FROM issued_invoice_line l WHERE l.invoice_id = i.id AND l.spmc LIKE ? ESCAPE '\\')`;

/** A condition of the output search: the blue invoice `i` is in reversal state `?`. */
export const OUTPUT_REVERSAL_IS = `i.kplx = '0' AND ${reversalStateSql('i')} = ?`;
