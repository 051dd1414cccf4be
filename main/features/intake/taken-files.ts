/**
 * SQL of the watched scan folder's bookkeeping — the only owner of `intake_taken_file`: which files of
 * this PC's scan folder were already taken (name, size, mtime), so a restart does not take them again.
 * It stays on the desk's own SQLite connection (`deps.db`), never on the ledger port: the folder is a path
 * on this PC, and a colleague's desk on the team ledger watches its own folder — sharing the list would
 * make one desk skip files another desk's folder happened to hold under the same name.
 */
import type { Db } from '../../db/open.js';

export function createTakenFileRepo(db: Db) {
  return {
    isTaken(folder: string, name: string, size: number, mtimeMs: number): boolean {
      return db.prepare('SELECT 1 FROM intake_taken_file WHERE folder = ? AND name = ? AND size = ? AND mtime_ms = ?').get(folder, name, size, Math.trunc(mtimeMs)) !== undefined;
    },
    markTaken(folder: string, name: string, size: number, mtimeMs: number): void {
      db.prepare('INSERT OR IGNORE INTO intake_taken_file (folder, name, size, mtime_ms, taken_at) VALUES (?, ?, ?, ?, ?)').run(folder, name, size, Math.trunc(mtimeMs), new Date().toISOString());
    },
  };
}

export type TakenFileRepo = ReturnType<typeof createTakenFileRepo>;
