/**
 * The monthly VAT filing deadline, as a small documented rule (docs/statistics.md §Deadlines):
 *
 * 1. The return is due by the 15th of the month (for the month before).
 * 2. For each run of 3 or more consecutive days off within the 1st–15th that holds a statutory holiday,
 *    the deadline moves later by the run's days (在期限内有连续3日以上法定休假日的，按休假日天数顺延).
 * 3. When the day reached is a day off (a weekend not made a working day, or a holiday), it moves to
 *    the next working day.
 *
 * Days off come from the State Council's yearly holiday notices (国务院办公厅关于部分节假日安排的通知),
 * kept below for the years published; for a year not listed only weekends count. The tax authority's
 * own yearly filing calendar is the final word where it differs (test/unit/features/filing-deadline.test.ts
 * checks this rule, not that calendar).
 */

interface YearCalendar {
  /** Statutory holiday days off, yyyy-MM-dd (a weekend inside a holiday run is listed too). */
  holidays: readonly string[];
  /** Weekend days made working days (调休上班). */
  workdays: readonly string[];
}

const range = (from: string, days: number) =>
  Array.from({ length: days }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

const CALENDARS: Readonly<Record<number, YearCalendar>> = {
  2025: {
    holidays: [...range('2025-01-01', 1), ...range('2025-01-28', 8), ...range('2025-04-04', 3), ...range('2025-05-01', 5), ...range('2025-05-31', 3), ...range('2025-10-01', 8)],
    workdays: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
  },
  2026: {
    holidays: [...range('2026-01-01', 3), ...range('2026-02-15', 9), ...range('2026-04-04', 3), ...range('2026-05-01', 5), ...range('2026-06-19', 3), ...range('2026-09-25', 3), ...range('2026-10-01', 7)],
    workdays: ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10'],
  },
};

const holidaySet = new Set(Object.values(CALENDARS).flatMap((c) => c.holidays));
const workdaySet = new Set(Object.values(CALENDARS).flatMap((c) => c.workdays));

const isHoliday = (day: string) => holidaySet.has(day);
/** A day off: a statutory holiday, or a Saturday/Sunday not made a working day. */
export function isDayOff(day: string): boolean {
  if (isHoliday(day)) return true;
  if (workdaySet.has(day)) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The filing deadline (yyyy-MM-dd) in the month `year`-`month` (the return of the month before). */
export function filingDeadline(year: number, month: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const fifteenth = addDays(first, 14);
  // Rule 2: the runs of days off inside the 1st–15th (a run going on past the 15th counts to the 15th).
  let extension = 0;
  let day = first;
  while (day <= fifteenth) {
    const run: string[] = [];
    while (day <= fifteenth && isDayOff(day)) {
      run.push(day);
      day = addDays(day, 1);
    }
    if (run.length >= 3 && run.some(isHoliday)) extension += run.length;
    day = addDays(day, 1);
  }
  // Rule 3.
  let deadline = addDays(fifteenth, extension);
  while (isDayOff(deadline)) deadline = addDays(deadline, 1);
  return deadline;
}
