/**
 * Moving one enterprise out of the team ledger into a new SQLite file for an archive (docs/team-ledger.md
 * §3): the file is created by the desk's own migrations (main/db/open.ts), so it is a desk history like any
 * other, and the enterprise's rows of every shared table (main/ledger/move/tables.ts) are inserted through
 * the desk's schema in the order of its references — its triggers build the search index, the 2-character
 * postings and the kept totals as they do on a working desk; a collected invoice's search document is
 * written when its line count is set, as the collection repo does. Read from one PostgreSQL snapshot in
 * keyset pages, written to a `.part` file that becomes the archive only once the figures (rows and money
 * per table) equal the team ledger's for that enterprise. An existing file is never overwritten. The `.part`
 * copy (and SQLite's journal beside it) goes on any failure; one left by an archive that was killed mid-write
 * (its process gone) is removed when the next archive of the same file starts (docs/recovery.md), and the
 * command removes its own when it is ended by SIGTERM or Ctrl+C (scripts/ledger.ts).
 */
import path from 'node:path';
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { Pool, PoolClient } from 'pg';
import { inTeamTransaction } from '../pg/transaction.js';
import { closeDatabase, openDatabase } from '../../db/open.js';
import { deskColumns, deskSelectList, planTable, rowToDesk, teamColumns, type TablePlan } from './columns.js';
import { TeamMoveError } from './errors.js';
import { compareFigures, DeskFigures } from './figures.js';
import type { MoveProgress } from './move-in.js';
import { enterpriseSql, MOVED_TABLES } from './tables.js';

export interface ArchiveOptions {
  pool: Pool;
  /** The enterprise's tax number (USCC). */
  enterprise: string;
  /** The new SQLite file; must not exist. */
  outFile: string;
  batchSize?: number;
  onProgress?: (progress: MoveProgress) => void;
}

export interface ArchiveResult {
  tables: Array<{ table: string; rows: number }>;
  total: number;
}

const PART_SUFFIXES = ['', '-wal', '-shm', '-journal'] as const;

/** The files an archive of `outFile` writes while it runs in this process: the copy and its journal. */
export function archivePartFiles(outFile: string): string[] {
  return PART_SUFFIXES.map((suffix) => `${outFile}.${process.pid}.part${suffix}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Copies of `outFile` left by archives whose process is gone (killed mid-write): removed, with their
 * journals; one whose process still runs is another archive at work and is left alone. Answers the paths removed.
 */
export function removeStaleArchiveParts(outFile: string): string[] {
  const folder = path.dirname(outFile);
  const base = path.basename(outFile);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(`${base}.`)) continue;
    const found = /^\.(\d+)\.part(?:-wal|-shm|-journal)?$/.exec(name.slice(base.length));
    if (!found || processAlive(Number(found[1]))) continue;
    fs.rmSync(path.join(folder, name), { force: true });
    removed.push(path.join(folder, name));
  }
  return removed;
}

export async function archiveEnterprise(options: ArchiveOptions): Promise<ArchiveResult> {
  const { outFile, enterprise } = options;
  removeStaleArchiveParts(outFile);
  if (fs.existsSync(outFile)) throw new TeamMoveError('outExists', { file: outFile });
  const part = `${outFile}.${process.pid}.part`;
  let db: Database.Database | undefined;
  try {
    const result = await inTeamTransaction(options.pool, async (client) => {
      // One snapshot of the team ledger for the whole archive, while colleagues keep writing.
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query(`SET LOCAL TIME ZONE 'UTC'`);
      const known = await client.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM enterprise WHERE tax_number = $1) OR EXISTS (SELECT 1 FROM issued_invoice WHERE xhdwsbh = $1) AS found`,
        [enterprise],
      );
      if (!known.rows[0]?.found) throw new TeamMoveError('enterpriseMissing', { enterprise });
      db = openDatabase(part);
      return copyEnterprise(client, db, options);
    });
    closeDatabase(db!);
    db = undefined;
    if (fs.existsSync(outFile)) throw new TeamMoveError('outExists', { file: outFile });
    fs.renameSync(part, outFile);
    return result;
  } finally {
    if (db) closeDatabase(db);
    for (const file of archivePartFiles(outFile)) fs.rmSync(file, { force: true });
  }
}

