import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError } from '../../main/db/migrate.js';
import { SANDBOX_DB_FILE, openSandboxStore } from '../../main/sandbox/store.js';
import { tempDir } from '../support/sample-issuance.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('sandbox database migrations', () => {
  it('0010 creates the issuance tables in WAL mode', () => {
    const dir = tempDir('fapiao-sandbox-db-');
    dirs.push(dir);
    openSandboxStore(dir).close();
    const db = new Database(path.join(dir, SANDBOX_DB_FILE), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables.map((t) => t.name)).toEqual(['invoice_sequences', 'issuance_requests', 'issued_invoices']);
    db.close();
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
