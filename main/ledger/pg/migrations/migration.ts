/** The shape of one team-ledger (PostgreSQL) migration; below both the list and the runner. */
export interface PgMigration {
  /** 1, 2, 3… — a row in schema_version once applied. */
  version: number;
  name: string;
  /** Run as one multi-statement query inside the runner's transaction. */
  sql: string;
}