async function copyEnterprise(client: PoolClient, db: Database.Database, options: ArchiveOptions): Promise<ArchiveResult> {
  const plans: TablePlan[] = [];
  for (const table of MOVED_TABLES) plans.push(planTable(table, deskColumns(db, table.name), await teamColumns(client, table.name)));
  const counts: number[] = [];
  for (const plan of plans) {
    const found = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${plan.table.name} t WHERE ${enterpriseSql(plan.table, 'team')} = $1`, [options.enterprise]);
    counts.push(Number(found.rows[0]!.n));
  }
  const total = counts.reduce((a, b) => a + b, 0);
  const progress: MoveProgress = { moved: 0, total, table: null };
  options.onProgress?.({ ...progress });
  const figures = new DeskFigures();
  for (const plan of plans) {
    progress.table = plan.table.name;
    await copyTable(client, db, plan, options, figures, (rows) => {
      progress.moved += rows;
      options.onProgress?.({ ...progress });
    });
  }
  // The desk writes a collected invoice's search document when its line count is set (SQLite 0480).
  db.prepare(`UPDATE collected_invoice SET line_count = (SELECT count(*) FROM collected_invoice_line l WHERE l.invoice_id = collected_invoice.id)`).run();
  // The archive opens acting for its enterprise.
  db.prepare(`UPDATE enterprise SET is_current = 1 WHERE tax_number = ?`).run(options.enterprise);
  options.onProgress?.({ ...progress, table: null });
  for (const plan of plans) {
    figures.setCounts(plan.table.name, db.prepare(`SELECT ${enterpriseSql(plan.table, 'desk')} AS e, count(*) AS n FROM ${plan.table.name} t GROUP BY 1`).all() as Array<{ e: string | null; n: number }>);
    await compareFigures(client, plan, figures, options.enterprise);
  }
  return { tables: plans.map((plan, i) => ({ table: plan.table.name, rows: counts[i]! })), total };
}

async function copyTable(client: PoolClient, db: Database.Database, plan: TablePlan, options: ArchiveOptions, figures: DeskFigures, moved: (rows: number) => void) {
  const { table, columns } = plan;
  const keys = table.key.map((k) => `t."${k}"`);
  const keyAt = table.key.map((k) => columns.findIndex((c) => c.name === k));
  const insert = db.prepare(`INSERT INTO ${table.name} (${columns.map((c) => `"${c.name}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const write = db.transaction((rows: unknown[][]) => {
    for (const values of rows) insert.run(values);
  });
  const limit = options.batchSize ?? 1000;
  let after: unknown[] | null = null;
  for (;;) {
    const from: string = after === null ? '' : ` AND (${keys.join(', ')}) > (${keys.map((_, i) => `$${i + 2}`).join(', ')})`;
    const page: { rows: unknown[][] } = await client.query({
      text: `SELECT ${deskSelectList(plan)} FROM ${table.name} t WHERE ${enterpriseSql(table, 'team')} = $1${from} ORDER BY ${keys.join(', ')} LIMIT ${limit}`,
      values: [options.enterprise, ...(after ?? [])],
      rowMode: 'array',
    });
    if (page.rows.length === 0) return;
    const rows = page.rows.map((row) => rowToDesk(plan, row));
    try {
      write(rows);
    } catch (error) {
      const first = keyAt.map((i) => String(rows[0]![i])).join('/');
      throw new TeamMoveError('insertFailed', { table: table.name, rows: `${first}…`, reason: error instanceof Error ? error.message : String(error) });
    }
    for (const values of rows) figures.add(plan, { ...Object.fromEntries(columns.map((c, i) => [c.name, values[i]])), __enterprise: options.enterprise });
    moved(rows.length);
    after = keyAt.map((i) => page.rows.at(-1)![i]);
  }
}
