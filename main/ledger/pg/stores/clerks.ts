/**
 * The clerks on a team's PostgreSQL (the clerk store of the ledger port, main/features/clerks/store.ts): the
 * team ledger's `clerk` (pg migration 7), shared by every desk of the team, read into the same shape as the
 * desk's repo answers (the active flag as 0/1, times as the desk's ISO text, names sorted bytewise) — never the
 * PIN hash, which a desk's login cannot read (pg migration 17). Every write goes through the database's own
 * functions, which require an admin's session and hash the PIN there (bcrypt); signing in asks
 * `fapiao_sign_in` and binds this ledger's connections to the session it answers (session.ts). A hash moved in
 * from a desk's SQLite (scrypt) is checked with the key derived here from the PIN and the stored salt, once:
 * the database re-hashes it at that sign-in.
 */
import { toClerk, type ClerkRow } from '../../../features/clerks/repo.js';
import { deriveScryptKey } from '../../../features/clerks/pin.js';
import type { ClerkStore, OwnPinAnswer, SignInAnswer } from '../../../features/clerks/store.js';
import type { Queryable } from '../outbox.js';
import type { PgSession } from '../session.js';
import { isoText } from './sql.js';

const COLUMNS = `id::float8 AS id, name, role, active::int AS active, ${isoText('created_at')} AS created_at, created_by,
  ${isoText('updated_at')} AS updated_at, updated_by,
  (SELECT ${isoText('g.locked_at')} FROM clerk_sign_in_guard g WHERE g.name = clerk.name) AS locked_at,
  coalesce((SELECT array_agg(e.enterprise ORDER BY e.enterprise COLLATE "C") FROM clerk_enterprise e WHERE e.clerk_id = clerk.id), '{}') AS enterprises`;

interface SignInRow {
  status: 'ok' | 'refused' | 'inactive' | 'locked' | 'wait' | 'legacy';
  clerk_id: number | null;
  token: string | null;
  retry_after_ms: number | null;
  legacy: string | null;
}

export function createPgClerkStore(connection: () => Queryable, session: PgSession, desk: string): ClerkStore {
  const rows = async (sql: string, args: unknown[] = []) => (await connection().query<ClerkRow>(sql, args)).rows;
  const count = async (sql: string) => (await connection().query<{ n: number }>(sql)).rows[0]!.n;
  const one = async (where: string, arg: unknown) => {
    const [row] = await rows(`SELECT ${COLUMNS} FROM clerk WHERE ${where}`, [arg]);
    return row ? toClerk(row) : null;
  };
  const call = async <T>(sql: string, args: unknown[]) => (await connection().query<{ value: T }>(sql, args)).rows[0]!.value;
  const signInRow = async (name: string, pin: string, legacyKey: string | null) =>
    (
      await connection().query<SignInRow>(
        'SELECT status, clerk_id::float8 AS clerk_id, token, retry_after_ms, legacy FROM fapiao_sign_in($1, $2, $3, $4)',
        [name, pin, desk, legacyKey],
      )
    ).rows[0]!;
  const store: ClerkStore = {
    count: () => count('SELECT count(*)::int AS n FROM clerk'),
    activeAdmins: () => count(`SELECT count(*)::int AS n FROM clerk WHERE role = 'admin' AND active`),
    list: async () => (await rows(`SELECT ${COLUMNS} FROM clerk ORDER BY active DESC, name COLLATE "C"`)).map(toClerk),
    byName: (name) => one('name = $1', name),
    byId: (id) => one('id = $1', id),
    preparePin: (pin) => Promise.resolve({ prepared: pin }),
    insert: (clerk, by, now) => call<number>('SELECT fapiao_clerk_add($1, $2, $3, $4, $5)::float8 AS value', [clerk.name, clerk.role, clerk.pin.prepared, by, now]),
    setRole: (id, role, by, now) => call<boolean>('SELECT fapiao_clerk_set_role($1, $2, $3, $4) AS value', [id, role, by, now]),
    setActive: (id, active, by, now) => call<boolean>('SELECT fapiao_clerk_set_active($1, $2, $3, $4) AS value', [id, active, by, now]),
    setPin: (id, pin, by, now) => call<boolean>('SELECT fapiao_clerk_set_pin($1, $2, $3, $4) AS value', [id, pin.prepared, by, now]),
    async signIn(name, pin): Promise<SignInAnswer> {
      let answer = await signInRow(name, pin, null);
      if (answer.status === 'legacy' && answer.legacy) answer = await signInRow(name, pin, await deriveScryptKey(pin, answer.legacy));
      if (answer.status === 'ok' && answer.token && answer.clerk_id !== null) {
        session.set(answer.token);
        const clerk = await store.byId(answer.clerk_id);
        if (clerk) return { ok: true, clerk };
      }
      const reason = answer.status === 'inactive' || answer.status === 'locked' || answer.status === 'wait' ? answer.status : 'pin';
      return { ok: false, reason, retryAfterMs: answer.retry_after_ms };
    },
    async signOut() {
      if (session.token() === null) return;
      try {
        await connection().query('SELECT fapiao_sign_out()');
      } finally {
        // Even when the server could not be told: this desk no longer presents the token.
        session.set(null);
      }
    },
    sessionHolds: async () => session.token() !== null && (await call<boolean>('SELECT (fapiao_actor()).clerk_id IS NOT NULL AS value', [])),
    setEnterprises: (id, enterprises) => call<boolean>('SELECT fapiao_clerk_set_enterprises($1, $2) AS value', [id, enterprises]),
    unlock: (id) => call<boolean>('SELECT fapiao_clerk_unlock($1) AS value', [id]),
    async changeOwnPin(_id, current, next, now): Promise<OwnPinAnswer> {
      const { rows } = await connection().query<{ status: 'changed' | 'wrong' | 'locked' | 'wait'; retry_after_ms: number | null }>(
        'SELECT status, retry_after_ms FROM fapiao_change_own_pin($1, $2, $3)',
        [current, next.prepared, now],
      );
      const answer = rows[0]!;
      if (answer.status === 'locked') session.set(null);
      return answer.status === 'wait' ? { wait: answer.retry_after_ms ?? 1000 } : answer.status;
    },
  };
  return store;
}
