/**
 * The monthly VAT filing deadline as main/features/statistics/filing-deadline.ts states its rule: the
 * 15th; later by the days of each run of 3 or more days off holding a statutory holiday inside the
 * 1st–15th; then on to the next working day. Each case names the part of the rule it exercises, on the
 * State Council's holiday calendars kept in the module (2025, 2026) and on weekends alone for a year not kept.
 */
import { describe, expect, it } from 'vitest';
import { filingDeadline, isDayOff } from '../../../main/features/statistics/filing-deadline.js';

describe('the VAT filing deadline', () => {
  it('is the 15th on a working day with no holiday run before it', () => {
    expect(filingDeadline(2025, 1)).toBe('2025-01-15'); // New Year's Day alone is no run of 3
    expect(filingDeadline(2026, 12)).toBe('2026-12-15');
  });

  it('moves to the next working day when the 15th is a day off', () => {
    expect(filingDeadline(2025, 3)).toBe('2025-03-17'); // the 15th a Saturday
    expect(filingDeadline(2026, 11)).toBe('2026-11-16'); // the 15th a Sunday
  });

  it('moves later by the days of a holiday run of 3 or more inside the 1st–15th', () => {
    expect(filingDeadline(2025, 4)).toBe('2025-04-18'); // Qingming 4–6 April: 3 days
    expect(filingDeadline(2025, 2)).toBe('2025-02-19'); // the Spring Festival's 1–4 February: 4 days
    expect(filingDeadline(2026, 10)).toBe('2026-10-22'); // National Day 1–7 October: 7 days
  });

  it('counts a weekend made a working day as working, and only weekends in a year without a calendar', () => {
    expect(isDayOff('2026-10-10')).toBe(false); // Saturday, 调休上班
    expect(isDayOff('2026-10-11')).toBe(true);
    expect(isDayOff('2026-10-03')).toBe(true);
    expect(filingDeadline(2030, 6)).toBe('2030-06-17'); // the 15th a Saturday; no holidays known for 2030
  });
});
