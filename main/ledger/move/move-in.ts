/**
 * Moving a desk's SQLite ledger into an empty team ledger (docs/team-ledger.md §3): every shared table
 * (main/ledger/move/tables.ts) copied in one PostgreSQL transaction, streamed in batches from one read
 * snapshot of the desk file (a read-only handle: the desk file is never written here), ids kept so that
 * references hold, the identity sequences set past them, and then, still inside the transaction, the
 * figures compared per table and enterprise — rows, and the sum of every money column — so that a
 * difference rolls everything back and names the table, enterprise and figure. A team ledger that
 * already holds rows is refused before anything is written.
 */
import Database from 'better-sqlite3';
import type { Pool, PoolClient } from 'pg';
import { peekUserVersion } from '../../db/migrate.js';
import { deskMigrations } from '../migrations/index.js';
import { checkSchemaVersion, latestPgVersion, migrateTeamLedger } from '../pg/migrate.js';
import { inTeamTransaction } from '../pg/transaction.js';
import { deskColumns, planTable, rowToTeam, teamColumns, type TablePlan } from './columns.js';
import { missingRightsError, TeamMoveError } from './errors.js';
import { compareFigures, DeskFigures } from './figures.js';
import { missingMoveRights, refusedObject } from './rights.js';
import { enterpriseSql, MOVED_TABLES } from './tables.js';

export interface MoveProgress {
  moved: number;
  total: number;
  /** The table being copied; null once copying is done and the figures are being compared. */
  table: string | null;
}

export interface MoveInOptions {
  /** The desk's history.db. */
  deskFile: string;
  pool: Pool;
  onProgress?: (progress: MoveProgress) => void;
  /** Rows per insert (fewer when a table has many columns). */
  batchSize?: number;
}

export interface MoveInResult {
  tables: Array<{ table: string; rows: number }>;
  total: number;
  enterprises: string[];
}

/** Any key, the same for every desk: two moves into one ledger never run at once. */
const MOVE_LOCK = 7_240_002;
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;

export async function moveDeskToTeam(options: MoveInOptions): Promise<MoveInResult> {
  // A desk file from a newer version is refused before it is opened (its columns may mean other things).
  peekUserVersion(options.deskFile, deskMigrations);
  // What the login lacks is named before anything is written, whatever role layout gave it its rights.
  const missing = await missingMoveRights(options.pool, (await checkSchemaVersion(options.pool)) !== null);
  if (missing.length > 0) throw missingRightsError(missing);
  await prepareSchema(options.pool);
  const desk = new Database(options.deskFile, { readonly: true, fileMustExist: true });
  try {
    // One read snapshot of the desk for the whole move, even while the desk keeps working beside it.
    desk.exec('BEGIN');
    return await inTeamTransaction(options.pool, async (client) => {
      // The desk's zone-less times are UTC; this session reads them so, whatever the server's zone.
      await client.query(`SET LOCAL TIME ZONE 'UTC'`);
      await client.query('SELECT pg_advisory_xact_lock($1)', [MOVE_LOCK]);
      await refuseNonEmpty(client);
      return copyAll(desk, client, await planTables(desk, client), options);
    });
  } finally {
    if (desk.inTransaction) desk.exec('COMMIT');
    desk.close();
  }
}

/** A database with no team ledger yet gets the schema first; an older one is brought up to date; a newer one is refused. */
async function prepareSchema(pool: Pool): Promise<void> {
  const found = await checkSchemaVersion(pool);
  if (found === null || found < latestPgVersion()) await migrateTeamLedger(pool);
}

async function refuseNonEmpty(client: PoolClient): Promise<void> {
  const names = MOVED_TABLES.map((t) => t.name);
  const found = await client.query<{ name: string }>(names.map((name) => `SELECT '${name}' AS name WHERE EXISTS (SELECT 1 FROM ${name})`).join(' UNION ALL '));
  if (found.rows.length > 0) throw new TeamMoveError('notEmpty', { tables: found.rows.map((r) => r.name).join(', ') });
}

