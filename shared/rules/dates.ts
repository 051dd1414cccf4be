/** Calendar validity of the spec's date formats: a pattern alone lets 2025-02-30 through. */

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC so the host's zone never matters.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** yyyy-MM-dd naming a real day. */
export function isValidDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && validDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** yyyy-MM-dd HH:mm naming a real minute. */
export function isValidDateMinute(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/.exec(text);
  return match !== null && isValidDate(match[1] ?? '') && Number(match[2]) < 24 && Number(match[3]) < 60;
}

/** yyyyMMdd naming a real day (the QR code's and the verification request's compact date). */
export function isCompactDate(text: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return match !== null && validDay(Number(match[1]), Number(match[2]), Number(match[3]));
}
