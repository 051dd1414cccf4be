/**
 * The team ledger's migration runner (docs/team-ledger.md §2, §7): the team halves of the ledger's one list of
 * migrations (main/ledger/migrations/), each recorded by its number in a `schema_version` table, all pending ones
 * applied in one transaction under an advisory lock, so two desks starting together never both migrate. A
 * schema newer than this desk's code is refused: the desk must not write rows a later version's rules govern.
 */
import type { ClientBase, Pool } from 'pg';
import { teamMigrations } from '../migrations/index.js';
import type { TeamMigration } from '../migrations/migration.js';
import { inTeamTransaction } from './transaction.js';

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

/**
 * Before the one list, the team's migrations were numbered 1, 2, 3… of their own; the first LEGACY_LAST team halves
 * are those, in that order. A ledger still counting so is renumbered once, under the migration lock, before
 * anything is applied (a desk that still counts so then finds a newer schema and asks to be updated).
 */
const LEGACY_LAST = 17;

async function renumberLegacy(client: Pick<ClientBase, 'query'>): Promise<void> {
  const found = await readSchemaVersion(client);
  if (found === null || found > LEGACY_LAST) return;
  for (const [index, m] of teamMigrations.slice(0, LEGACY_LAST).entries()) {
    await client.query('UPDATE schema_version SET version = $1, name = $2 WHERE version = $3', [m.version, m.name, index + 1]);
  }
}

/** Any key; both desks must use the same one. */
const MIGRATION_LOCK = 7_240_001;

export const latestPgVersion = (list: readonly TeamMigration[] = teamMigrations) => list.reduce((max, m) => Math.max(max, m.version), 0);

/** The schema version in the database: null when no team ledger was ever created there. */
export async function readSchemaVersion(client: Pick<ClientBase, 'query'>): Promise<number | null> {
  const table = await client.query<{ exists: boolean }>(`SELECT to_regclass('schema_version') IS NOT NULL AS exists`);
  if (!table.rows[0]?.exists) return null;
  const found = await client.query<{ version: number | null }>(`SELECT max(version) AS version FROM schema_version`);
  return found.rows[0]?.version ?? null;
}

/** Refuses a schema newer than `list` knows; returns the version found (null = none yet). */
export async function checkSchemaVersion(client: Pick<ClientBase, 'query'>, list: readonly TeamMigration[] = teamMigrations): Promise<number | null> {
  const found = await readSchemaVersion(client);
  const latest = latestPgVersion(list);
  if (found !== null && found > latest) throw new TeamSchemaNewerError(found, latest);
  return found;
}

/** Applies the pending migrations; returns the versions applied (empty when the schema was current). */
export async function migrateTeamLedger(pool: Pool, list: readonly TeamMigration[] = teamMigrations): Promise<number[]> {
  let previous = 0;
  for (const m of list) {
    if (m.version <= previous) throw new Error(`team ledger migration ${m.name}: versions must increase (got ${m.version} after ${previous})`);
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
    await renumberLegacy(client);
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
