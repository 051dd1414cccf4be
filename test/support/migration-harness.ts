/**
 * Data-keeping migration tests (Signal-Desktop's pattern; docs/architecture.md §Data and migrations).
 *
 * A migration is tested on a real SQLite file the way it meets a clerk's database: migrated to the
 * version before it, filled with realistic rows, then migrated — and the rows must still be there, with
 * the same values, readable through what the migration added.
 *
 *     const files = migrationFiles(migrations);          // once per test file; cleans up after each test
 *     it('0170 my-change keeps …', () => {
 *       const step = files.at(160);                      // fresh file at N−1 (0 = empty)
 *       step.db.prepare('INSERT INTO …').run(…);         // realistic rows, in the tables N touches
 *       const kept = step.migrateTo(170);                // applies exactly N; checks every old row is intact
 *       expect(kept.rows.customer).toBe(2);
 *       expect(step.db.prepare('SELECT …').all()).toEqual(…);   // read back through N's new shape
 *     });
 *
 * `migrateTo` snapshots every table before, runs only the migrations up to N (the same `migrate` the
 * app runs at start), then checks that each row that existed still exists with the same value in every
 * old column (a migration is additive: it may add columns, tables, indexes and triggers, never lose or
 * change a value). It also reopens the file, so what is checked is on disk, not in one connection.
 * A new migration NNNN adds one `it` like the above to the test file of its database
 * (test/integration/db/history-migrations-keep-data.test.ts, or the sandbox's), seeding with the
 * `seed*` helpers there when they fit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect } from 'vitest';
import { migrate, type Migration } from '../../main/db/migrate.js';

type Row = Record<string, unknown>;

export interface Kept {
  /** How many rows each table held before the step (all still there afterwards). */
  rows: Record<string, number>;
}

/** Old table name → its new name and, by old name, its renamed columns. */
export type Renames = Record<string, { to: string; columns?: Record<string, string> }>;

export interface MigrationStep {
  readonly file: string;
  /** The open connection, with the app's pragmas (foreign keys on, WAL). Replaced by reopen(). */
  readonly db: Database.Database;
  /** Current user_version. */
  version(): number;
  /**
   * Applies the migrations after the current version up to and including `version`, checking old rows. A step
   * that renames a table or column says where each went (`renames`); its rows are then checked there.
   */
  migrateTo(version: number, renames?: Renames): Kept;
  /** Closes and reopens the file, as a restart of the app would. */
  reopen(): void;
}

/** Tables whose rows a migration must keep: ordinary tables, not SQLite's own nor FTS5 shadow tables. */
function userTables(db: Database.Database): string[] {
  const rows = db
    .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as Array<{ name: string; sql: string | null }>;
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  return rows.map((r) => r.name).filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}

function columnsOf(db: Database.Database, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((c) => c.name);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function snapshot(db: Database.Database): Map<string, { columns: string[]; rows: Row[] }> {
  const result = new Map<string, { columns: string[]; rows: Row[] }>();
  for (const table of userTables(db)) {
    const columns = columnsOf(db, table);
    const list = columns.map(quote).join(', ');
    result.set(table, { columns, rows: db.prepare(`SELECT ${list} FROM ${quote(table)} ORDER BY ${list}`).all() as Row[] });
  }
  return result;
}

function openFile(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * The renames of a step that renames columns in place by one rule (0670: each to its lower snake case), read
 * from the file before the step: every table with a column the rule changes, each such column and its new name.
 */
export function columnRenames(db: Database.Database, rule: (column: string) => string): Renames {
  const renames: Renames = {};
  for (const table of userTables(db)) {
    const changed = columnsOf(db, table).filter((column) => rule(column) !== column);
    if (changed.length > 0) renames[table] = { to: table, columns: Object.fromEntries(changed.map((column) => [column, rule(column)])) };
  }
  return renames;
}

/** Call once at the top of a test file: temp files are removed after each test. */
export function migrationFiles(list: readonly Migration[]): { at(version: number): MigrationStep } {
  const dirs: string[] = [];
  const open: Database.Database[] = [];
  afterEach(() => {
    for (const db of open.splice(0)) if (db.open) db.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const upTo = (version: number) => {
    if (version !== 0 && !list.some((m) => m.version === version)) throw new Error(`no migration ${version} in this list`);
    return list.filter((m) => m.version <= version);
  };

  return {
    at(version) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-migration-'));
      dirs.push(dir);
      const file = path.join(dir, 'test.db');
      let db = openFile(file);
      open.push(db);
      if (version > 0) migrate(db, upTo(version));
      const step: MigrationStep = {
        file,
        get db() {
          return db;
        },
        version: () => db.pragma('user_version', { simple: true }) as number,
        reopen() {
          db.close();
          db = openFile(file);
          open.push(db);
        },
        migrateTo(target, renames = {}) {
          const before = snapshot(db);
          const from = step.version();
          expect(target, 'migrateTo goes forward').toBeGreaterThan(from);
          migrate(db, upTo(target));
          step.reopen();
          expect(step.version()).toBe(target);
          const after = snapshot(db);
          const rows: Record<string, number> = {};
          for (const [table, old] of before) {
            rows[table] = old.rows.length;
            const moved = renames[table];
            const name = moved?.to ?? table;
            const columns = old.columns.map((column) => moved?.columns?.[column] ?? column);
            const now = after.get(name);
            expect(now, `table ${table} still exists after migration ${target} (as ${name})`).toBeDefined();
            expect(now!.columns, `table ${name} keeps its columns`).toEqual(expect.arrayContaining(columns));
            // The old columns of every row, under their old names, compared as sets of rows: order is the ORDER BY over them.
            const list = columns.map((column, i) => `${quote(column)} AS ${quote(old.columns[i]!)}`).join(', ');
            const order = columns.map(quote).join(', ');
            const kept = db.prepare(`SELECT ${list} FROM ${quote(name)} ORDER BY ${order}`).all() as Row[];
            expect(kept, `rows of ${table} after migration ${target}`).toEqual(old.rows);
          }
          return { rows };
        },
      };
      return step;
    },
  };
}
