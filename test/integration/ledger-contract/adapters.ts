/**
 * The databases the contract suite runs against, in one list: LEDGER_DATABASES. Every contract test that runs
 * on each database takes them from there — `describe.each(ledgerDatabases())` for an empty ledger, the list's
 * `moveIn` for a desk moved in (print, history) — so a third database the ledger port gains is one entry here
 * and every such test runs on it (history.test.ts comparing it with the first) without a line changed
 * elsewhere. A few tests are one database's own: sqlite-transactions.test.ts, and two desks collecting at
 * once on PostgreSQL (collection.test.ts).
 *
 * Today: a real SQLite history.db in a temp folder (the desk's migrations) and a real PostgreSQL team ledger
 * (test/support/pg.ts, its migrations), each behind one fixture. `open` gives one desk's ledger: on PostgreSQL
 * a desk with its own name and pool, connected as a desk's login (the rights pg migration 0650 gives a desk:
 * every rule of the database holds it, as at a real desk; `owner` opens one as the team's owner instead, for
 * what no desk does — an outbox row with no invoice behind it); on SQLite another connection to the same
 * file — one desk owns a SQLite ledger, and its connections share its leases.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { setActor } from '../../../main/db/actor.js';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import { moveDeskToTeam } from '../../../main/ledger/move/move-in.js';
import { createPgLedger } from '../../../main/ledger/pg/ledger.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';
import { createTestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';

export interface OutboxRowState {
  serial: string;
  state: string;
  attempts: number;
  last_error: string | null;
}

export interface OpenOptions {
  desk?: string;
  leaseMs?: number;
  actor?: () => string | null;
  /** PostgreSQL: connect as the database's owner (trusted, past the desk's rules), not as a desk's login. */
  owner?: boolean;
}

