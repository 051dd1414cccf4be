/**
 * `npm run ledger -- <command>`: the team ledger's administration from a terminal (docs/team-ledger.md §3, §7, §8).
 *
 *   move-to-team --data-dir <dir>            a desk's history.db into an empty team ledger; the desk then
 *                                            records in its settings that it was moved (when, where)
 *   archive-enterprise --enterprise <USCC> --out <file.db>
 *                                            one enterprise's rows into a new SQLite history (an archive)
 *   create-team --database <db> --admin <role> [--prefix fapiao]
 *                                            database, pg_trgm, the group roles and their rights, migrations
 *
 * Connection: --host (127.0.0.1; a directory is a Unix socket), --port (5432), --database (fapiao),
 * --user, --tls disable|require|verify-full (verify-full unless the host is this machine), --ca-file.
 * The password comes from PGPASSWORD, or is asked for on the terminal when the server wants one.
 * create-team creates a missing --admin login role with the password in FAPIAO_ADMIN_PASSWORD.
 * Progress goes to stderr, the outcome to stdout. Exit code 0 done, 1 refused or failed, 2 bad usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createSettingsRepo } from '../main/features/settings/repo.js';
import { recordTeamMove } from '../main/features/settings/team-ledger.js';
import { TeamMoveError } from '../main/ledger/move/errors.js';
import { moveDeskToTeam, type MoveProgress } from '../main/ledger/move/move-in.js';
import fs from 'node:fs';
import { archiveEnterprise, archivePartFiles } from '../main/ledger/move/move-out.js';
import { clientConfig, type TeamLedgerAddress } from '../main/ledger/pg/config.js';
import { createTeam } from '../main/ledger/pg/create-team.js';
import { createTeamPool } from '../main/ledger/pg/pool.js';
import { isLoopbackHost } from '../shared/ipc/schemas/team-ledger.js';
import { askSecret } from './ledger-prompt.js';

const USAGE = `Usage: npm run ledger -- move-to-team --data-dir <dir> [connection]
       npm run ledger -- archive-enterprise --enterprise <USCC> --out <file.db> [connection]
       npm run ledger -- create-team --database <db> --admin <role> [--prefix fapiao] [connection]
connection: --host <host> --port <port> --database <db> --user <role> --tls <disable|require|verify-full> --ca-file <pem>`;

class UsageError extends Error {}

const OPTIONS = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '5432' },
  database: { type: 'string', default: 'fapiao' },
  user: { type: 'string' },
  tls: { type: 'string' },
  'ca-file': { type: 'string' },
  'data-dir': { type: 'string' },
  enterprise: { type: 'string' },
  out: { type: 'string' },
  admin: { type: 'string' },
  prefix: { type: 'string', default: 'fapiao' },
  help: { type: 'boolean', default: false },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];


function address(values: Values): TeamLedgerAddress {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`--port ${values.port}: a port is 1 to 65535`);
  const user = values.user ?? process.env.PGUSER;
  if (!user) throw new UsageError('--user is required (or PGUSER)');
  const local = isLoopbackHost(values.host);
  const tls = values.tls ?? (local ? 'disable' : 'verify-full');
  if (tls !== 'disable' && tls !== 'require' && tls !== 'verify-full') throw new UsageError(`--tls ${tls}: disable, require or verify-full`);
  return { host: values.host, port, database: values.database, user, tls, caFile: values['ca-file'] ?? null };
}

/** node-postgres asks for the password only when the server wants one (a Unix socket with peer sign-in needs none); asked once. */
let asked: Promise<string> | undefined;
const password = () => process.env.PGPASSWORD ?? (asked ??= askSecret('Password: '));

function progress(label: string): (p: MoveProgress) => void {
  let table: string | null = null;
  let step = 0;
  return (p) => {
    const tenth = p.total === 0 ? 10 : Math.floor((p.moved / p.total) * 10);
    if (p.table === table && tenth === step) return;
    table = p.table;
    step = tenth;
    process.stderr.write(`${label}: ${p.moved}/${p.total} rows${p.table ? ` (${p.table})` : ', comparing counts and totals'}\n`);
  };
}

