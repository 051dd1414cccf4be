/**
 * The schedule of sales of the described invoices (statistics-month.ts) as an accountant works it out by hand:
 * the rows each line was put in, columns 1–4 by kind of invoice (special: 004, 028, 81) — a 差额征税 line before
 * its deduction (tax je × sl ÷ (1 + sl), as the form asks of rows with 扣除项目) —, 9–11 added, 12 the 差额征税
 * deductions, 13 = 价税合计 − deduction and 14 per line ((je − kce) × sl ÷ (1 + sl), each line rounded), in
 * decimal.js. The form's rules are written here again, not taken from the code under test.
 */
import Decimal from 'decimal.js';
import { SCHEDULE_ROW_IDS, type ScheduleRowId } from '../../../../shared/ipc/schemas/statistics.js';
import { INVOICES, type Invoice } from './statistics-month.js';

/** The form's rules, written here: special invoices, the service rows, the rows of sales only, the clerk's rows. */
const SPECIAL = new Set(['004', '028', '81']);
const SERVICE_ROWS = new Set<ScheduleRowId>(['2', '4', '5', '7', '9b', '12', '15', '17', '19']);
const SALES_ONLY = new Set<ScheduleRowId>(['16', '17', '18', '19']);
const CLERK_ROWS = new Set<ScheduleRowId>(['13a', '13b', '13c']);

const money = (d: Decimal) => d.toFixed(2);

/** The 14 cells of each row, worked out from the lines of the invoices not voided in `months`. */
export function expectedRows(months: readonly string[]): Record<string, Array<string | null>> {
  const invoices = INVOICES.filter((i) => months.includes(i.month) && !i.voided);
  const out: Record<string, Array<string | null>> = {};
  for (const id of SCHEDULE_ROW_IDS) {
    const cells: Array<string | null> = Array.from({ length: 14 }, () => null);
    out[id] = cells;
    if (CLERK_ROWS.has(id)) continue;
    const lines = invoices.flatMap((invoice) => invoice.lines.filter((l) => l.row === id || l.alsoRow === id).map((line) => ({ invoice, line })));
    const add = (pick: (x: (typeof lines)[number]) => Decimal.Value, only: (invoice: Invoice) => boolean = () => true) =>
      lines.filter((x) => only(x.invoice)).reduce((sum, x) => sum.plus(pick(x)), new Decimal(0));
    const special = (i: Invoice) => SPECIAL.has(i.fplxdm);
    const other = (i: Invoice) => !SPECIAL.has(i.fplxdm);
    /** A 差额征税 line's tax before its deduction: the tax in its je at the full rate. */
    const taxBefore = (x: (typeof lines)[number]) => {
      const rate = new Decimal(x.line.sl);
      return new Decimal(x.line.je).times(rate).dividedBy(rate.plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    };
    const tax = (x: (typeof lines)[number]) => (x.line.lslbs === '4' ? taxBefore(x) : new Decimal(x.line.se));
    const sales = (x: (typeof lines)[number]) => new Decimal(x.line.je).minus(tax(x));
    const salesOnly = SALES_ONLY.has(id);
    cells[0] = money(add(sales, special));
    cells[2] = money(add(sales, other));
    cells[8] = money(add(sales));
    if (!salesOnly) {
      cells[1] = money(add(tax, special));
      cells[3] = money(add(tax, other));
      cells[9] = money(add(tax));
    }
    if (SERVICE_ROWS.has(id) || lines.some((x) => x.line.lslbs === '4')) {
      cells[10] = money(add((x) => x.line.je));
      cells[11] = money(add((x) => x.line.kce ?? 0));
      cells[12] = money(add((x) => new Decimal(x.line.je).minus(x.line.kce ?? 0)));
      if (!salesOnly) {
        const perLine = (x: (typeof lines)[number]) => {
          const rate = new Decimal(x.line.sl);
          return new Decimal(x.line.je).minus(x.line.kce ?? 0).times(rate).dividedBy(rate.plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        };
        cells[13] = money(add(perLine));
      }
    }
  }
  return out;
}

export function expectedApart(months: readonly string[]) {
  const out: Record<string, { amount: string; tax: string }> = {};
  const sums: Record<string, { amount: Decimal; tax: Decimal }> = {};
  for (const invoice of INVOICES.filter((i) => months.includes(i.month) && !i.voided)) {
    for (const line of invoice.lines) {
      if (!line.row.startsWith('apart:')) continue;
      const at = (sums[line.row.slice(6)] ??= { amount: new Decimal(0), tax: new Decimal(0) });
      at.amount = at.amount.plus(line.je).minus(line.se);
      at.tax = at.tax.plus(line.se);
    }
  }
  for (const [reason, s] of Object.entries(sums)) out[reason] = { amount: money(s.amount), tax: money(s.tax) };
  return out;
}

export function expectedVoided(months: readonly string[]) {
  const lines = INVOICES.filter((i) => months.includes(i.month) && i.voided).flatMap((i) => i.lines);
  return {
    amount: money(lines.reduce((s, l) => s.plus(l.je).minus(l.se), new Decimal(0))),
    tax: money(lines.reduce((s, l) => s.plus(l.se), new Decimal(0))),
  };
}

