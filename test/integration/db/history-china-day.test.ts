/**
 * History date filters mean China calendar days (+08:00): an invoice submitted at 00:30 China time on
 * 22 November (16:30 UTC on the 21st) belongs to the 22nd, whatever the machine's clock zone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { chinaDayStart, createHistoryRepo } from '../../../main/features/history/repo.js';
import { tempDir } from '../../support/sample-issuance.js';

const dir = tempDir('fapiao-china-day-');
const db = openDatabase(path.join(dir, 'history.db'));
afterAll(() => {
  closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

function insert(lsh: string, createdAt: string): void {
  db.prepare(
    `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, created_at, updated_at)
     VALUES (?, 'sandbox', '026', 'S', '销方', '购方', '1.00', '0.12', 'issued', '{}', ?, ?)`,
  ).run(lsh, createdAt, createdAt);
}

describe('history dates are China days', () => {
  insert('LATE-21', '2026-11-21T15:59:59.999Z'); // 23:59:59.999 on the 21st in China
  insert('EARLY-22', '2026-11-21T16:30:00.000Z'); // 00:30 on the 22nd in China
  const repo = createHistoryRepo(db);
  const lshOf = (day: string) =>
    repo.searchHistory('sandbox', 'S', { dateFrom: day, dateTo: day, direction: 'output', limit: 50 }).rows.map((row) => row.serial);

  it('a China day starts at 16:00 UTC the day before', () => {
    expect(chinaDayStart('2026-11-22')).toBe('2026-11-21T16:00:00.000Z');
  });

  it('an invoice submitted at 00:30 China time is found on that China day, not the UTC one', () => {
    expect(lshOf('2026-11-22')).toEqual(['EARLY-22']);
    expect(lshOf('2026-11-21')).toEqual(['LATE-21']);
  });
});
