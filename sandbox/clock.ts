/**
 * Times as the service writes them: always in China Standard Time (+08:00), whatever the host's zone,
 * so answers do not change with the machine the sandbox runs on.
 */
import { chinaParts, pad } from './tax-authority/china-time.js';

function isoParts(date: Date): { date: string; time: string } {
  const p = chinaParts(date.getTime());
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${pad(p.millisecond, 3)}`,
  };
}

/** E1 `timestamp`: ISO-8601 with milliseconds and offset, e.g. 2025-03-01T09:30:00.123+08:00. */
export function envelopeTimestamp(date: Date): string {
  const p = isoParts(date);
  return `${p.date}T${p.time}+08:00`;
}

/** Issued record `kprq`: yyyy-MM-dd'T'HH:mm:ss.SSSZ, e.g. 2025-03-01T09:30:00.123+0800. */
export function issueTime(date: Date): string {
  const p = isoParts(date);
  return `${p.date}T${p.time}+0800`;
}

/** The year in China, for invoice codes and numbers. */
export function chinaYear(date: Date): number {
  return chinaParts(date.getTime()).year;
}
