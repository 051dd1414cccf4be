/**
 * The clerk table (migration 0500) and the wrong PINs counted per name (clerk_lockout, 0630) on the desk's
 * SQLite, owned by the clerks feature: the only SQL that reads or writes them there, wrapped as the SQLite
 * ledger's clerk store (main/ledger/sqlite/clerks.ts; PostgreSQL's is main/ledger/pg/stores/clerks.ts).
 */
import type { Clerk, ClerkRole } from '../../../shared/ipc/schemas/clerks.js';
import type { Db } from '../../db/open.js';
import type { StoredClerk } from './store.js';

/** A clerk row as both databases answer it (PostgreSQL's boolean and times made the desk's 0/1 and ISO text), without the PIN hash. */
export interface ClerkRow {
  id: number;
  name: string;
  role: ClerkRole;
  active: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  /** Since when the clerk's name is locked after wrong PINs, null when it is not. */
  locked_at: string | null;
  /** The enterprises the clerk is limited to: a JSON array on SQLite, an array from PostgreSQL. */
  enterprises: string | string[];
}

/** The wrong PINs counted for a name typed at sign-in (clerk_lockout). */
export interface TriesRow {
  failures: number;
  last_try_at: string;
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
  enterprises: typeof row.enterprises === 'string' ? (JSON.parse(row.enterprises) as string[]) : row.enterprises,
});

/** Every column but the PIN hash, which only pinHashOf reads; the name's lock; the enterprises the clerk is limited to (bytewise). */
const COLUMNS = `id, name, role, active, created_at, created_by, updated_at, updated_by,
  (SELECT l.locked_at FROM clerk_lockout l WHERE l.name = clerk.name) AS locked_at,
  (SELECT json_group_array(enterprise) FROM (SELECT e.enterprise FROM clerk_enterprise e WHERE e.clerk_id = clerk.id ORDER BY e.enterprise)) AS enterprises`;

export function createClerkRepo(db: Db) {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM clerk');
  const activeAdmins = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM clerk WHERE role = 'admin' AND active = 1`);
  const all = db.prepare<[], ClerkRow>(`SELECT ${COLUMNS} FROM clerk ORDER BY active DESC, name`);
  const byName = db.prepare<[string], ClerkRow>(`SELECT ${COLUMNS} FROM clerk WHERE name = ?`);
  const byId = db.prepare<[number], ClerkRow>(`SELECT ${COLUMNS} FROM clerk WHERE id = ?`);
  const pinHash = db.prepare<[number], { pin_hash: string }>('SELECT pin_hash FROM clerk WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO clerk (name, role, pin_hash, active, created_at, created_by, updated_at, updated_by) VALUES (@name, @role, @pinHash, 1, @now, @by, @now, @by)`,
  );
  const setRole = db.prepare(`UPDATE clerk SET role = @role, updated_at = @now, updated_by = @by WHERE id = @id`);
  const setActive = db.prepare(`UPDATE clerk SET active = @active, updated_at = @now, updated_by = @by WHERE id = @id`);
  const setPin = db.prepare(`UPDATE clerk SET pin_hash = @pinHash, updated_at = @now, updated_by = @by WHERE id = @id`);
  const clearEnterprises = db.prepare<[number]>('DELETE FROM clerk_enterprise WHERE clerk_id = ?');
  const addEnterprise = db.prepare<[number, string]>('INSERT OR IGNORE INTO clerk_enterprise (clerk_id, enterprise) VALUES (?, ?)');
  const setEnterprises = db.transaction((id: number, enterprises: readonly string[]): boolean => {
    if (!byId.get(id)) return false;
    clearEnterprises.run(id);
    for (const enterprise of enterprises) addEnterprise.run(id, enterprise);
    return true;
  });
  const tries = db.prepare<[string], TriesRow>('SELECT failures, last_try_at, locked_at FROM clerk_lockout WHERE name = ?');
  // One statement: the count goes up only while the name is not locked.
  const countTry = db.prepare<{ name: string; now: string }>(
    `INSERT INTO clerk_lockout (name, failures, last_try_at) VALUES (@name, 1, @now)
     ON CONFLICT (name) DO UPDATE SET failures = failures + 1, last_try_at = excluded.last_try_at WHERE locked_at IS NULL`,
  );
  const lock = db.prepare(`UPDATE clerk_lockout SET locked_at = @now WHERE name = @name AND locked_at IS NULL`);
  const clearTries = db.prepare<[string]>(`DELETE FROM clerk_lockout WHERE name = ? AND locked_at IS NULL`);
  const unlock = db.prepare<[string]>(`DELETE FROM clerk_lockout WHERE name = ?`);
  const insertFresh = db.transaction((clerk: { name: string; role: ClerkRole; pinHash: string }, by: string | null, now: string): number => {
    unlock.run(clerk.name);
    return Number(insert.run({ ...clerk, by, now }).lastInsertRowid);
  });

  const stamp = (by: string | null, now: string) => ({ by, now });
  return {
    count: () => count.get()!.n,
    activeAdmins: () => activeAdmins.get()!.n,
    list: (): Clerk[] => all.all().map(toClerk),
    byName: (name: string): StoredClerk | null => {
      const row = byName.get(name);
      return row ? toClerk(row) : null;
    },
    byId: (id: number): StoredClerk | null => {
      const row = byId.get(id);
      return row ? toClerk(row) : null;
    },
    /** The scrypt hash main checks a PIN against (the desk's own file: SQLite only). */
    pinHashOf: (id: number): string | null => pinHash.get(id)?.pin_hash ?? null,
    /** A new clerk; wrong PINs counted for the name while nobody had it are not the new clerk's. */
    insert: (clerk: { name: string; role: ClerkRole; pinHash: string }, by: string | null, now: string): number => insertFresh(clerk, by, now),
    setRole: (id: number, role: ClerkRole, by: string | null, now: string) => setRole.run({ id, role, ...stamp(by, now) }).changes > 0,
    setActive: (id: number, active: boolean, by: string | null, now: string) => setActive.run({ id, active: active ? 1 : 0, ...stamp(by, now) }).changes > 0,
    setPin: (id: number, pinHash: string, by: string | null, now: string) => setPin.run({ id, pinHash, ...stamp(by, now) }).changes > 0,
    /** Replaces the enterprises the clerk is limited to (none: every one); false when no such clerk. */
    setEnterprises: (id: number, enterprises: readonly string[]): boolean => setEnterprises(id, enterprises),
    /** The wrong PINs counted for a name, or null when none are. */
    tries: (name: string): TriesRow | null => tries.get(name) ?? null,
    /** Counts one try for the name (before its PIN is checked), unless the name is locked; answers the count after it. */
    countTry: (name: string, now: string): TriesRow => {
      countTry.run({ name, now });
      return tries.get(name)!;
    },
    lock: (name: string, now: string) => lock.run({ name, now }).changes > 0,
    /** A good PIN: the count starts again (a lock is not lifted by it). */
    clearTries: (name: string) => void clearTries.run(name),
    /** An admin lifts the lock and the count of the clerk's name; true when there was one. */
    unlock: (id: number): boolean => {
      const row = byId.get(id);
      return row ? unlock.run(row.name).changes > 0 : false;
    },
  };
}

export type ClerkRepo = ReturnType<typeof createClerkRepo>;
