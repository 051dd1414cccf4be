/**
 * The migration runner (docs/architecture.md §4): one file per migration, numbered in steps of 10, tracked in
 * `user_version`, all pending ones applied in one transaction. Schema changes are additive.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';

export interface Migration {
  /** 10, 20, 30… — becomes `user_version` once applied. */
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/**
 * A database written by a newer app: refused, never migrated down. The message is for the log; the
 * clerk reads the start-up box, which words `fileVersion`, `codeVersion` and `file` in the UI language
 * (main/i18n/startup-failure.ts).
 */
export class DatabaseTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly codeVersion: number,
  ) {
    super(`database schema ${fileVersion} is newer than this app's ${codeVersion}; refusing to open ${file}`);
    this.name = 'DatabaseTooNewError';
  }
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

export function checkMigrationList(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const m of migrations) {
    if (m.version <= previous || m.version % 10 !== 0) {
      throw new Error(`migration ${m.name}: versions must increase in steps of 10 (got ${m.version} after ${previous})`);
    }
    previous = m.version;
  }
}

/** Refuses an existing file whose schema is newer than the code, without writing to it. */
export function peekUserVersion(file: string, migrations: readonly Migration[]): number {
  if (!fs.existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const code = latestVersion(migrations);
    if (version > code) throw new DatabaseTooNewError(file, version, code);
    return version;
  } finally {
    db.close();
  }
}

export function migrate(db: Database.Database, migrations: readonly Migration[]): { from: number; to: number } {
  checkMigrationList(migrations);
  const from = db.pragma('user_version', { simple: true }) as number;
  const code = latestVersion(migrations);
  if (from > code) throw new DatabaseTooNewError(db.name, from, code);
  const pending = migrations.filter((m) => m.version > from);
  if (pending.length === 0) return { from, to: from };
  db.transaction(() => {
    for (const m of pending) m.up(db);
    // user_version cannot be bound as a parameter; the value is our own integer.
    db.pragma(`user_version = ${code}`);
  })();
  return { from, to: code };
}
