/**
 * The period's sales in the rows and columns of 增值税及附加税费申报表附列资料（一）（本期销售情况明细）, the schedule of
 * sales a general VAT taxpayer files with the return (docs/statistics.md §Schedule of sales has the map of
 * every row and column to its source). Built from the output line buckets (store.ts) alone:
 *
 * - the row comes from the lines' levy (lslbs), rate and class (the first digit of the tax classification
 *   code): 一般计税 13 % / 9 % / 6 % (rows 1–5), 简易计税 by 征收率 (8–12; 5 %, 4 % and 3 % are 征收率 whatever the
 *   lslbs, 减按 rates go to the rate they are reduced from), 免抵退税 零税率 (16–17), 免税 (18–19); 即征即退 lines
 *   count again in their 其中 row (6–7, 14–15); goods and 加工修理修配劳务 (class 1, 2, or no code) apart from
 *   services, intangibles and immovable property (3, 4, 5);
 * - 不征税 lines, class 6 (not a sale), a rate and levy the form has no row for, and a 免税 / 零税率 line that
 *   carries tax are in no row: they are listed apart with the reason, never dropped;
 * - special invoices (004, 028, 81) fill columns 1–2, all others 3–4; red invoices enter negative in the
 *   columns of their kind; voided invoices are in no row (their total is given apart);
 * - a 差额征税 line enters columns 1–11 with its sales and tax BEFORE the deduction, as the form's instructions
 *   ask of rows with 扣除项目 (价税合计 ÷ (1 + rate) and the tax in it), not with the invoice's own 金额 / 税额 (taxed
 *   after the deduction): the deduction is column 12 and the tax after it column 14;
 * - 5–8 (未开具发票, 纳税检查调整) and rows 13a–13c (预征率) are the clerk's: no invoice says them.
 *
 * Money is added in integer fen; column 14 is worked out per rate with decimal.js, rounded half up.
 */
import Decimal from 'decimal.js';
import { levyOf, type LevyKind } from '../../../shared/i18n/levy-texts.js';
import { SCHEDULE_ROW_IDS, type SalesSchedule, type ScheduleApart, type ScheduleRow, type ScheduleRowId } from '../../../shared/ipc/schemas/statistics.js';
import { normalRate, SPECIAL_TYPES, sum, yuan } from './figures.js';
import type { OutputBucket } from './store.js';

export const SCHEDULE_COLUMNS = 14;
/** 未开具发票 (5–6) and 纳税检查调整 (7–8): the clerk's, left empty. */
export const CLERK_COLUMNS: readonly number[] = [5, 6, 7, 8];
/** 预征率 rows: an advance levy no invoice line says; the clerk's. */
export const CLERK_ROWS: ReadonlySet<ScheduleRowId> = new Set(['13a', '13b', '13c']);
/** 免抵退税 and 免税 carry sales only: the form has no output-tax cell in them. */
const SALES_ONLY: ReadonlySet<ScheduleRowId> = new Set(['16', '17', '18', '19']);
const TAX_COLUMNS: ReadonlySet<number> = new Set([2, 4, 6, 8, 10, 14]);
/**
 * Rows of services, immovable property and intangible assets, where the form asks for columns 11–14 (价税合计,
 * 扣除项目, 扣除后); 6 % is a rate of services only. Any other row takes them when a 差额征税 line is in it.
 */
const SERVICE_ROWS: ReadonlySet<ScheduleRowId> = new Set(['2', '4', '5', '7', '9b', '12', '15', '17', '19']);

type Pair = readonly [goods: ScheduleRowId, services: ScheduleRowId];
/** 一般计税 rows by rate. */
const GENERAL: Readonly<Record<string, Pair>> = { '0.13': ['1', '2'], '0.09': ['3', '4'], '0.06': ['5', '5'] };
/** 简易计税 rows by 征收率. */
const SIMPLE: Readonly<Record<string, Pair>> = { '0.06': ['8', '8'], '0.05': ['9a', '9b'], '0.04': ['10', '10'], '0.03': ['11', '12'] };
/** Rates that are 征收率 whatever the line's lslbs says (no 一般计税 rate is 5 %, 4 % or 3 %). */
const SIMPLE_BY_NATURE: ReadonlySet<string> = new Set(['0.05', '0.04', '0.03']);
/** 减按 (reduced) rates → the 征收率 they are reduced from, whose rows they go to: 5 % → 1.5 %, 3 % → 2 %, 1 %, 0.5 %. */
const REDUCED_FROM: Readonly<Record<string, string>> = { '0.015': '0.05', '0.02': '0.03', '0.01': '0.03', '0.005': '0.03' };
const REFUND_GENERAL: Pair = ['6', '7'];
const REFUND_SIMPLE: Pair = ['14', '15'];
const ZERO_RATE: Pair = ['16', '17'];
const EXEMPT: Pair = ['18', '19'];

