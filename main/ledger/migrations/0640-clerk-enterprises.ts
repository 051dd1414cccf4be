import type { LedgerMigration } from './migration.js';

/**
 * An agency's admin may keep a clerk to some of the enterprises the desk serves (issue 34 point 2): one row per
 * clerk and enterprise (tax number); a clerk without rows acts for every enterprise, as before. Main holds a
 * limited clerk to the list (main/features/clerks/authorize.ts); a team ledger holds it again in the database
 * (pg migration 0650). Additive: one new table.
 */
export const clerkEnterprises: LedgerMigration = {
  version: 640,
  name: 'clerk-enterprises',
  desk(db) {
    db.exec(`
      CREATE TABLE clerk_enterprise (
        clerk_id   INTEGER NOT NULL REFERENCES clerk (id),
        enterprise TEXT NOT NULL CHECK (enterprise <> ''),
        PRIMARY KEY (clerk_id, enterprise)
      );
    `);
  },
};
