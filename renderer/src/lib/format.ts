/**
 * The clerk's words for times and rates, in both languages alike (issue 23 point 7): a time is
 * "yyyy-MM-dd HH:mm" in local time — never the browser's US-style toLocaleString — and a tax rate is a
 * percentage ("13%", never "0.13"). Pure, so they are unit-tested without a browser.
 */
import Decimal from 'decimal.js';
import { isoDate } from '../../../shared/i18n/received-texts.js';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Times come as ISO-8601 from our own database (createdAt), as the service's yyyyMMddHHmmss (kprq) or as
 * "yyyy-MM-dd HH:mm:ss"; all are shown as "yyyy-MM-dd HH:mm". Anything else is shown as received rather
 * than guessed at.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value) ?? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (compact) {
    const [, y, mo, d, h, mi] = compact;
    return `${y}-${mo}-${d} ${h}:${mi}`;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
    }
  }
  return value;
}

/** A day as "yyyy-MM-dd": the service's yyyyMMdd (KPRQ), or the day of any time formatDateTime reads. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{8}$/.test(value)) return isoDate(value);
  const time = formatDateTime(value);
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(time) ? time.slice(0, 10) : time;
}

/** A tax period as "yyyy-MM" (the service's yyyyMM, SKSSQ); anything else as it is. */
export function formatPeriod(value: string | null | undefined): string {
  if (!value) return '';
  return /^\d{6}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4)}` : value;
}

/** A period or day the clerk typed as yyyy-MM or yyyy-MM-dd, in the service's compact form (yyyyMM, yyyyMMdd). */
export function compactDate(typed: string): string {
  const trimmed = typed.trim();
  return /^\d{4}-\d{2}(-\d{2})?$/.test(trimmed) ? trimmed.replace(/-/gu, '') : trimmed;
}

/**
 * "0.13" → "13%" (decimal arithmetic: 0.07 never shows as 7.000000000000001%); a text that is no rate as it
 * is. Some records of collected input invoices carry the rate as a percentage number ("3" for 3%, the
 * service interface's SL): a rate of 1 or more is such a number, since no ratio reaches 100%.
 */
export function formatRate(rate: string | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '';
  if (/%$/.test(rate.trim())) return rate.trim();
  try {
    const value = new Decimal(rate);
    return `${(value.gte(1) ? value : value.times(100)).toString()}%`;
  } catch {
    return rate;
  }
}

/** The platform's own kind of folder path, for placeholders (a Windows path means nothing on Linux). */
export function platformOf(userAgent: string): 'windows' | 'mac' | 'other' {
  if (/Windows/i.test(userAgent)) return 'windows';
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'mac';
  return 'other';
}
