/**
 * Dates of the input side as the service writes them: compact (yyyyMMdd, yyyyMMddHHmmss, yyyyMM) and in
 * China Standard Time whatever the host's zone, so the seeded data and the answers do not change with the
 * machine. Tax periods are calendar months in China.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const pad = (value: number, width = 2) => String(value).padStart(width, '0');

interface ChinaParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The calendar and clock fields of a moment in China (UTC+8, no daylight saving). */
export function chinaParts(ms: number): ChinaParts {
  const shifted = new Date(ms + OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
  };
}

/** yyyyMMdd */
export function compactDate(ms: number): string {
  const p = chinaParts(ms);
  return `${p.year}${pad(p.month)}${pad(p.day)}`;
}

/** yyyyMMddHHmmss */
export function compactDateTime(ms: number): string {
  const p = chinaParts(ms);
  return `${compactDate(ms)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** yyyy-MM-dd (the certification result's RZRQ) from yyyyMMdd. */
export function dashedDate(compact: string): string {
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}` : compact;
}

/** Tax period yyyyMM of a moment. */
export function taxPeriodOf(ms: number): string {
  const p = chinaParts(ms);
  return `${p.year}${pad(p.month)}`;
}

/** The period before yyyyMM. */
export function previousPeriod(period: string): string {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6));
  return month === 1 ? `${year - 1}12` : `${year}${pad(month - 1)}`;
}

/** Midnight in China of a China calendar day, as epoch milliseconds. */
export function chinaMidnight(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) - OFFSET_MS;
}

/** Midnight in China of the day of `ms`. */
export function startOfChinaDay(ms: number): number {
  const p = chinaParts(ms);
  return chinaMidnight(p.year, p.month, p.day);
}

/** Epoch milliseconds of a China yyyyMMdd (midnight). */
export function parseCompactDate(value: string): number {
  return chinaMidnight(Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8)));
}

/** The selection window the collection records carry for the current tax period (see docs/sandbox/rules-input.md). */
export interface SelectionWindow {
  /** DQSKSSQ: the current tax period, the China month of now. */
  DQSKSSQ: string;
  /** GXJZR: the 15th of the following month, the usual declaration deadline. */
  GXJZR: string;
  /** GXRQQ: 360 days before today; an older invoice is overdue unless YQKGXBZ is 1. */
  GXRQQ: string;
  /** GXRQZ: today; nothing issued later can be selected. */
  GXRQZ: string;
}

export const OVERDUE_AFTER_DAYS = 360;

export function selectionWindow(nowMs: number): SelectionWindow {
  const p = chinaParts(nowMs);
  const nextMonth = p.month === 12 ? { year: p.year + 1, month: 1 } : { year: p.year, month: p.month + 1 };
  return {
    DQSKSSQ: taxPeriodOf(nowMs),
    GXJZR: `${nextMonth.year}${pad(nextMonth.month)}15`,
    GXRQQ: compactDate(startOfChinaDay(nowMs) - OVERDUE_AFTER_DAYS * DAY_MS),
    GXRQZ: compactDate(nowMs),
  };
}
