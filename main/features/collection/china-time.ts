/** China-time (UTC+8, no DST) texts the input endpoints use: yyyyMMddHHmmss and yyyyMMdd. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export function chinaDateTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().replace(/[-T:]/g, '').slice(0, 14);
}

export function chinaDate(ms: number): string {
  return chinaDateTime(ms).slice(0, 8);
}

/** yyyy-MM-dd (a China calendar day) → yyyyMMdd. */
export const compactDay = (day: string) => day.replace(/-/g, '');

/** Whole China calendar days from today to a yyyyMMdd day (negative when it has passed). */
export function daysUntil(compact: string, nowMs: number): number {
  const target = Date.UTC(Number(compact.slice(0, 4)), Number(compact.slice(4, 6)) - 1, Number(compact.slice(6, 8)));
  const today = chinaDate(nowMs);
  const start = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(4, 6)) - 1, Number(today.slice(6, 8)));
  return Math.round((target - start) / 86_400_000);
}
