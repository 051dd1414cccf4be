/** Migration 0230 intake-queue on a real SQLite file: received invoices and verifications saved before it are kept. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 0230 intake-queue', () => {
  it('keeps received invoices and verifications, adds the intake columns and the taken-files table', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-0230-'));
    dirs.push(dir);
    const file = path.join(dir, 'history.db');
    const before = openDatabase(file, { migrations: migrations.filter((migration) => migration.version < 230) });
    const id = before
      .prepare(
        `INSERT INTO received_invoice (environment, file_hash, file_name, file_type, source, FPDM, FPHM, KPRQ, HJJE, data_json, status, created_at, updated_at)
         VALUES ('sandbox', 'abc', 'a.png', 'png', 'qr', '044031900111', '12345678', '20240302', '1000.00', '{}', 'recognised', 'now', 'now')`,
      )
      .run().lastInsertRowid;
    before.prepare(`INSERT INTO verification (environment, received_invoice_id, fpzl, fphm, kprq, code, verified_at) VALUES ('sandbox', ?, '04', '12345678', '20240302', '0001', 'now')`).run(id);
    closeDatabase(before);

    const after = openDatabase(file);
    try {
      const row = after.prepare('SELECT * FROM received_invoice WHERE id = ?').get(id) as Record<string, unknown>;
      expect(row).toMatchObject({ fphm: '12345678', hjje: '1000.00', sources_json: '{}', fpzl: null, duplicate_of: null, invoice_key: null, last_code: null });
      expect(after.prepare('SELECT code FROM verification').all()).toEqual([{ code: '0001' }]);
      after.prepare('INSERT INTO intake_taken_file (folder, name, size, mtime_ms, taken_at) VALUES (?, ?, ?, ?, ?)').run('/scans', 'a.png', 10, 5, 'now');
      expect(() => after.prepare('INSERT INTO intake_taken_file (folder, name, size, mtime_ms, taken_at) VALUES (?, ?, ?, ?, ?)').run('/scans', 'a.png', 10, 5, 'again')).toThrow(/UNIQUE/);
    } finally {
      closeDatabase(after);
    }
  });
});
