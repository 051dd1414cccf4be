/**
 * Times as the service writes them: always in China Standard Time (+08:00), whatever the host's zone,
 * so answers do not change with the machine the sandbox runs on.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;

function parts(date: Date) {
  const shifted = new Date(date.getTime() + OFFSET_MS);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}.${pad(shifted.getUTCMilliseconds(), 3)}`,
    year: shifted.getUTCFullYear(),
  };
}

/** E1 `timestamp`: ISO-8601 with milliseconds and offset, e.g. 2025-03-01T09:30:00.123+08:00. */
export function envelopeTimestamp(date: Date): string {
  const p = parts(date);
  return `${p.date}T${p.time}+08:00`;
}

/** Issued record `kprq`: yyyy-MM-dd'T'HH:mm:ss.SSSZ, e.g. 2025-03-01T09:30:00.123+0800. */
export function issueTime(date: Date): string {
  const p = parts(date);
  return `${p.date}T${p.time}+0800`;
}

/** The year in China, for invoice codes and numbers. */
export function chinaYear(date: Date): number {
  return parts(date).year;
}
