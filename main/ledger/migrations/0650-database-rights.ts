import type { LedgerMigration } from './migration.js';
import { GRANTS_SQL } from './rights/grants.js';
import { GUARD_SQL } from './rights/guards.js';
import { SCOPE_SQL } from './rights/scope.js';
import { SESSION_SQL } from './rights/sessions.js';

/**
 * The database is the boundary (issue 34, docs/team-ledger.md §6, §7, docs/security.md): whatever a desk's
 * login role is, PostgreSQL refuses what its signed-in clerk may not do. In four parts:
 * - rights/sessions.ts — clerks sign in through a SECURITY DEFINER function that checks the PIN where no desk
 *   can read the hash (bcrypt), throttles and locks wrong PINs, and binds the connection to a session token;
 *   clerks are written only through functions that require an admin's session;
 * - rights/guards.ts — triggers: each write needs the right of the clerk's role; issued invoices never change
 *   but by the service's answers recorded by the claim of their outbox row, and are never deleted; the
 *   outbox changes only by the claim that holds a row; signatures and the audit trail's actor, desk and time
 *   are the server's;
 * - rights/scope.ts — row-level security keeping a clerk to the enterprises an admin listed;
 * - rights/grants.ts — the privileges of a desk's role under all that.
 * Additive apart from the clerk's PIN check, which now also admits bcrypt hashes.
 */
export const databaseRights: LedgerMigration = {
  version: 650,
  name: 'database-rights',
  team: [SESSION_SQL, GUARD_SQL, SCOPE_SQL, GRANTS_SQL].join('\n'),
};
