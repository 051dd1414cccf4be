/**
 * Opens the history database with the pragmas docs/architecture.md §4 asks for, after checking that this code
 * understands it. A database written by a newer version is refused before anything touches it.
 */
import Database from 'better-sqlite3';
import { migrate, peekUserVersion, type Migration } from './migrate.js';
import { deskMigrations as historyMigrations } from '../ledger/migrations/index.js';

export type Db = Database.Database;

export interface OpenOptions {
  migrations?: readonly Migration[];
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const list = options.migrations ?? historyMigrations;
  // Checked on a read-only handle first: opening read-write could already create a WAL or -shm file
  // next to a database this version must not touch.
  peekUserVersion(file, list);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, list);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
    db.pragma('optimize');
  } catch {
    // Only statistics: a full disk or a locked file must not keep the database from closing.
  }
  db.close();
}
