import type { LedgerMigration } from './migration.js';

/**
 * One name for the count of wrong PINs on both databases (issue 36: one declaration of each table). The desk's
 * `clerk_lockout` (0630) and the team's `clerk_sign_in_guard` (0650) are the same table — a row per name typed,
 * its failures, when the last one was counted, since when it is locked — under two names. The desk's takes the
 * team's: `clerk_sign_in_guard`, its `last_try_at` becoming `last_failure` (a good sign-in deletes the row, so
 * the last try a row still counts is a failure, or one cut short by a crash, which counts as one).
 * SQLite renames in place: no row is rewritten, every count and lock is kept.
 */
export const clerkSignInGuard: LedgerMigration = {
  version: 660,
  name: 'clerk-sign-in-guard',
  desk(db) {
    db.exec(`
      ALTER TABLE clerk_lockout RENAME TO clerk_sign_in_guard;
      ALTER TABLE clerk_sign_in_guard RENAME COLUMN last_try_at TO last_failure;
    `);
  },
};