/** Class 3 (services), 4 (intangibles), 5 (immovable property); 1, 2 and a line without a code count as goods. */
const isServices = (category: string) => category === '3' || category === '4' || category === '5';

type Placement = { rows: ScheduleRowId[] } | { apart: ScheduleApart['reason'] };

/** Where a (not voided) line bucket goes: its row and, for 即征即退, its 其中 row; or apart, with why. */
export function placeBucket(bucket: Pick<OutputBucket, 'levy' | 'category' | 'rate' | 'refund' | 'taxFen'>): Placement {
  const levy = levyOf(bucket.levy);
  if (levy === 'notTaxed') return { apart: 'notTaxed' };
  if (bucket.category === '6') return { apart: 'notASale' };
  const side = isServices(bucket.category) ? 1 : 0;
  if (levy === 'exempt' || levy === 'zeroRate') {
    if (bucket.taxFen !== 0) return { apart: 'taxedExempt' };
    return { rows: [(levy === 'exempt' ? EXEMPT : ZERO_RATE)[side]] };
  }
  const rate = normalRate(bucket.rate);
  const standard = levy === 'normal' || levy === 'difference';
  let pair: Pair | undefined;
  let refund: Pair;
  if (standard && GENERAL[rate]) {
    pair = GENERAL[rate];
    refund = REFUND_GENERAL;
  } else {
    pair = standard ? (SIMPLE_BY_NATURE.has(rate) ? SIMPLE[rate] : undefined) : SIMPLE[REDUCED_FROM[rate] ?? rate];
    refund = REFUND_SIMPLE;
  }
  if (!pair) return { apart: 'noRow' };
  return { rows: bucket.refund === 1 ? [pair[side], refund[side]] : [pair[side]] };
}

/** What is added up for one row, in fen. */
interface RowTally {
  special: { amountFen: number; taxFen: number };
  other: { amountFen: number; taxFen: number };
  /**
   * 价税合计 of the 差额征税 lines per column group and rate: their sales and tax before the deduction are worked
   * out from it when the cells are written (the invoices' own 金额 / 税额 are after the deduction).
   */
  difference: { special: Map<string, number>; other: Map<string, number> };
  deductionFen: number;
  /** A 差额征税 line is in the row: columns 11–14 apply whatever the row. */
  deducted: boolean;
  /** 价税合计 and deduction per rate (the rate of column 14). */
  byRate: Map<string, { totalFen: number; deductionFen: number }>;
}
const rowTally = (): RowTally => ({
  special: { amountFen: 0, taxFen: 0 },
  other: { amountFen: 0, taxFen: 0 },
  difference: { special: new Map(), other: new Map() },
  deductionFen: 0,
  deducted: false,
  byRate: new Map(),
});

function addToRow(row: RowTally, bucket: OutputBucket): void {
  const column = SPECIAL_TYPES.has(bucket.fplxdm) ? 'special' : 'other';
  const rate = normalRate(bucket.rate);
  if (levyOf(bucket.levy) === 'difference') {
    const totals = row.difference[column];
    totals.set(rate, (totals.get(rate) ?? 0) + bucket.amountFen + bucket.taxFen);
  } else {
    row[column].amountFen += bucket.amountFen;
    row[column].taxFen += bucket.taxFen;
  }
  row.deductionFen += bucket.deductionFen;
  if (levyOf(bucket.levy) === 'difference' || bucket.deductionFen !== 0) row.deducted = true;
  const at = row.byRate.get(rate) ?? { totalFen: 0, deductionFen: 0 };
  at.totalFen += bucket.amountFen + bucket.taxFen;
  at.deductionFen += bucket.deductionFen;
  row.byRate.set(rate, at);
}

