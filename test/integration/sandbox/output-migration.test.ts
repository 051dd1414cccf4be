/** Sandbox migration 0020 (output): the ledger of issued invoices and the red-letter applications. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../sandbox/database.js';
import { issuance } from '../../../sandbox/migrations/0010-issuance.js';
import { output } from '../../../sandbox/migrations/0020-output.js';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { tempDir } from '../../support/sample-issuance.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('sandbox migration 0020-output', () => {
  it('is listed right after 0010 and creates output_invoices and red_letter_applications', () => {
    expect(sandboxMigrations.map((migration) => migration.version).slice(0, 2)).toEqual([10, 20]);
    const dir = tempDir('fapiao-sandbox-0020-');
    dirs.push(dir);
    const db = openDatabase(path.join(dir, 'sandbox.db'), { migrations: [issuance, output] });
    expect(db.pragma('user_version', { simple: true })).toBe(20);
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['output_invoices', 'red_letter_applications']));
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(output_invoices)').all().map((column) => column.name);
    expect(columns).toEqual(expect.arrayContaining(['kplx', 'zflx', 'status', 'reversed', 'original_id', 'file_token']));
    closeDatabase(db);
  });
});
