import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, closeDatabase, latestVersion, openDatabase } from '../../../sandbox/database.js';
import { issuance } from '../../../sandbox/migrations/0010-issuance.js';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { SANDBOX_DB_FILE, openSandboxStore } from '../../../sandbox/store.js';
import { tempDir } from '../../support/sample-issuance.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('sandbox database migrations', () => {
  it('0010 alone creates the issuance tables', () => {
    const dir = tempDir('fapiao-sandbox-db-');
    dirs.push(dir);
    const db = openDatabase(path.join(dir, SANDBOX_DB_FILE), { migrations: [issuance] });
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables.map((t) => t.name)).toEqual(['invoice_sequences', 'issuance_requests', 'issued_invoices']);
    closeDatabase(db);
  });

  it('a fresh sandbox store is at the latest version, in WAL mode', () => {
    const dir = tempDir('fapiao-sandbox-db-');
    dirs.push(dir);
    openSandboxStore(dir).close();
    const db = new Database(path.join(dir, SANDBOX_DB_FILE), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(sandboxMigrations));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('every sandbox migration upgrades a database left at the one before it', () => {
    for (let i = 1; i < sandboxMigrations.length; i++) {
      const dir = tempDir('fapiao-sandbox-db-');
      dirs.push(dir);
      const file = path.join(dir, SANDBOX_DB_FILE);
      closeDatabase(openDatabase(file, { migrations: sandboxMigrations.slice(0, i) }));
      const db = openDatabase(file, { migrations: sandboxMigrations });
      expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(sandboxMigrations));
      closeDatabase(db);
    }
  });

  it('refuses a database newer than the code', () => {
    const dir = tempDir('fapiao-sandbox-db-');
    dirs.push(dir);
    const db = new Database(path.join(dir, SANDBOX_DB_FILE));
    db.pragma('user_version = 990');
    db.close();
    expect(() => openSandboxStore(dir)).toThrow(DatabaseTooNewError);
  });
});
