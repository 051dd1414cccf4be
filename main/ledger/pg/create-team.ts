/**
 * `npm run ledger -- create-team` (docs/team-ledger.md §7, §8): sets up a team ledger on a PostgreSQL
 * server, run once by a superuser or a role with CREATEROLE and CREATEDB. Least privilege:
 *
 * - `<prefix>_admin` (NOLOGIN) owns the database, its schema and every table, and runs the migrations;
 *   the login role named by --admin is made its member (created when missing, with the password given).
 * - `<prefix>_clerk` (NOLOGIN): the desk role — CONNECT, and the privileges migration 0650 states
 *   (`fapiao_grant_desk`): every table readable but the clerks' PIN hashes and sessions, writes only where a
 *   desk's work writes and never a DELETE of what must stay; each write held by the database's triggers to
 *   the role of the clerk signed in through `fapiao_sign_in` (docs/team-ledger.md §7). No CREATE anywhere
 *   (no DDL), no temporary tables; tables later migrations add are readable until a migration says more.
 * - `<prefix>_reviewer` (NOLOGIN): a member of the clerk role, kept for teams made before migration 0650. What a
 *   clerk may do follows the role of the clerk signed in, not the desk's login.
 *
 * Each desk or clerk then gets its own login role, a member of clerk or reviewer. Running it again
 * changes nothing that is already so; it says what it made and what it found.
 */
import pg, { type ClientConfig } from 'pg';
import { migrateTeamLedger } from './migrate.js';

export interface CreateTeamOptions {
  /** How to reach the server as the superuser or CREATEROLE role (any database; `postgres` is used). */
  connection: ClientConfig;
  database: string;
  /** The login role that administers the team ledger. */
  admin: string;
  /** Its password, used only when the role must be created. */
  adminPassword?: string | undefined;
  /** The group roles' prefix: `fapiao` gives fapiao_admin, fapiao_reviewer, fapiao_clerk. */
  prefix?: string;
}

export interface TeamRoles {
  admin: string;
  reviewer: string;
  clerk: string;
}

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export const teamRoles = (prefix = 'fapiao'): TeamRoles => ({ admin: `${prefix}_admin`, reviewer: `${prefix}_reviewer`, clerk: `${prefix}_clerk` });

/** Sets up the database and roles; returns what it did, one line each, for the command to print. */
export async function createTeam(options: CreateTeamOptions): Promise<string[]> {
  const roles = teamRoles(options.prefix);
  for (const name of [options.database, options.admin, ...Object.values(roles)]) {
    // Identifiers go into DDL (quoted with format's %I); plain lower-case names keep the roles easy to type in psql.
    if (!NAME.test(name)) throw new Error(`${name}: use lower-case letters, digits and _ (at most 63)`);
  }
  const said: string[] = [];
  const server = new pg.Client({ ...options.connection, database: 'postgres' });
  await server.connect();
  try {
    await createRoles(server, roles, options, said);
    const exists = await server.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [options.database]);
    if (exists.rowCount === 0) {
      await ddl(server, 'CREATE DATABASE %I OWNER %I', options.database, roles.admin);
      said.push(`created database ${options.database}, owned by ${roles.admin}`);
    } else {
      said.push(`database ${options.database} exists (kept as it is)`);
    }
  } finally {
    await server.end();
  }
  // Everything inside the database is done as the admin group role, so that it owns what is made.
  const asAdmin: ClientConfig = { ...options.connection, database: options.database, options: `-c role=${roles.admin}` };
  const inside = new pg.Client(asAdmin);
  await inside.connect();
  try {
    await inside.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    said.push('extension pg_trgm present');
  } finally {
    await inside.end();
  }
  const pool = new pg.Pool({ ...asAdmin, max: 1 });
  try {
    const applied = await migrateTeamLedger(pool);
    said.push(applied.length > 0 ? `migrations applied: ${applied.join(', ')}` : 'schema already current');
    await grantRights(pool, options.database, roles);
    said.push(`${roles.clerk}: CONNECT; reads the ledger but PIN hashes and sessions; writes only through the rules of migration 0650 (a signed-in clerk's rights, fapiao_sign_in); no CREATE, no DELETE of invoices, outbox or audit`);
    said.push(`${roles.reviewer}: member of ${roles.clerk}`);
  } finally {
    await pool.end();
  }
  return said;
}

