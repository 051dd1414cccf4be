import { describe, expect, it } from 'vitest';
import { compactDate, formatDate, formatDateTime, formatPeriod, formatRate, platformOf } from '../../../renderer/src/lib/format.js';

describe('formatDateTime', () => {
  it('formats the service’s yyyyMMddHHmmss as is (it is already local time)', () => {
    expect(formatDateTime('20261122083500')).toBe('2026-11-22 08:35');
    expect(formatDateTime('2026-11-22 08:35:59')).toBe('2026-11-22 08:35');
  });

  it('formats ISO-8601 in local time', () => {
    const iso = new Date(2026, 10, 22, 8, 5, 9).toISOString();
    expect(formatDateTime(iso)).toBe('2026-11-22 08:05');
    // Never the US form a browser's toLocaleString gives (11/22/2026, 8:05:09 AM).
    expect(formatDateTime(iso)).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}|AM|PM/);
  });

  it('leaves anything else alone and blanks missing values', () => {
    expect(formatDateTime('2026年11月22日')).toBe('2026年11月22日');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('2026-13-45Tgarbage')).toBe('2026-13-45Tgarbage');
  });
});

describe('formatRate', () => {
  it('shows a rate as a percentage, in decimals', () => {
    expect(['0.13', '0.09', '0.06', '0.07', '0.015', '0', '13%'].map(formatRate)).toEqual(['13%', '9%', '6%', '7%', '1.5%', '0%', '13%']);
    expect(formatRate(null)).toBe('');
    expect(formatRate('免税')).toBe('免税');
    // A collected record's SL as a percentage number.
    expect(['3', '13', '1'].map(formatRate)).toEqual(['3%', '13%', '1%']);
  });
});

describe('platformOf', () => {
  it('tells the platform a path placeholder is for', () => {
    expect(platformOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('mac');
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120')).toBe('other');
  });
});

describe('formatDate, formatPeriod and compactDate', () => {
  it('shows days as yyyy-MM-dd and periods as yyyy-MM, and reads them back as the service spells them', () => {
    expect(formatDate('20261125')).toBe('2026-11-25');
    expect(formatDate('20261122083500')).toBe('2026-11-22');
    expect(formatDate(null)).toBe('');
    expect(formatPeriod('202611')).toBe('2026-11');
    expect(formatPeriod('2026-11')).toBe('2026-11');
    expect(compactDate(' 2026-11 ')).toBe('202611');
    expect(compactDate('2026-11-25')).toBe('20261125');
    expect(compactDate('20261125')).toBe('20261125');
  });
});
