/**
 * @needs postgresql
 * A team ledger as README sets one up, for the tests that try it as its desks would: `createTeam` (the
 * database, the group roles, the schema, the desk rights) under a prefix of its own, its admin login, and desk
 * logins made the way README says — `CREATE ROLE … LOGIN … IN ROLE <prefix>_clerk` — which the tests then use
 * with plain `pg`, as anyone holding a desk's password could. Everything is dropped by `close()`.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { createTeam, teamRoles, type TeamRoles } from '../../../../main/ledger/pg/create-team.js';
import { adminQuery, PG_ADMIN } from '../../../support/pg.js';

export interface Login {
  user: string;
  password: string;
}

export interface Team {
  database: string;
  roles: TeamRoles;
  /** The team's admin login (a member of <prefix>_admin, the owner): trusted, for judging what is stored. */
  admin: Login;
  /** A new desk login, IN ROLE <prefix>_clerk as README gives each desk. */
  desk(name: string): Promise<Login>;
  /** A client connected as `who`, optionally carrying a clerk's session token (what the desk's pool sets). */
  connect(who: Login, token?: string | null): Promise<pg.Client>;
  /** A pool as a desk opens one (main/ledger/pg/pool.ts sizes), connected as `who`. */
  pool(who: Login): pg.Pool;
  /** Runs SQL as the admin login. */
  owner<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export async function createTestTeam(): Promise<Team> {
  const tag = crypto.randomBytes(4).toString('hex');
  const prefix = `fa_${tag}`;
  const database = `fapiao_attack_${tag}`;
  const roles = teamRoles(prefix);
  const admin = { user: `${prefix}_boss`, password: crypto.randomBytes(12).toString('hex') };
  const logins = [admin.user];
  const pools: pg.Pool[] = [];
  const clients: pg.Client[] = [];
  await createTeam({ connection: { ...PG_ADMIN }, database, admin: admin.user, adminPassword: admin.password, prefix });
  const address = (who: Login) => ({ host: PG_ADMIN.host, port: PG_ADMIN.port, database, user: who.user, password: who.password });
  // close() drops the database WITH (FORCE), which ends every connection still open on it — and pg-pool's end()
  // resolves before its connections have closed. The server's "terminating connection" then arrives as an
  // 'error' event: expected at that moment, and with no listener it would be an uncaught exception in the
  // test's worker (or in the next test file, when files share a worker).
  const quiet = (emitter: { on(event: 'error', listener: () => void): unknown }) => emitter.on('error', () => undefined);
  const connect = async (who: Login, token: string | null = null) => {
    const client = new pg.Client(address(who));
    quiet(client);
    await client.connect();
    clients.push(client);
    if (token !== null) await client.query(`SELECT set_config('fapiao.session', $1, false)`, [token]);
    return client;
  };
  const quietPool = (pool: pg.Pool) => {
    quiet(pool);
    pool.on('connect', quiet);
    return pool;
  };
  const ownerPool = quietPool(new pg.Pool({ ...address(admin), max: 2 }));
  return {
    database,
    roles,
    admin,
    async desk(name) {
      const user = `${prefix}_${name}`;
      const password = crypto.randomBytes(12).toString('hex');
      await adminQuery(`CREATE ROLE ${user} LOGIN PASSWORD '${password}' IN ROLE ${roles.clerk}`);
      logins.push(user);
      return { user, password };
    },
    connect,
    pool(who) {
      const pool = quietPool(new pg.Pool({ ...address(who), max: 4 }));
      pools.push(pool);
      return pool;
    },
    owner: async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => (await ownerPool.query<R>(sql, values)).rows,
    async close() {
      for (const client of clients) await client.end().catch(() => undefined);
      for (const pool of pools) await pool.end().catch(() => undefined);
      await ownerPool.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      for (const role of [...logins, roles.reviewer, roles.clerk, roles.admin]) await adminQuery(`DROP ROLE IF EXISTS ${role}`);
    },
  };
}

/**
 * The SQLSTATE a statement fails with, or 'ok'. After a failure it waits for the connection to be ready again:
 * node-postgres reports the error as it arrives, a moment before the server has rolled the statement back and
 * let go of its row locks (which another desk's FOR UPDATE SKIP LOCKED would otherwise skip).
 */
export const outcome = (client: pg.ClientBase, sql: string, values: unknown[] = []) =>
  client.query(sql, values).then(
    () => 'ok',
    async (error: { code?: string }) => {
      await client.query('SELECT 1');
      return error.code ?? 'failed';
    },
  );
