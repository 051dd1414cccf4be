/** Migration 0200 keeps every print job and calibration saved before it, and adds its columns with defaults. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../main/db/migrate.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-print-mig-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('migration 0200 print-jobs-detail', () => {
  it('keeps the jobs and calibrations of 0060 and adds copies, mode, offsets, preferences, archive jobs', () => {
    const db = new Database(path.join(dir, 'history.db'));
    migrate(db, migrations.filter((m) => m.version < 200));
    const now = '2026-11-24T08:00:00.000Z';
    db.prepare(
      `INSERT INTO print_job (environment, fplxdm, fpdm, fphm, dylx, printer, status, error_message, created_at, updated_at)
       VALUES ('sandbox', '004', '3200262130', '00012345', '0', 'HP', 'failed', 'offline', ?, ?)`,
    ).run(now, now);
    db.prepare(`INSERT INTO printer_calibration (printer, down_mm, right_mm, updated_at) VALUES ('HP', '1.5', '-0.5', ?)`).run(now);

    expect(migrate(db, migrations).to).toBeGreaterThanOrEqual(200);
    expect(db.prepare(`SELECT fphm, printer, status, error_message, copies, mode, down_mm, right_mm, retry_of FROM print_job`).all()).toEqual([
      { fphm: '00012345', printer: 'HP', status: 'failed', error_message: 'offline', copies: 1, mode: 'overlay', down_mm: '0', right_mm: '0', retry_of: null },
    ]);
    expect(db.prepare(`SELECT printer, down_mm, right_mm FROM printer_calibration`).all()).toEqual([{ printer: 'HP', down_mm: '1.5', right_mm: '-0.5' }]);
    expect(() => db.prepare(`UPDATE print_job SET mode = 'sideways'`).run()).toThrow(/CHECK/);
    db.prepare(`INSERT INTO printer_preference (environment, document, printer, updated_at) VALUES ('sandbox', '004', 'HP', ?)`).run(now);
    expect(() => db.prepare(`INSERT INTO printer_preference (environment, document, printer, updated_at) VALUES ('sandbox', '004', 'X', ?)`).run(now)).toThrow(/UNIQUE|PRIMARY/);
    db.prepare(
      `INSERT INTO archive_print_job (environment, fplxdm, fphm, printer, status, created_at, updated_at) VALUES ('sandbox', '82', '26000000000000000001', 'HP', 'printed', ?, ?)`,
    ).run(now, now);
    db.close();
  });
});
