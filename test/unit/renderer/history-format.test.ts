import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../renderer/src/features/history/format.js';

describe('formatDateTime', () => {
  it('formats the service’s yyyyMMddHHmmss as is (it is already local time)', () => {
    expect(formatDateTime('20261122083500')).toBe('2026-11-22 08:35:00');
  });

  it('formats ISO-8601 in local time', () => {
    const iso = new Date(2026, 10, 22, 8, 5, 9).toISOString();
    expect(formatDateTime(iso)).toBe('2026-11-22 08:05:09');
  });

  it('leaves anything else alone and blanks missing values', () => {
    expect(formatDateTime('2026年11月22日')).toBe('2026年11月22日');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('2026-13-45Tgarbage')).toBe('2026-13-45Tgarbage');
  });
});
