/**
 * The parts of a team on one machine, each a real process: one standalone sandbox (sandbox/cli.ts, its own
 * data folder, served over HTTP), a team ledger in the real PostgreSQL (a database created for the run
 * through test/support/pg.ts and the team migrations, dropped after), and headless desks
 * (scripts/headless-desk.ts) that can be killed with SIGKILL and started again on their data folder.
 * Used by the kill test (kill-test.ts) and the bench `team-issue`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type pg from 'pg';
import type { TeamLedgerAddress } from '../../../shared/ipc/schemas/team-ledger.js';
import type { ServiceConfig } from '../../../main/core-config.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, ISSUED_CONTROL_PATH } from '../../../sandbox/index.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';
import { childArgs } from '../../support/child-bundles.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Waits for stdout lines of a child; rejects when it exits first. */
interface Lines {
  next(pattern: RegExp): Promise<string>;
}

function followLines(child: ChildProcessWithoutNullStreams, exited: Promise<unknown>, onLine: (line: string) => void, name: string): Lines & { stderr(): string } {
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    onLine(line);
    const index = waiters.findIndex((waiter) => waiter.pattern.test(line));
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(line);
  });
  return {
    stderr: () => stderr,
    next: (pattern) =>
      Promise.race([
        new Promise<string>((resolve) => waiters.push({ pattern, resolve })),
        exited.then(() => Promise.reject(new Error(`${name} exited before ${String(pattern)}: ${stderr.slice(-2000)}`))),
      ]),
  };
}

export interface StandaloneSandbox {
  baseUrl: string;
  /** Every invoice the service issued, from its own records (the test-only control API). */
  issued(): Promise<Array<{ lsh: string; fphm: string }>>;
  close(): Promise<void>;
}

/** The sandbox service alone in its own process; `flags` are sandbox/cli.ts's (faults, issue delay). */
export async function startStandaloneSandbox(dataDir: string, flags: string[] = []): Promise<StandaloneSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--data', dataDir, '--control', ...flags], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = followLines(child, exited, () => undefined, 'sandbox');
  const baseUrl = (await lines.next(/^Base URL:/)).replace(/^Base URL:\s*/, '').trim();
  return {
    baseUrl,
    async issued() {
      const answer = (await (await fetch(`${baseUrl}${ISSUED_CONTROL_PATH}`)).json()) as { invoices: Array<{ lsh: string; fphm: string }> };
      return answer.invoices;
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface TeamLedgerDb {
  database: TestDatabase;
  /** The test's own pool on the ledger, as the database's owner, for judging. */
  pool: pg.Pool;
  /**
   * What a desk holds: a login with exactly a desk's rights (pg migration 0650, as create-team gives its clerk
   * group), its address and password. Desks connect with it, so every rule of the database holds them.
   */
  desk: { address: TeamLedgerAddress; password: string };
  close(): Promise<void>;
}

export async function createTeamLedgerDb(): Promise<TeamLedgerDb> {
  const database = await createTestDatabase();
  const pool = createTeamPool(database.address, database.password);
  await migrateTeamLedger(pool);
  const login = await database.createRole();
  await pool.query('SELECT fapiao_grant_desk($1)', [login.user]);
  return {
    database,
    pool,
    desk: { address: { ...database.address, user: login.user }, password: login.password },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * How a desk in a test's own process (a core, a browser harness) reaches a sandbox serving elsewhere — one
 * shared by several desks, as a team shares one service: as a remote service, signed with the demo credentials.
 */
export function sandboxAsService(baseUrl: string): Extract<ServiceConfig, { kind: 'remote' }> {
  return { kind: 'remote', baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE };
}

export interface DeskProcess {
  readonly name: string;
  readonly process: ChildProcessWithoutNullStreams;
  readonly exited: Promise<void>;
  next(pattern: RegExp): Promise<string>;
  send(line: string): void;
  kill(): Promise<void>;
  /** Asks the desk to close cleanly and waits for it. */
  exit(): Promise<void>;
}

export interface DeskOptions {
  name: string;
  dataDir: string;
  sandboxUrl: string;
  ledger: TeamLedgerDb;
  leaseSeconds?: number;
  onLine?: (line: string) => void;
}

/** One headless desk on the team ledger, as a child process running the core itself (its prebuilt bundle, child-bundles.ts). */
export function startDesk(options: DeskOptions): DeskProcess {
  const { address, password } = options.ledger.desk;
  const child = spawn(
    process.execPath,
    childArgs('headless-desk', [
      ...['--data', options.dataDir, '--desk', options.name, '--service', options.sandboxUrl],
      ...['--app-key', DEMO_CREDENTIALS.appKey, '--app-secret', DEMO_CREDENTIALS.appSecret, '--tax-number', DEMO_ENTERPRISE.taxNumber, '--seller', DEMO_ENTERPRISE.name],
      ...['--pg-host', address.host, '--pg-port', String(address.port), '--pg-database', address.database, '--pg-user', address.user],
      ...(options.leaseSeconds === undefined ? [] : ['--lease', String(options.leaseSeconds)]),
    ]),
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, FAPIAO_TEAM_PASSWORD: password } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = followLines(child, exited, options.onLine ?? (() => undefined), `desk ${options.name}`);
  return {
    name: options.name,
    process: child,
    exited,
    next: lines.next,
    send: (line) => void (child.stdin.writable && child.stdin.write(`${line}\n`)),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async exit() {
      if (child.exitCode === null && child.signalCode === null) child.stdin.end('exit\n');
      await exited;
    },
  };
}

/** A temporary folder for one run, removed by the caller. */
export function runFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TeamJudgement {
  submitted: number;
  issued: number;
  duplicates: number;
  lost: number;
}

/**
 * Judged by the service's own records: each lsh issued at most once there (duplicates), and every submission
 * the desks acknowledged or the ledger holds issued there with the number the ledger recorded (lost).
 */
export async function judgeTeam(ledger: TeamLedgerDb, sandbox: StandaloneSandbox, acked: ReadonlySet<string>): Promise<TeamJudgement> {
  const rows = (await ledger.pool.query<{ lsh: string; status: string; fphm: string | null }>('SELECT lsh, status, fphm FROM issued_invoice')).rows;
  const remote = new Map<string, string[]>();
  for (const invoice of await sandbox.issued()) remote.set(invoice.lsh, [...(remote.get(invoice.lsh) ?? []), invoice.fphm]);
  const local = new Map(rows.map((row) => [row.lsh, row]));
  const duplicates = [...remote.values()].filter((numbers) => numbers.length > 1).length;
  const lost =
    [...acked].filter((lsh) => !local.has(lsh)).length + // acknowledged to a clerk, not in the ledger
    rows.filter((row) => row.status !== 'issued' || remote.get(row.lsh)?.[0] !== row.fphm).length + // in the ledger, not (so) issued
    [...remote.keys()].filter((lsh) => !local.has(lsh)).length; // issued, unknown to the ledger
  const issued = rows.filter((row) => row.status === 'issued' && remote.has(row.lsh)).length;
  return { submitted: rows.length, issued, duplicates, lost };
}

/** Outbox rows of the team ledger not finished yet. */
export async function pendingRows(ledger: TeamLedgerDb): Promise<number> {
  return (await ledger.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE state = 'pending'`)).rows[0]!.n;
}
