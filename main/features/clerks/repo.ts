/**
 * The clerk table (migration 0500) on the desk's SQLite, owned by the clerks feature: the only SQL that reads or
 * writes it there, wrapped as the SQLite ledger's clerk store (main/ledger/sqlite/clerks.ts; PostgreSQL's is
 * main/ledger/pg/stores/clerks.ts).
 */
import type { Clerk, ClerkRole } from '../../../shared/ipc/schemas/clerks.js';
import type { Db } from '../../db/open.js';
import type { SignInTries, StoredClerk } from './store.js';

/** A clerk row as both databases answer it (PostgreSQL's boolean and times made the desk's 0/1 and ISO text). */
export interface ClerkRow {
  id: number;
  name: string;
  role: ClerkRole;
  pin_hash: string;
  active: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  /** From clerk_lockout: since when the name is locked after wrong PINs, null when it is not. */
  locked_at: string | null;
}

/** The count of wrong tries and the lock kept for a name typed at sign-in (clerk_lockout). */
export interface TriesRow {
  failures: number;
  locked_at: string | null;
}

export type { StoredClerk } from './store.js';

export const toClerk = (row: ClerkRow): StoredClerk => ({
  id: row.id,
  name: row.name,
  role: row.role,
  active: row.active === 1,
  createdAt: row.created_at,
  createdBy: row.created_by,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
  lockedAt: row.locked_at,
  pinHash: row.pin_hash,
});

export const toTries = (row: TriesRow): SignInTries => ({ failures: row.failures, lockedAt: row.locked_at });

/** A clerk as listed: never with the PIN hash. */
export function withoutPin(row: ClerkRow): Clerk {
  const { pinHash: _hash, ...clerk } = toClerk(row);
  return clerk;
}

export function createClerkRepo(db: Db) {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM clerk');
  const activeAdmins = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM clerk WHERE role = 'admin' AND active = 1`);
  const select = 'SELECT c.*, l.locked_at FROM clerk c LEFT JOIN clerk_lockout l ON l.name = c.name';
  const all = db.prepare<[], ClerkRow>(`${select} ORDER BY c.active DESC, c.name`);
  const byName = db.prepare<[string], ClerkRow>(`${select} WHERE c.name = ?`);
  const byId = db.prepare<[number], ClerkRow>(`${select} WHERE c.id = ?`);
  const insert = db.prepare(
    `INSERT INTO clerk (name, role, pin_hash, active, created_at, created_by, updated_at, updated_by) VALUES (@name, @role, @pinHash, 1, @now, @by, @now, @by)`,
  );
  const setRole = db.prepare(`UPDATE clerk SET role = @role, updated_at = @now, updated_by = @by WHERE id = @id`);
  const setActive = db.prepare(`UPDATE clerk SET active = @active, updated_at = @now, updated_by = @by WHERE id = @id`);
  const setPin = db.prepare(`UPDATE clerk SET pin_hash = @pinHash, updated_at = @now, updated_by = @by WHERE id = @id`);
  // One statement: the count goes up only while the name is not locked, so two tries at once count twice.
  const countTry = db.prepare<{ name: string; now: string }, TriesRow>(
    `INSERT INTO clerk_lockout (name, failures, last_try_at) VALUES (@name, 1, @now)
     ON CONFLICT (name) DO UPDATE SET failures = failures + 1, last_try_at = excluded.last_try_at WHERE locked_at IS NULL
     RETURNING failures, locked_at`,
  );
  const tries = db.prepare<[string], TriesRow>('SELECT failures, locked_at FROM clerk_lockout WHERE name = ?');
  const lock = db.prepare(`UPDATE clerk_lockout SET locked_at = @now WHERE name = @name AND locked_at IS NULL`);
  const clearTries = db.prepare(`DELETE FROM clerk_lockout WHERE name = ? AND locked_at IS NULL`);
  const unlock = db.prepare(`DELETE FROM clerk_lockout WHERE name = ?`);

  const stamp = (by: string | null, now: string) => ({ by, now });
  return {
    count: () => count.get()!.n,
    activeAdmins: () => activeAdmins.get()!.n,
    list: (): Clerk[] => all.all().map(withoutPin),
    byName: (name: string): StoredClerk | null => {
      const row = byName.get(name);
      return row ? toClerk(row) : null;
    },
    byId: (id: number): StoredClerk | null => {
      const row = byId.get(id);
      return row ? toClerk(row) : null;
    },
    insert: (clerk: { name: string; role: ClerkRole; pinHash: string }, by: string | null, now: string): number =>
      Number(insert.run({ ...clerk, ...stamp(by, now) }).lastInsertRowid),
    setRole: (id: number, role: ClerkRole, by: string | null, now: string) => setRole.run({ id, role, ...stamp(by, now) }).changes > 0,
    setActive: (id: number, active: boolean, by: string | null, now: string) => setActive.run({ id, active: active ? 1 : 0, ...stamp(by, now) }).changes > 0,
    setPin: (id: number, pinHash: string, by: string | null, now: string) => setPin.run({ id, pinHash, ...stamp(by, now) }).changes > 0,
    countTry: (name: string, now: string): SignInTries => toTries(countTry.get({ name, now }) ?? tries.get(name)!),
    lock: (name: string, now: string) => lock.run({ name, now }).changes > 0,
    clearTries: (name: string) => void clearTries.run(name),
    unlock: (name: string) => unlock.run(name).changes > 0,
  };
}

export type ClerkRepo = ReturnType<typeof createClerkRepo>;
