/**
 * The clerks (the clerk store of the ledger port, main/features/clerks/store.ts), the one implementation for
 * both databases: the `clerk` table with the enterprises each clerk is limited to and whether the name is
 * locked after wrong PINs. What both databases do alike is written here once — counting, listing and finding
 * clerks, answered in the same shape (the active flag a boolean, times as the desk's ISO text, the enterprises
 * bytewise) and never with the PIN or its hash.
 *
 * Who may check a PIN and write a clerk differs, and lives in dialects/clerks.ts: on a team's PostgreSQL the
 * database checks PINs, opens the clerk's session and gates wrong tries itself, and every write goes through its
 * SECURITY DEFINER functions that require an admin's session (pg migration 0650, rights/sessions.ts) — a desk's
 * login can neither read a hash nor write `clerk`; on the desk's SQLite the desk does all of that itself
 * (scrypt hashes, clerk_sign_in_guard), main's rights check standing before every write.
 *
 * Clerks are a handful: every read compiles its statement per call, which costs microseconds against a
 * sign-in's scrypt or bcrypt, and the session refresh reads one clerk by id.
 */
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Clerk, ClerkRole } from '../../../shared/ipc/schemas/clerks.js';
import type { ClerkStore, StoredClerk } from '../../features/clerks/store.js';
import { clerkDialects, type ClerkReads, type ClerkStoreDeps } from './dialects/clerks.js';
import type { LedgerSchema } from './schema/index.js';
import type { StoreSql } from './sql.js';

interface ClerkRow {
  id: number;
  name: string;
  role: ClerkRole;
  active: number | boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  locked_at: string | null;
  enterprises: string | readonly string[] | null;
}

const COLUMNS = ['id', 'name', 'role', 'active', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const;

export function createClerkStore(q: StoreSql, deps: ClerkStoreDeps): ClerkStore {
  const dialect = clerkDialects[q.kind];
  /** Every column but the PIN hash, the name's lock and the clerk's enterprises (bytewise), in one statement. */
  const clerks = () =>
    q.db.selectFrom('clerk').select((eb: ExpressionBuilder<LedgerSchema, 'clerk'>) => [
      ...COLUMNS,
      dialect.lockedAt(eb).as('locked_at'),
      eb
        .selectFrom('clerk_enterprise as e')
        .select((e) => e.fn.agg<string | readonly string[] | null>(dialect.enterpriseList, ['e.enterprise']).orderBy(q.bytewise('e.enterprise')).as('list'))
        .whereRef('e.clerk_id', '=', 'clerk.id')
        .as('enterprises'),
    ]);
  const toClerk = (row: ClerkRow): StoredClerk => ({
    id: row.id,
    name: row.name,
    role: row.role,
    active: row.active === 1 || row.active === true,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    lockedAt: row.locked_at,
    enterprises: dialect.readEnterprises(row.enterprises),
  });
  const one = async (row: Promise<ClerkRow | undefined>) => {
    const found = await row;
    return found ? toClerk(found) : null;
  };
  const count = async (query: SelectQueryBuilder<LedgerSchema, 'clerk', object>) => (await q.first(query.select((eb) => eb.fn.countAll<number>().as('n'))))!.n;

  const reads: ClerkReads & Pick<ClerkStore, 'count' | 'activeAdmins' | 'list'> = {
    count: () => count(q.db.selectFrom('clerk')),
    activeAdmins: () => count(q.db.selectFrom('clerk').where('role', '=', 'admin').where('active', '=', true)),
    list: async (): Promise<Clerk[]> => (await q.all(clerks().orderBy('active', 'desc').orderBy(q.bytewise('name')))).map(toClerk),
    byName: (name) => one(q.first(clerks().where('name', '=', name))),
    byId: (id) => one(q.first(clerks().where('id', '=', id))),
  };
  return { ...reads, ...dialect.rights(q, deps, reads) };
}