/** Runs `template` with its names put in by the server's `format()`, which quotes identifiers (%I) and literals (%L) as PostgreSQL itself would. */
async function ddl(client: pg.ClientBase, template: string, ...args: string[]): Promise<void> {
  const found = await client.query<{ sql: string }>(`SELECT format(${['$1', ...args.map((_, i) => `$${i + 2}::text`)].join(', ')}) AS sql`, [template, ...args]);
  await client.query(found.rows[0]!.sql);
}

async function createRoles(server: pg.Client, roles: TeamRoles, options: CreateTeamOptions, said: string[]): Promise<void> {
  const has = async (name: string) => ((await server.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [name])).rowCount ?? 0) > 0;
  for (const name of [roles.admin, roles.reviewer, roles.clerk]) {
    if (await has(name)) said.push(`role ${name} exists`);
    else {
      await ddl(server, 'CREATE ROLE %I NOLOGIN', name);
      said.push(`created group role ${name}`);
    }
  }
  await ddl(server, 'GRANT %I TO %I', roles.clerk, roles.reviewer);
  if (!(await has(options.admin))) {
    if (!options.adminPassword) throw new Error(`role ${options.admin} does not exist: give its password (FAPIAO_ADMIN_PASSWORD) to create it`);
    await ddl(server, 'CREATE ROLE %I LOGIN PASSWORD %L', options.admin, options.adminPassword);
    said.push(`created login role ${options.admin}`);
  }
  await ddl(server, 'GRANT %I TO %I', roles.admin, options.admin);
  said.push(`${options.admin} is a member of ${roles.admin}`);
  // A CREATEROLE role that is no superuser must be a member of the admin role to hand it the database.
  const me = await server.query<{ rolsuper: boolean; member: boolean }>(`SELECT rolsuper, pg_has_role(current_user, $1, 'MEMBER') AS member FROM pg_roles WHERE rolname = current_user`, [roles.admin]);
  if (!me.rows[0]?.rolsuper && !me.rows[0]?.member) await ddl(server, 'GRANT %I TO CURRENT_USER', roles.admin);
}

async function grantRights(pool: pg.Pool, database: string, roles: TeamRoles): Promise<void> {
  const client = await pool.connect();
  try {
    const q = (sql: string, ...names: string[]) => ddl(client, sql, ...names);
    await q('REVOKE ALL ON DATABASE %I FROM PUBLIC', database);
    // No temporary tables either: nothing a desk does needs one, and none can then shadow a table a rule reads.
    await q('REVOKE TEMPORARY ON DATABASE %I FROM %I', database, roles.clerk);
    await q('GRANT CONNECT ON DATABASE %I TO %I', database, roles.clerk);
    await q('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    await q('GRANT USAGE ON SCHEMA public TO %I', roles.clerk);
    // A table a later migration adds is readable by the desks; what they may write there, the migration states
    // (it restates the desk's rights with fapiao_apply_desk_rights(), migration 0650).
    await q('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON TABLES FROM %I', roles.admin, roles.clerk);
    await q('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT SELECT ON TABLES TO %I', roles.admin, roles.clerk);
    await q('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', roles.admin, roles.clerk);
    // The desk's rights, table by table, as migration 0650 states them: reads but the PIN hashes and sessions,
    // writes only where a desk's work writes, each held by the database's triggers to the signed-in clerk's role.
    await client.query('SELECT fapiao_grant_desk($1)', [roles.clerk]);
  } finally {
    client.release();
  }
}
