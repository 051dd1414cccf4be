import type { PgMigration } from './migration.js';

/**
 * The team ledger's side of the desk's SQLite migration 0630 (issue 34 point 3): wrong PINs counted per name
 * typed, and since when a name is locked — shared by every desk of the team, so five wrong tries lock a clerk
 * whichever desks they were typed at, and the lock holds at all of them until an admin lifts it.
 * (Numbered 16 on this branch; renumbered at merge when another migration takes 16.)
 */
export const clerkLockout: PgMigration = {
  version: 17,
  name: 'clerk-lockout',
  sql: `
    CREATE TABLE clerk_lockout (
      name        text PRIMARY KEY,
      failures    integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
      last_try_at timestamptz NOT NULL,
      locked_at   timestamptz
    );
  `,
};
