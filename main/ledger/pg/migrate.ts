/**
 * The team ledger's migration runner (docs/team-ledger.md §2, §7): numbered migrations (1, 2, 3…) tracked
 * in a `schema_version` table, all pending ones applied in one transaction under an advisory lock, so two
 * desks starting together never both migrate. A schema newer than this desk's code is refused: the desk
 * must not write rows a later version's rules govern.
 */
import type { ClientBase, Pool } from 'pg';
import { pgMigrations } from './migrations/index.js';
import type { PgMigration } from './migrations/migration.js';
import { inTeamTransaction } from './transaction.js';

export type { PgMigration };

/** Thrown when the database's schema is newer than the newest migration this desk knows. */
export class TeamSchemaNewerError extends Error {
  constructor(
    readonly foundVersion: number,
    readonly codeVersion: number,
  ) {
    super(`team ledger schema ${foundVersion} is newer than this desk's ${codeVersion}; install a newer version of the desk`);
    this.name = 'TeamSchemaNewerError';
  }
}

/** Any key; both desks must use the same one. */
const MIGRATION_LOCK = 7_240_001;

export const latestPgVersion = (list: readonly PgMigration[] = pgMigrations) => list.reduce((max, m) => Math.max(max, m.version), 0);

/** The schema version in the database: null when no team ledger was ever created there. */
export async function readSchemaVersion(client: Pick<ClientBase, 'query'>): Promise<number | null> {
  const table = await client.query<{ exists: boolean }>(`SELECT to_regclass('schema_version') IS NOT NULL AS exists`);
  if (!table.rows[0]?.exists) return null;
  const found = await client.query<{ version: number | null }>(`SELECT max(version) AS version FROM schema_version`);
  return found.rows[0]?.version ?? null;
}

/** Refuses a schema newer than `list` knows; returns the version found (null = none yet). */
export async function checkSchemaVersion(client: Pick<ClientBase, 'query'>, list: readonly PgMigration[] = pgMigrations): Promise<number | null> {
  const found = await readSchemaVersion(client);
  const latest = latestPgVersion(list);
  if (found !== null && found > latest) throw new TeamSchemaNewerError(found, latest);
  return found;
}

/** Applies the pending migrations; returns the versions applied (empty when the schema was current). */
export async function migrateTeamLedger(pool: Pool, list: readonly PgMigration[] = pgMigrations): Promise<number[]> {
  let previous = 0;
  for (const m of list) {
    if (m.version !== previous + 1) throw new Error(`team ledger migration ${m.name}: versions must be 1, 2, 3… (got ${m.version} after ${previous})`);
    previous = m.version;
  }
  return inTeamTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    if ((await readSchemaVersion(client)) === null) {
      await client.query(`
        CREATE TABLE IF NOT EXISTS schema_version (
          version    integer PRIMARY KEY,
          name       text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now(),
          applied_by text NOT NULL DEFAULT current_user
        )`);
      // Every desk reads the version before anything else (a clerk's role has no other right here yet).
      await client.query('GRANT SELECT ON schema_version TO PUBLIC');
    }
    const found = (await checkSchemaVersion(client, list)) ?? 0;
    const applied: number[] = [];
    for (const m of list.filter((candidate) => candidate.version > found)) {
      await client.query(m.sql);
      await client.query('INSERT INTO schema_version (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
