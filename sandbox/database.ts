/**
 * The sandbox's own SQLite opener and migration runner. The sandbox is a separate service and imports
 * nothing of the app, so it does not borrow the app's runner (main/db/): the rules are the same (one file
 * per migration, versions in steps of 10 kept in `user_version`, pending ones applied in one transaction,
 * a file newer than the code refused before anything writes to it), the code is its own.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface Migration {
  /** 10, 20, 30… — becomes `user_version` once applied. */
  version: number;
  name: string;
  up(db: Db): void;
}

export class DatabaseTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly codeVersion: number,
  ) {
    super(`sandbox database schema ${fileVersion} is newer than this sandbox's ${codeVersion}; refusing to open ${file}`);
    this.name = 'DatabaseTooNewError';
  }
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

function checkMigrationList(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const m of migrations) {
    if (m.version <= previous || m.version % 10 !== 0) {
      throw new Error(`migration ${m.name}: versions must increase in steps of 10 (got ${m.version} after ${previous})`);
    }
    previous = m.version;
  }
}

/** Checked on a read-only handle first: opening read-write could already create a WAL next to a file we must not touch. */
function peekUserVersion(file: string, migrations: readonly Migration[]): void {
  if (!fs.existsSync(file)) return;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const code = latestVersion(migrations);
    if (version > code) throw new DatabaseTooNewError(file, version, code);
  } finally {
    db.close();
  }
}

function migrate(db: Db, migrations: readonly Migration[]): void {
  checkMigrationList(migrations);
  const from = db.pragma('user_version', { simple: true }) as number;
  const code = latestVersion(migrations);
  if (from > code) throw new DatabaseTooNewError(db.name, from, code);
  const pending = migrations.filter((m) => m.version > from);
  if (pending.length === 0) return;
  db.transaction(() => {
    for (const m of pending) m.up(db);
    // user_version cannot be bound as a parameter; the value is our own integer.
    db.pragma(`user_version = ${code}`);
  })();
}

export function openDatabase(file: string, options: { migrations: readonly Migration[] }): Db {
  peekUserVersion(file, options.migrations);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, options.migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function closeDatabase(db: Db): void {
  if (!db.open) return;
  db.pragma('optimize');
  db.close();
}
