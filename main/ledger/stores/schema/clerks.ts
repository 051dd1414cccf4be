/** The clerks (stores/clerks.ts, dialects/clerks.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { ClerkRole } from '../../../../shared/ipc/schemas/clerks.js';

/**
 * SQLite 0500; PostgreSQL 0500 and 0650. `pin_hash` is read only on the desk's SQLite (a scrypt hash main checks); a
 * team's PostgreSQL keeps it from every desk's login and checks it itself (rights/sessions.ts), so no statement
 * for PostgreSQL names it. `active` is INTEGER 0/1 on SQLite and boolean on PostgreSQL, written as a boolean
 * (bound 1/0 on SQLite). On PostgreSQL a desk's login only reads `clerk`: every write goes through its functions.
 */
export interface ClerkTable {
  id: Generated<number>;
  name: string;
  role: ClerkRole;
  pin_hash: string;
  active: ColumnType<number | boolean, boolean, boolean>;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

/** The enterprises a clerk is limited to (none: every one): SQLite 0640; PostgreSQL 0650 (written by fapiao_clerk_set_enterprises). */
export interface ClerkEnterpriseTable {
  clerk_id: number;
  enterprise: string;
}

/**
 * The count of wrong PINs per name typed (migrations 0630/0660 on the desk, 0650 on the team). The desk's clerk
 * store keeps it; on a team a desk's login may read `name` and `locked_at`, nothing else, and writes nothing —
 * fapiao_sign_in and fapiao_change_own_pin keep it there.
 */
export interface ClerkSignInGuardTable {
  name: string;
  failures: number;
  last_failure: string;
  locked_at: string | null;
}

export interface ClerkTables {
  clerk: ClerkTable;
  clerk_enterprise: ClerkEnterpriseTable;
  clerk_sign_in_guard: ClerkSignInGuardTable;
}
