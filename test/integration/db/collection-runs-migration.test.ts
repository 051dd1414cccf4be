/**
 * Migration 0260 collection-runs on a real SQLite file: collected invoices held before it keep every
 * value and gain their enterprise (the buyer), and the new tables take runs, changes and the start-up option.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../main/db/migrate.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import Database from 'better-sqlite3';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 0260 collection-runs', () => {
  it('keeps collected invoices, fills their enterprise, and adds runs, changes and the start-up option', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-mig260-'));
    dirs.push(dir);
    const file = path.join(dir, 'history.db');
    const before = new Database(file);
    migrate(before, migrations.filter((m) => m.version < 260));
    before
      .prepare(
        `INSERT INTO collected_invoice (environment, FPLXDM, FPDM, FPHM, KPRQ, GMFSBH, XHFMC, HJJE, SE, FPZT, RZZT, GLZT, record_json, collected_at)
         VALUES ('sandbox', '01', '3100261130', '12345678', '20260101', '91310000MA1FL8XQ5D', '甲公司', '100.00', '13.00', '0', '0', '0', '{}', 'x')`,
      )
      .run();
    before.close();

    const db = openDatabase(file);
    expect(Number(db.pragma('user_version', { simple: true }))).toBeGreaterThanOrEqual(260);
    expect(db.prepare(`SELECT fphm, xhfmc, hjje, se, enterprise, gxjzr FROM collected_invoice`).get()).toEqual({
      fphm: '12345678',
      xhfmc: '甲公司',
      hjje: '100.00',
      se: '13.00',
      enterprise: '91310000MA1FL8XQ5D',
      gxjzr: null,
    });
    const run = db
      .prepare(`INSERT INTO collection_run (environment, enterprise, kind, pch, cjksrq, cjjsrq, status, created_at, updated_at) VALUES ('sandbox', 'E', '01', ?, 'a', 'b', 'running', 'n', 'n')`)
      .run('P'.repeat(32));
    expect(() =>
      db.prepare(`INSERT INTO collection_run (environment, enterprise, kind, pch, cjksrq, cjjsrq, status, created_at, updated_at) VALUES ('sandbox', 'E', '99', 'Q', 'a', 'b', 'running', 'n', 'n')`).run(),
    ).toThrow(/CHECK/);
    expect(Number(run.lastInsertRowid)).toBeGreaterThan(0);
    db.prepare(`INSERT INTO collected_invoice_change (invoice_id, field, old_value, new_value, source, changed_at) VALUES (1, 'FPZT', '0', '2', 'P', 'n')`).run();
    db.prepare(`DELETE FROM collected_invoice`).run();
    expect(db.prepare(`SELECT count(*) AS n FROM collected_invoice_change`).get()).toEqual({ n: 0 });
    db.prepare(`INSERT INTO collection_preference (environment, sync_on_start) VALUES ('sandbox', 1)`).run();
    closeDatabase(db);
  });
});