async function planTables(desk: Database.Database, client: PoolClient): Promise<TablePlan[]> {
  const plans: TablePlan[] = [];
  for (const table of MOVED_TABLES) {
    const columns = deskColumns(desk, table.name);
    // A desk from before a table existed simply has no rows of it.
    if (columns.length === 0) continue;
    plans.push(planTable(table, columns, await teamColumns(client, table.name)));
  }
  return plans;
}

async function copyAll(desk: Database.Database, client: PoolClient, plans: TablePlan[], options: MoveInOptions): Promise<MoveInResult> {
  const counts = plans.map((plan) => (desk.prepare(`SELECT count(*) AS n FROM ${plan.table.name}`).get() as { n: number }).n);
  const total = counts.reduce((a, b) => a + b, 0);
  const progress = { moved: 0, total, table: null as string | null };
  options.onProgress?.({ ...progress });
  const figures = new DeskFigures();
  for (const plan of plans) {
    progress.table = plan.table.name;
    await copyTable(desk, client, plan, figures, options.batchSize ?? 500, (rows) => {
      progress.moved += rows;
      options.onProgress?.({ ...progress });
    });
    await setSequencePast(client, plan);
  }
  options.onProgress?.({ ...progress, table: null });
  for (const plan of plans) {
    const deskCounts = desk.prepare(`SELECT ${enterpriseSql(plan.table, 'desk')} AS e, count(*) AS n FROM ${plan.table.name} t GROUP BY 1`).all() as Array<{ e: string | null; n: number }>;
    figures.setCounts(plan.table.name, deskCounts);
    await compareFigures(client, plan, figures);
  }
  return {
    tables: plans.map((plan, i) => ({ table: plan.table.name, rows: counts[i]! })),
    total,
    enterprises: figures.enterprises(),
  };
}

async function copyTable(desk: Database.Database, client: PoolClient, plan: TablePlan, figures: DeskFigures, batchSize: number, moved: (rows: number) => void) {
  const { table, columns } = plan;
  const perBatch = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMETERS / columns.length)));
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  const statements = new Map<number, string>();
  const insertSql = (rows: number) => {
    let sql = statements.get(rows);
    if (sql === undefined) {
      const tuples = Array.from({ length: rows }, (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
      sql = `INSERT INTO ${table.name} (${list}) VALUES ${tuples.join(', ')}`;
      statements.set(rows, sql);
    }
    return sql;
  };
  const read = desk.prepare(`SELECT t.*, ${enterpriseSql(table, 'desk')} AS "__enterprise" FROM ${table.name} t ORDER BY ${table.key.map((k) => `t.${k}`).join(', ')}`);
  let values: unknown[] = [];
  let keys: string[] = [];
  const flush = async () => {
    if (keys.length === 0) return;
    try {
      await client.query(insertSql(keys.length), values);
    } catch (error) {
      refuseUnforeseenRight(error);
      const reason = error instanceof Error ? error.message : String(error);
      throw new TeamMoveError('insertFailed', { table: table.name, rows: `${keys[0]}…${keys.at(-1)}`, reason });
    }
    moved(keys.length);
    values = [];
    keys = [];
  };
  // The iterator streams the desk's rows; only one batch is held at a time.
  for (const row of read.iterate() as Iterable<Record<string, unknown>>) {
    values.push(...rowToTeam(plan, row));
    keys.push(table.key.map((k) => String(row[k])).join('/'));
    figures.add(plan, row);
    if (keys.length >= perBatch) await flush();
  }
  await flush();
}

/** New rows written on the team ledger get ids after the moved ones. */
async function setSequencePast(client: PoolClient, plan: TablePlan): Promise<void> {
  if (!plan.table.key.includes('id') || plan.table.key.length !== 1) return;
  const name = plan.table.name;
  try {
    await client.query(
      `SELECT setval(seq, (SELECT coalesce(max(id), 0) + 1 FROM ${name}), false) FROM (SELECT pg_get_serial_sequence($1, 'id') AS seq) s WHERE seq IS NOT NULL`,
      [name],
    );
  } catch (error) {
    refuseUnforeseenRight(error);
    throw error;
  }
}

/** A right the check before the move did not foresee, refused by the server while writing: named like the others. */
function refuseUnforeseenRight(error: unknown): void {
  const refused = refusedObject(error);
  if (refused) throw missingRightsError([{ ...refused, right: null }]);
}
