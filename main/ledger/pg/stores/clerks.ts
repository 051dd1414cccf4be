/**
 * The clerks on a team's PostgreSQL (the clerk store of the ledger port, main/features/clerks/store.ts): the
 * team ledger's `clerk` (pg migration 7), shared by every desk of the team, read into the same shape as the
 * desk's repo answers (the active flag as 0/1, times as the desk's ISO text, names sorted bytewise).
 */
import { toClerk, withoutPin, type ClerkRow } from '../../../features/clerks/repo.js';
import type { ClerkStore } from '../../../features/clerks/store.js';
import type { Queryable } from '../outbox.js';
import { isoText } from './sql.js';

const COLUMNS = `id::float8 AS id, name, role, pin_hash, active::int AS active, ${isoText('created_at')} AS created_at, created_by,
  ${isoText('updated_at')} AS updated_at, updated_by`;

export function createPgClerkStore(connection: () => Queryable): ClerkStore {
  const rows = async (sql: string, args: unknown[] = []) => (await connection().query<ClerkRow>(sql, args)).rows;
  const count = async (sql: string) => (await connection().query<{ n: number }>(sql)).rows[0]!.n;
  const one = async (where: string, arg: unknown) => {
    const [row] = await rows(`SELECT ${COLUMNS} FROM clerk WHERE ${where}`, [arg]);
    return row ? toClerk(row) : null;
  };
  const update = async (set: string, id: number, value: unknown, by: string | null, now: string) =>
    ((await connection().query(`UPDATE clerk SET ${set} = $2, updated_at = $3, updated_by = $4 WHERE id = $1`, [id, value, now, by])).rowCount ?? 0) > 0;
  return {
    count: () => count('SELECT count(*)::int AS n FROM clerk'),
    activeAdmins: () => count(`SELECT count(*)::int AS n FROM clerk WHERE role = 'admin' AND active`),
    list: async () => (await rows(`SELECT ${COLUMNS} FROM clerk ORDER BY active DESC, name COLLATE "C"`)).map(withoutPin),
    byName: (name) => one('name = $1', name),
    byId: (id) => one('id = $1', id),
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
  };
}
