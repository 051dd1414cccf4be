import type { LedgerMigration } from './migration.js';

/**
 * Sign-in that cannot be guessed (issue 34 point 3, docs/team-ledger.md §6): `clerk_lockout` counts the wrong
 * PINs typed for a name since its last good sign-in, and says since when the name is locked.
 *
 * - keyed by the name typed, not by a clerk's id: an unknown name is counted and locked exactly like a clerk's,
 *   so neither the answers nor their timing tell which names exist;
 * - `failures`: tries counted since the last good sign-in — a try is counted before its PIN is checked
 *   (main/ledger/stores/dialects/clerks.ts), so a try cut short by a crash still counts;
 * - `locked_at`: set when the count reaches the limit; only an admin lifts it (clerks:unlock), a good PIN does not;
 * - `last_try_at`: when the last try was counted.
 * Kept in the ledger so a lock holds across restarts; stays with this ledger (moving in starts the team with none).
 * Additive: one new table.
 */
export const clerkLockout: LedgerMigration = {
  version: 630,
  name: 'clerk-lockout',
  desk(db) {
    db.exec(`
      CREATE TABLE clerk_lockout (
        name TEXT PRIMARY KEY,
        failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
        last_try_at TEXT NOT NULL,
        locked_at TEXT
      );
    `);
  },
};