async function moveToTeam(values: Values): Promise<void> {
  const dataDir = values['data-dir'];
  if (!dataDir) throw new UsageError('--data-dir is required');
  const target = address(values);
  const deskFile = path.join(dataDir, 'history.db');
  const pool = createTeamPool(target, password, { applicationName: 'fapiao-desk move-to-team' });
  try {
    const result = await moveDeskToTeam({ deskFile, pool, onProgress: progress('move-to-team') });
    const at = new Date().toISOString();
    const desk = new Database(deskFile);
    try {
      desk.pragma('busy_timeout = 5000');
      recordTeamMove(createSettingsRepo(desk), { at, host: target.host, port: target.port, database: target.database, user: target.user });
    } finally {
      desk.close();
    }
    process.stdout.write(`moved ${result.total} rows of ${deskFile} into ${target.database} on ${target.host}:${target.port} (enterprises: ${result.enterprises.join(', ') || 'none'})\n`);
    for (const { table, rows } of result.tables) process.stdout.write(`  ${table}: ${rows}\n`);
    process.stdout.write(`counts and money totals equal per table and enterprise; the desk recorded the move at ${at}\n`);
  } finally {
    await pool.end();
  }
}

async function archive(values: Values): Promise<void> {
  if (!values.enterprise || !values.out) throw new UsageError('--enterprise and --out are required');
  const target = address(values);
  const outFile = path.resolve(values.out);
  // Ended by SIGTERM or Ctrl+C mid-write: the half-written copy goes with the process (a SIGKILL's is removed
  // by the next archive of the same file, move-out.ts).
  const abandon = (signal: NodeJS.Signals, code: number) => {
    for (const file of archivePartFiles(outFile)) fs.rmSync(file, { force: true });
    process.stderr.write(`archive-enterprise ended by ${signal}: nothing was written to ${outFile}\n`);
    process.exit(code);
  };
  const onTerm = () => abandon('SIGTERM', 143);
  const onInt = () => abandon('SIGINT', 130);
  process.once('SIGTERM', onTerm);
  process.once('SIGINT', onInt);
  const pool = createTeamPool(target, password, { applicationName: 'fapiao-desk archive-enterprise' });
  try {
    const result = await archiveEnterprise({ pool, enterprise: values.enterprise, outFile, onProgress: progress('archive-enterprise') });
    process.stdout.write(`wrote ${result.total} rows of ${values.enterprise} to ${path.resolve(values.out)}\n`);
    for (const { table, rows } of result.tables) if (rows > 0) process.stdout.write(`  ${table}: ${rows}\n`);
  } finally {
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
    await pool.end();
  }
}

async function setUpTeam(values: Values): Promise<void> {
  if (!values.admin) throw new UsageError('--admin is required');
  const target = address(values);
  const connection = clientConfig(target, password);
  const said = await createTeam({ connection, database: target.database, admin: values.admin, adminPassword: process.env.FAPIAO_ADMIN_PASSWORD, prefix: values.prefix });
  for (const line of said) process.stdout.write(`${line}\n`);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || command === undefined || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  const commands: Record<string, (values: Values) => Promise<void>> = { 'move-to-team': moveToTeam, 'archive-enterprise': archive, 'create-team': setUpTeam };
  const run = commands[command];
  if (!run) {
    process.stderr.write(`unknown command ${command}\n${USAGE}\n`);
    return 2;
  }
  try {
    await run(parsed.values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof TeamMoveError) {
      process.stderr.write(`${command} refused (${error.code}): ${Object.entries(error.params).map(([k, v]) => `${k}=${v}`).join(' ')}\nnothing was changed\n`);
      // Every right the login lacks, one a line, as an administrator would GRANT it.
      for (const right of error.missing) process.stderr.write(`  missing: ${right.right ?? 'a right'} on ${right.object} ${right.name}\n`);
      return 1;
    }
    process.stderr.write(`${command} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main();
