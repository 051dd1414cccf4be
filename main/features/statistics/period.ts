/**
 * Tax periods on the China calendar (UTC+8, no DST): a month or a quarter, its months (yyyyMM) and days,
 * today's date and the current month of a clock, and the last twelve months. Pure functions.
 */
import type { TaxPeriod } from '../../../shared/ipc/schemas/statistics.js';

const CHINA_OFFSET_MS = 8 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Today in China, yyyy-MM-dd. */
export const chinaDay = (now: Date): string => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The month `now` falls in, in China time. */
export function currentMonth(now: Date): TaxPeriod {
  const day = chinaDay(now);
  return { kind: 'month', year: Number(day.slice(0, 4)), index: Number(day.slice(5, 7)) };
}

/** The period's months, yyyyMM, in order. */
export function monthsOf(period: TaxPeriod): string[] {
  const first = period.kind === 'month' ? period.index : (period.index - 1) * 3 + 1;
  const count = period.kind === 'month' ? 1 : 3;
  return Array.from({ length: count }, (_, i) => `${period.year}${pad(first + i)}`);
}

/** Days in a month of the proleptic Gregorian calendar. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** First and last day (yyyy-MM-dd) of the period. */
export function daysOf(period: TaxPeriod): { from: string; to: string } {
  const months = monthsOf(period);
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const lastDay = daysInMonth(Number(last.slice(0, 4)), Number(last.slice(4)));
  return { from: `${first.slice(0, 4)}-${first.slice(4)}-01`, to: `${last.slice(0, 4)}-${last.slice(4)}-${pad(lastDay)}` };
}

/** The twelve months ending with the month of `now`, oldest first (yyyyMM). */
export function lastTwelveMonths(now: Date): string[] {
  const { year, index } = currentMonth(now);
  return Array.from({ length: 12 }, (_, i) => {
    const m = index - 11 + i;
    const y = year + Math.floor((m - 1) / 12);
    return `${y}${pad(((m - 1 + 120) % 12) + 1)}`;
  });
}

/** Whole days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
