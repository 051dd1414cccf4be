/**
 * The clerks on a team's PostgreSQL (the clerk store of the ledger port, main/features/clerks/store.ts): the
 * team ledger's `clerk` (pg migration 7), shared by every desk of the team, read into the same shape as the
 * desk's repo answers (the active flag as 0/1, times as the desk's ISO text, names sorted bytewise).
 */
import { toClerk, toTries, withoutPin, type ClerkRow, type TriesRow } from '../../../features/clerks/repo.js';
import type { ClerkStore } from '../../../features/clerks/store.js';
import type { Queryable } from '../outbox.js';
import { isoText } from './sql.js';

const COLUMNS = `c.id::float8 AS id, c.name, c.role, c.pin_hash, c.active::int AS active, ${isoText('c.created_at')} AS created_at, c.created_by,
  ${isoText('c.updated_at')} AS updated_at, c.updated_by, ${isoText('l.locked_at')} AS locked_at`;
const FROM = 'clerk c LEFT JOIN clerk_lockout l ON l.name = c.name';

export function createPgClerkStore(connection: () => Queryable): ClerkStore {
  const rows = async (sql: string, args: unknown[] = []) => (await connection().query<ClerkRow>(sql, args)).rows;
  const count = async (sql: string) => (await connection().query<{ n: number }>(sql)).rows[0]!.n;
  const one = async (where: string, arg: unknown) => {
    const [row] = await rows(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}`, [arg]);
    return row ? toClerk(row) : null;
  };
  const update = async (set: string, id: number, value: unknown, by: string | null, now: string) =>
    ((await connection().query(`UPDATE clerk SET ${set} = $2, updated_at = $3, updated_by = $4 WHERE id = $1`, [id, value, now, by])).rowCount ?? 0) > 0;
  return {
    count: () => count('SELECT count(*)::int AS n FROM clerk'),
    activeAdmins: () => count(`SELECT count(*)::int AS n FROM clerk WHERE role = 'admin' AND active`),
    list: async () => (await rows(`SELECT ${COLUMNS} FROM ${FROM} ORDER BY c.active DESC, c.name COLLATE "C"`)).map(withoutPin),
    byName: (name) => one('c.name = $1', name),
    byId: (id) => one('c.id = $1', id),
    async insert(clerk, by, now) {
      const [row] = await rows(
        `INSERT INTO clerk (name, role, pin_hash, active, created_at, created_by, updated_at, updated_by)
         VALUES ($1, $2, $3, true, $4, $5, $4, $5) RETURNING id::float8 AS id`,
        [clerk.name, clerk.role, clerk.pinHash, now, by],
      );
      return row!.id;
    },
    setRole: (id, role, by, now) => update('role', id, role, by, now),
    setActive: (id, active, by, now) => update('active', id, active, by, now),
    setPin: (id, pinHash, by, now) => update('pin_hash', id, pinHash, by, now),
    async countTry(name, now) {
      // One statement, so tries at several desks at once each count; a locked name's count stays.
      const counted = await connection().query<TriesRow>(
        `INSERT INTO clerk_lockout AS l (name, failures, last_try_at) VALUES ($1, 1, $2)
         ON CONFLICT (name) DO UPDATE SET failures = l.failures + 1, last_try_at = excluded.last_try_at WHERE l.locked_at IS NULL
         RETURNING l.failures, ${isoText('l.locked_at')} AS locked_at`,
        [name, now],
      );
      const row = counted.rows[0] ?? (await connection().query<TriesRow>(`SELECT l.failures, ${isoText('l.locked_at')} AS locked_at FROM clerk_lockout l WHERE l.name = $1`, [name])).rows[0]!;
      return toTries(row);
    },
    lock: async (name, now) => ((await connection().query('UPDATE clerk_lockout SET locked_at = $2 WHERE name = $1 AND locked_at IS NULL', [name, now])).rowCount ?? 0) > 0,
    clearTries: async (name) => void (await connection().query('DELETE FROM clerk_lockout WHERE name = $1 AND locked_at IS NULL', [name])),
    unlock: async (name) => ((await connection().query('DELETE FROM clerk_lockout WHERE name = $1', [name])).rowCount ?? 0) > 0,
  };
}
