/** Display helpers for history rows. Pure, so they are unit-tested without a browser. */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Times come in two shapes: ISO-8601 from our own database (createdAt), and the service's kprq, which
 * the spec writes as yyyyMMddHHmmss. Both are shown as local "yyyy-MM-dd HH:mm:ss"; anything else is
 * shown as received rather than guessed at.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (compact) {
    const [, y, mo, d, h, mi, s] = compact;
    return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    }
  }
  return value;
}

/** A money bound the history filter accepts (the same rule as the IPC schema). */
export const AMOUNT_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;
