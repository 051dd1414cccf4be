import type Database from 'better-sqlite3';

/**
 * One step of the ledger's schema, for both databases under one number and name (docs/architecture.md §4): the
 * desk's half for its SQLite file, the team's half for a team's PostgreSQL, side by side in one file when a step
 * changes both. A step that one database does not need has only the other's half — the desk's search index
 * kept by triggers, say, or the team's database rights. The numbers order one history: the desk's file records
 * the number of the last desk half it applied (`user_version`), a team ledger that of its last team half
 * (`schema_version`). test/integration/team-ledger/catalogs.test.ts holds the two catalogs equal.
 */
export interface LedgerMigration {
  /** Increasing through the one list; a desk half's number is a multiple of 10 (the desk's runner checks it). */
  version: number;
  name: string;
  /** The desk's SQLite half, run inside the desk runner's transaction (main/db/migrate.ts). */
  desk?: (db: Database.Database) => void;
  /** The team's PostgreSQL half, one multi-statement query inside the team runner's transaction (main/ledger/pg/migrate.ts). */
  team?: string;
}

/** The team's half as its runner takes it. */
export interface TeamMigration {
  version: number;
  name: string;
  sql: string;
}