export interface LedgerFixture {
  readonly kind: Ledger['kind'];
  /** A desk's ledger on the fixture's database; `leaseMs` is how long its claims hold; `actor` the clerk who signs its writes. */
  open(options?: OpenOptions): Promise<Ledger>;
  /** Rows as stored, read past the port (SELECT only; the same statement must run on both databases). */
  query<R>(sql: string): Promise<R[]>;
  /** Writes rows past the port (fixtures of tables whose store is not built yet; SQL both databases accept). */
  exec(sql: string): Promise<void>;
  /** The outbox as stored, oldest first, read past the port. */
  rows(): Promise<OutboxRowState[]>;
  /** Empties the whole ledger between tests (every table, ids restarted) and closes what the test opened. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const ROWS = 'SELECT serial, state, attempts, last_error FROM outbox ORDER BY id';

function sqliteFixture(): LedgerFixture {
  let dir = tempDir('fapiao-ledger-contract-');
  const opened: Db[] = [];
  const connection = () => {
    const db = openDatabase(path.join(dir, 'history.db'));
    opened.push(db);
    return db;
  };
  const closeAll = () => {
    for (const db of opened.splice(0)) closeDatabase(db);
  };
  return {
    kind: 'sqlite',
    open: (options = {}) => {
      const db = connection();
      if (options.actor) setActor(db, options.actor);
      const desk = options.desk;
      return Promise.resolve(
        createSqliteLedger(db, { ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }), ...(desk === undefined ? {} : { desk: () => desk }) }),
      );
    },
    query: <R>(sql: string) => Promise.resolve(connection().prepare(sql).all() as R[]),
    exec: (sql: string) => Promise.resolve(void connection().exec(sql)),
    rows: () => Promise.resolve(connection().prepare(ROWS).all() as OutboxRowState[]),
    reset() {
      closeAll();
      fs.rmSync(dir, { recursive: true, force: true });
      dir = tempDir('fapiao-ledger-contract-');
      return Promise.resolve();
    },
    close() {
      closeAll();
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/**
 * `owner`: every ledger opened is the owner's unless told otherwise — for the suites that test the queue's own
 * mechanics with rows of made-up kinds and no row behind them, which no desk can queue (a desk's outbox row is
 * bound to the invoice, form or batch it sends: pg migration 0650, test/integration/team-ledger/attacker.test.ts).
 */
export async function postgresFixture(defaults: { owner?: boolean } = {}): Promise<LedgerFixture> {
  const database = await createTestDatabase();
  const pools: pg.Pool[] = [];
  const admin = createTeamPool(database.address, database.password);
  pools.push(admin);
  await migrateTeamLedger(admin);
  // A desk's login, given exactly a desk's rights (pg migration 0650), as create-team gives its clerk group.
  const desk = await database.createRole();
  await database.exec(`SELECT fapiao_grant_desk('${desk.user}')`);
  const pool = (owner: boolean) => {
    const created = owner ? createTeamPool(database.address, database.password) : createTeamPool({ ...database.address, user: desk.user }, desk.password);
    pools.push(created);
    return created;
  };
  let desks = 0;
  const endPools = async () => {
    for (const opened of pools.splice(1)) await opened.end();
  };
  return {
    kind: 'postgres',
    open: (options = {}) =>
      Promise.resolve(
        createPgLedger(pool(options.owner ?? defaults.owner ?? false), {
          desk: options.desk ?? `desk-${(desks += 1)}`,
          ...(options.leaseMs === undefined ? {} : { leaseSeconds: options.leaseMs / 1000 }),
          ...(options.actor === undefined ? {} : { actor: options.actor }),
        }),
      ),
    rows: async () => (await admin.query<OutboxRowState>(ROWS)).rows,
    query: async <R>(sql: string) => (await admin.query(sql)).rows as R[],
    exec: async (sql: string) => void (await admin.query(sql)),
    async reset() {
      await endPools();
      // Every table of the ledger, so a store's contract test added later needs no line here.
      const tables = await admin.query<{ name: string }>(
        `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_version'`,
      );
      await admin.query(`TRUNCATE ${tables.rows.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`);
    },
    async close() {
      await endPools();
      await admin.end();
      await database.drop();
    },
  };
}

/**
 * A desk's ledger file moved into one database as the desk moves it (moveDeskToTeam): the same rows with the
 * same ids, for the suites whose rows only the desk's own writes make (its triggers build the trigram index,
 * posting table and tallies the history searches read; a print job refers to an issued invoice).
 */
export interface MovedLedger {
  /** A desk's ledger on the moved rows; `actor` the clerk who signs its writes. */
  open(options?: { desk?: string; actor?: () => string | null }): Ledger;
  /** Rows as stored, read past the port (SELECT only; the same statement must run on every database). */
  query<R>(sql: string): Promise<R[]>;
  /** Empties these tables between tests, their ids restarted; the moved rows of the others stay. */
  empty(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** The desk is its own SQLite ledger: nothing moves, and the test that wrote the desk closes it. */
function sqliteMovedIn(desk: Db): MovedLedger {
  return {
    open: (options = {}) => {
      if (options.actor) setActor(desk, options.actor);
      const name = options.desk;
      return createSqliteLedger(desk, name === undefined ? {} : { desk: () => name });
    },
    query: <R>(sql: string) => Promise.resolve(desk.prepare(sql).all() as R[]),
    empty: (tables) => {
      const named = tables.map((table) => `'${table}'`).join(', ');
      // A plain rowid table starts again at 1 once empty; an AUTOINCREMENT one (audit_event) remembers its last id there.
      desk.exec(`${tables.map((table) => `DELETE FROM ${table};`).join(' ')} DELETE FROM sqlite_sequence WHERE name IN (${named});`);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

/** An empty team ledger the desk moves into; its ledgers connect as the team's owner, as the move does. */
async function postgresMovedIn(deskFile: string): Promise<MovedLedger> {
  const database = await createTestDatabase();
  const pool = createTeamPool(database.address, database.password, { log: () => {} });
  const close = async () => {
    await pool.end();
    await database.drop();
  };
  try {
    await moveDeskToTeam({ deskFile, pool });
    // The planner's statistics, as a ledger in use has them: the history searches' plans follow from them.
    await pool.query('ANALYZE');
  } catch (error) {
    await close();
    throw error;
  }
  return {
    open: (options = {}) => createPgLedger(pool, { desk: options.desk ?? 'desk-1', ...(options.actor === undefined ? {} : { actor: options.actor }) }),
    query: async <R>(sql: string) => (await pool.query(sql)).rows as R[],
    empty: async (tables) => void (await pool.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY`)),
    close,
  };
}

export interface LedgerDatabase {
  /** As the tests name it: "the outbox on SQLite". */
  readonly name: string;
  readonly kind: Ledger['kind'];
  /** An empty ledger. `owner`: see postgresFixture; SQLite has no owner apart from the desk, which owns its file. */
  fixture(defaults?: { owner?: boolean }): Promise<LedgerFixture>;
  /** The desk's ledger file (written, and still open, as `db`) moved into this database. */
  moveIn(desk: { file: string; db: Db }): Promise<MovedLedger>;
}

/**
 * Every database the contract suite runs against — a third is one entry here. The first is the one the
 * others' answers are compared with, where a test compares databases (history.test.ts).
 */
export const LEDGER_DATABASES: readonly [LedgerDatabase, ...LedgerDatabase[]] = [
  { name: 'SQLite', kind: 'sqlite', fixture: () => Promise.resolve(sqliteFixture()), moveIn: (desk) => Promise.resolve(sqliteMovedIn(desk.db)) },
  { name: 'PostgreSQL', kind: 'postgres', fixture: postgresFixture, moveIn: (desk) => postgresMovedIn(desk.file) },
];

/** The table for `describe.each(…)('the X store on %s', (_name, makeFixture) => …)`: each database's name and fixture. */
export function ledgerDatabases(defaults: { owner?: boolean } = {}): Array<[name: string, makeFixture: () => Promise<LedgerFixture>]> {
  return LEDGER_DATABASES.map((database) => [database.name, () => database.fixture(defaults)]);
}
