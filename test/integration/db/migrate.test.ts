/** The migration runner and the history database's pragmas, on real SQLite files. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { DatabaseTooNewError, latestVersion, migrate, type Migration } from '../../../main/db/migrate.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { startupFailureText } from '../../../main/i18n/startup-failure.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-db-'));
  dirs.push(dir);
  return path.join(dir, 'history.db');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('history database', () => {
  it('opens with WAL, synchronous=FULL and foreign keys, at the latest version', () => {
    const db = openDatabase(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations));
    closeDatabase(db);
  });

  it('is idempotent: reopening applies nothing twice', () => {
    const file = tempFile();
    closeDatabase(openDatabase(file));
    const db = openDatabase(file);
    expect(migrate(db, migrations)).toEqual({ from: latestVersion(migrations), to: latestVersion(migrations) });
    closeDatabase(db);
  });

  it('refuses a database written by a newer version and leaves the file untouched', () => {
    const file = tempFile();
    const newer = new Database(file);
    newer.pragma('journal_mode = DELETE');
    newer.exec('CREATE TABLE future_thing (x)');
    newer.pragma(`user_version = ${latestVersion(migrations) + 10}`);
    newer.close();
    const before = fs.readFileSync(file);
    const siblings = fs.readdirSync(path.dirname(file));

    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
    expect(() => openDatabase(file)).toThrow(/newer than this app/);
    // What the clerk reads: the start-up box, in the last UI language (main/i18n/startup-failure.ts).
    const refused = (() => {
      try {
        return openDatabase(file);
      } catch (error) {
        return error;
      }
    })();
    const version = String(latestVersion(migrations) + 10);
    expect(startupFailureText(refused, 'zh')).toEqual({
      title: '发票工作台无法启动',
      message: expect.stringContaining(`数据库版本 ${version}，本程序支持到 ${latestVersion(migrations)}`) as string,
    });
    const english = startupFailureText(refused, 'en');
    expect(english.title).toBe('Fapiao Desk cannot start');
    expect(english.message).toBe(
      `The database was created by a newer Fapiao Desk (database version ${version}, this program supports up to ${latestVersion(migrations)}); it was not opened, to protect the data: ${file}. Please upgrade Fapiao Desk.`,
    );
    expect(startupFailureText(new Error('EACCES: /data'), 'en')).toEqual({
      title: 'Fapiao Desk cannot start',
      message: 'An error occurred at start-up. Please contact your administrator.\n\nEACCES: /data',
    });
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(siblings);
  });

  it('runs all pending migrations in one transaction: a failing one leaves the version unchanged', () => {
    const db = new Database(tempFile());
    const broken: Migration[] = [
      { version: 10, name: 'ok', up: (d) => d.exec('CREATE TABLE a (x)') },
      { version: 20, name: 'bad', up: (d) => d.exec('CREATE TABLE a (x)') },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'a'`).get()).toBeUndefined();
    db.close();
  });

  it('refuses migration lists that are not in steps of 10', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [{ version: 15, name: 'odd', up: () => {} }])).toThrow(/steps of 10/);
    db.close();
  });
});

describe('migrations', () => {
  it('0010 issued-invoices: lines cascade with their invoice', () => {
    const db = openDatabase(tempFile());
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, created_at, updated_at)
       VALUES ('L1', 'sandbox', '026', 'S', 'Seller', 'Buyer', '1.00', '0.12', 'queued', '{}', ?, ?)`,
    ).run(now, now);
    db.prepare(
      `INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES (1, 1, 'x', '1', '1', '1', '1.00', '0.13', '0.12')`,
    ).run();
    expect(() => db.prepare(`INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, created_at, updated_at)
       VALUES ('L1', 'sandbox', '026', 'S', 'Seller', 'Buyer', '1.00', '0.12', 'queued', '{}', ?, ?)`).run(now, now)).toThrow(/UNIQUE/);
    db.prepare(`DELETE FROM issued_invoice WHERE id = 1`).run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM issued_invoice_line').get()).toEqual({ n: 0 });
    closeDatabase(db);
  });

  it('0020 outbox: one row per kind and serial', () => {
    const db = openDatabase(tempFile());
    const insert = db.prepare(
      `INSERT INTO outbox (kind, serial, request_json, state, next_attempt_at, created_at, updated_at) VALUES ('issuance', 'L1', '{}', 'pending', 0, '', '')`,
    );
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE/);
    closeDatabase(db);
  });
});