/** The tax in an amount including tax at a rate, in fen, rounded half up: amount × rate ÷ (1 + rate). */
function taxIn(totalFen: number, rate: string): number {
  const r = new Decimal(rate);
  return new Decimal(totalFen).times(r).dividedBy(r.plus(1)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** Column 14: (价税合计 − 扣除) ÷ (1 + rate) × rate, per rate (a 其中 row or a 减按 line holds several), in fen. */
function taxAfterDeduction(row: RowTally): number {
  let fen = 0;
  for (const [rate, { totalFen, deductionFen }] of row.byRate) fen += taxIn(totalFen - deductionFen, rate);
  return fen;
}

/** Sales and tax of one column group: the other lines' as invoiced, the 差额征税 lines' before the deduction, per rate. */
function groupFigures(invoiced: { amountFen: number; taxFen: number }, difference: ReadonlyMap<string, number>): { amountFen: number; taxFen: number } {
  let { amountFen, taxFen } = invoiced;
  for (const [rate, totalFen] of difference) {
    const tax = taxIn(totalFen, rate);
    amountFen += totalFen - tax;
    taxFen += tax;
  }
  return { amountFen, taxFen };
}

function cellsOf(id: ScheduleRowId, row: RowTally | undefined): Array<string | null> {
  const cells: Array<string | null> = Array.from({ length: SCHEDULE_COLUMNS }, () => null);
  if (CLERK_ROWS.has(id)) return cells;
  const t = row ?? rowTally();
  const salesOnly = SALES_ONLY.has(id);
  const put = (column: number, fen: number) => {
    if (!(salesOnly && TAX_COLUMNS.has(column))) cells[column - 1] = yuan(fen);
  };
  const special = groupFigures(t.special, t.difference.special);
  const other = groupFigures(t.other, t.difference.other);
  const sales = special.amountFen + other.amountFen;
  const tax = salesOnly ? 0 : special.taxFen + other.taxFen;
  put(1, special.amountFen);
  put(2, special.taxFen);
  put(3, other.amountFen);
  put(4, other.taxFen);
  // 5–8 stay null: the clerk's. 9 and 10 add only what invoices say (5 and 7 are empty here).
  put(9, sales);
  put(10, tax);
  if (SERVICE_ROWS.has(id) || t.deducted) {
    put(11, sales + tax);
    put(12, t.deductionFen);
    put(13, sales + tax - t.deductionFen);
    put(14, taxAfterDeduction(t));
  }
  return cells;
}

interface ApartTally {
  reason: ScheduleApart['reason'];
  rate: string;
  levy: LevyKind;
  category: string;
  lines: number;
  amountFen: number;
  taxFen: number;
}

/** The schedule of sales of a period's output buckets (line buckets; the invoices' own rows are not used). */
export function salesSchedule(buckets: readonly OutputBucket[]): SalesSchedule {
  const rows = new Map<ScheduleRowId, RowTally>();
  const apart = new Map<string, ApartTally>();
  const voided = { amountFen: 0, taxFen: 0 };
  for (const bucket of buckets) {
    if (bucket.rate === '') continue;
    if (bucket.voided) {
      voided.amountFen += bucket.amountFen;
      voided.taxFen += bucket.taxFen;
      continue;
    }
    const placed = placeBucket(bucket);
    if ('apart' in placed) {
      const rate = normalRate(bucket.rate);
      const levy = levyOf(bucket.levy);
      const key = `${placed.apart}|${rate}|${levy}|${bucket.category}`;
      const at = apart.get(key) ?? { reason: placed.apart, rate, levy, category: bucket.category, lines: 0, amountFen: 0, taxFen: 0 };
      at.lines += bucket.lines;
      at.amountFen += bucket.amountFen;
      at.taxFen += bucket.taxFen;
      apart.set(key, at);
      continue;
    }
    for (const id of placed.rows) {
      let row = rows.get(id);
      if (!row) rows.set(id, (row = rowTally()));
      addToRow(row, bucket);
    }
  }
  const scheduleRows: ScheduleRow[] = SCHEDULE_ROW_IDS.map((id) => ({ row: id, cells: cellsOf(id, rows.get(id)) }));
  return {
    rows: scheduleRows,
    apart: [...apart.values()]
      .sort((a, b) => a.reason.localeCompare(b.reason) || Number(b.rate) - Number(a.rate) || a.levy.localeCompare(b.levy) || a.category.localeCompare(b.category))
      .map(({ amountFen, taxFen, ...rest }) => ({ ...rest, amount: yuan(amountFen), tax: yuan(taxFen) })),
    voided: sum(voided),
  };
}

/** How the workbook shows a cell: a figure, the clerk's to fill in, or none (the form has no cell there). */
export function cellKind(row: ScheduleRow, column: number): 'figure' | 'clerk' | 'none' {
  if (CLERK_ROWS.has(row.row)) return 'clerk';
  if (CLERK_COLUMNS.includes(column)) return SALES_ONLY.has(row.row) && TAX_COLUMNS.has(column) ? 'none' : 'clerk';
  return row.cells[column - 1] === null ? 'none' : 'figure';
}
