/**
 * Migration 0340 enterprise-scoping on a real SQLite file: drafts written before it keep their content
 * and, having no enterprise, stay visible whichever enterprise is active; new drafts belong to one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../main/db/migrate.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 0340 enterprise-scoping', () => {
  it('keeps earlier drafts visible to every enterprise and scopes new ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-mig340-'));
    dirs.push(dir);
    const file = path.join(dir, 'history.db');
    const before = new Database(file);
    migrate(before, migrations.filter((m) => m.version < 340));
    before
      .prepare(`INSERT INTO issuance_draft (environment, fplxdm, ghdwmc, jshj, content, created_at, updated_at) VALUES ('sandbox', '026', '旧草稿', '1.00', '{"a":1}', 'n', 'n')`)
      .run();
    before.close();

    const db = openDatabase(file);
    const drafts = createSqliteLedger(db).issuanceDrafts;
    const [a, b] = [{ environment: 'sandbox', enterprise: 'A' }, { environment: 'sandbox', enterprise: 'B' }] as const;
    expect((await drafts.list(a)).map((d) => d.buyerName)).toEqual(['旧草稿']);
    await drafts.save(a, { invoiceType: '026', buyerName: 'A 的草稿', total: '2.00', content: '{}' }, 'n2');
    expect((await drafts.list(b)).map((d) => d.buyerName)).toEqual(['旧草稿']);
    expect((await drafts.list(a)).map((d) => d.buyerName).sort()).toEqual(['A 的草稿', '旧草稿'].sort());
    expect(db.prepare(`SELECT content FROM issuance_draft WHERE ghdwmc = '旧草稿'`).get()).toEqual({ content: '{"a":1}' });
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'issued_invoice_seller'`).get()).toEqual({ name: 'issued_invoice_seller' });
    closeDatabase(db);
  });
});
