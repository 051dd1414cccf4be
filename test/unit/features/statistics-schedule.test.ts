/**
 * The schedule of sales (main/features/statistics/schedule.ts) of a described quarter (support/statistics-month.ts):
 * every row and column against what an accountant works out from the invoices' lines — the row each line was
 * put in by hand, columns 1–4 by kind of invoice, 9–11 added, 12 the 差额征税 deductions, 13 and 14 per line
 * ((je − kce) × sl ÷ (1 + sl), each line rounded), in decimal.js. Sales in no row and voided lines apart.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { cellKind, placeBucket, salesSchedule } from '../../../main/features/statistics/schedule.js';
import { SCHEDULE_ROW_IDS } from '../../../shared/ipc/schemas/statistics.js';
import { expectedApart, expectedRows, expectedVoided } from './support/schedule-expected.js';
import { bucketsOf, INVOICES, NOVEMBER, Q4 } from './support/statistics-month.js';

describe('the schedule of sales (附列资料（一）)', () => {
  it.each([
    ['November', NOVEMBER],
    ['the fourth quarter', Q4],
  ])('puts every line of %s in its row and column, as worked out by hand', (_name, months) => {
    const schedule = salesSchedule(bucketsOf(INVOICES, months));
    expect(schedule.rows.map((r) => r.row)).toEqual([...SCHEDULE_ROW_IDS]);
    expect(Object.fromEntries(schedule.rows.map((r) => [r.row, r.cells]))).toEqual(expectedRows(months));
    const apart: Record<string, { amount: string; tax: string }> = {};
    for (const item of schedule.apart) {
      const at = (apart[item.reason] ??= { amount: '0.00', tax: '0.00' });
      at.amount = new Decimal(at.amount).plus(item.amount).toFixed(2);
      at.tax = new Decimal(at.tax).plus(item.tax).toFixed(2);
    }
    expect(apart).toEqual(expectedApart(months));
    expect(schedule.voided).toEqual(expectedVoided(months));
  });

  it('gives the figures an accountant checks first, spelled out', () => {
    const rows = Object.fromEntries(salesSchedule(bucketsOf(INVOICES, NOVEMBER)).rows.map((r) => [r.row, r.cells]));
    // Row 1, special invoices: 1000 + 1000 (software) + 2000 − 2000 (reversed in full); tax 130 + 130.
    expect(rows['1']!.slice(0, 2)).toEqual(['2000.00', '260.00']);
    // Row 1, other invoices: repair 500 − 50, 300 − 100, no code 100, roll 20; tax 65 − 6.50 + 39 − 13 + 13 + 2.60.
    expect(rows['1']!.slice(2, 4)).toEqual(['770.00', '100.10']);
    // Row 5: 500 + the travel agency's 10600 before its deduction (10000, tax 600 — not the invoice's 10300 and
    // 300, taxed after it) on special invoices; 价税合计 11130, 差额 5300 deducted, tax after 5830 × 6 / 106.
    expect(rows['5']!.slice(0, 4)).toEqual(['10500.00', '630.00', '0.00', '0.00']);
    expect(rows['5']!.slice(8, 14)).toEqual(['10500.00', '630.00', '11130.00', '5300.00', '5830.00', '330.00']);
    // Row 12: a 3 % line and a 减按 1 % line; column 14 at each line's own rate (1.00 + 6.00), not 307 × 3 / 103.
    expect(rows['12']![13]).toBe('7.00');
    // 9b: 5 % rent and 5 % 减按 1.5 % rent.
    expect(rows['9b']!.slice(2, 4)).toEqual(['200.00', '6.50']);
    // The clerk's columns and rows are empty; 免税 rows have no tax cells.
    expect(rows['1']!.slice(4, 8)).toEqual([null, null, null, null]);
    expect(rows['13a']).toEqual(Array.from({ length: 14 }, () => null));
    expect(rows['18']).toEqual(['0.00', null, '500.00', null, null, null, null, null, '500.00', null, null, null, null, null]);
    // Goods rows take no 11–14 (no 差额征税 in them).
    expect(rows['1']!.slice(10)).toEqual([null, null, null, null]);
  });

  it('places a line by levy, rate and class; the rest apart with the reason', () => {
    const at = (levy: string, rate: string, category = '1', refund = 0, taxFen = 100) => placeBucket({ levy, rate, category, refund, taxFen });
    expect(at('', '0.130')).toEqual({ rows: ['1'] });
    expect(at('', '13%', '5')).toEqual({ rows: ['2'] });
    expect(at('', '0.06', '1')).toEqual({ rows: ['5'] });
    expect(at('5', '0.06', '3')).toEqual({ rows: ['8'] });
    expect(at('', '0.04', '1')).toEqual({ rows: ['10'] });
    expect(at('4', '0.05', '3')).toEqual({ rows: ['9b'] });
    expect(at('6', '0.02', '1')).toEqual({ rows: ['11'] });
    expect(at('6', '0.005', '1')).toEqual({ rows: ['11'] });
    expect(at('6', '0.015', '4')).toEqual({ rows: ['9b'] });
    expect(at('', '0.09', '2', 1)).toEqual({ rows: ['3', '6'] });
    expect(at('5', '0.03', '', 1)).toEqual({ rows: ['11', '14'] });
    expect(at('3', '0', '1', 0, 0)).toEqual({ rows: ['16'] });
    expect(at('1', '0', '5', 1, 0)).toEqual({ rows: ['19'] });
    expect(at('2', '0', '1', 0, 0)).toEqual({ apart: 'notTaxed' });
    expect(at('', '0', '6', 0, 0)).toEqual({ apart: 'notASale' });
    expect(at('', '0', '1', 0, 0)).toEqual({ apart: 'noRow' });
    expect(at('', '0.17')).toEqual({ apart: 'noRow' });
    expect(at('', 'abc')).toEqual({ apart: 'noRow' });
    expect(at('6', '0.13')).toEqual({ apart: 'noRow' });
    expect(at('1', '0', '1', 0, 5)).toEqual({ apart: 'taxedExempt' });
  });

  it('tells the workbook which cells are figures, the clerk’s, or none', () => {
    const rows = new Map(salesSchedule(bucketsOf(INVOICES, NOVEMBER)).rows.map((r) => [r.row, r]));
    expect([1, 2, 5, 8, 9, 11, 14].map((c) => cellKind(rows.get('1')!, c))).toEqual(['figure', 'figure', 'clerk', 'clerk', 'figure', 'none', 'none']);
    expect([2, 5, 6, 11, 13, 14].map((c) => cellKind(rows.get('17')!, c))).toEqual(['none', 'clerk', 'none', 'figure', 'figure', 'none']);
    expect(cellKind(rows.get('13b')!, 1)).toBe('clerk');
  });
});
