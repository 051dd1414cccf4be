/**
 * `npm run ledger -- create-team` against the real PostgreSQL, run as a child process the way an
 * administrator runs it (as a CREATEROLE/CREATEDB role, the tests' fapiao_test): it creates the database,
 * pg_trgm, the group roles and the schema, says what it made, and changes nothing when run again. Then
 * each role is tried for real: a clerk's login reads and writes the ledger's rows — within the rules of
 * migration 0650 (no invoice deleted, no answer but by its outbox claim, no PIN hash read) — but cannot create,
 * alter or drop a table, make a temporary one, write the schema version or rewrite the audit trail; a
 * reviewer's login has the clerk's rights; the admin's login may change the schema; the desk's connection
 * test finds the clerk's rights sufficient.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testTeamConnection } from '../../../main/ledger/pg/connection-test.js';
import { createTeam, teamRoles } from '../../../main/ledger/pg/create-team.js';
import { latestPgVersion } from '../../../main/ledger/pg/migrate.js';
import { teamMigrations } from '../../../main/ledger/migrations/index.js';
import { PG_ADMIN } from '../../support/pg.js';

const run = promisify(execFile);
const tag = crypto.randomBytes(4).toString('hex');
const prefix = `ft_${tag}`;
const database = `fapiao_team_${tag}`;
const roles = teamRoles(prefix);
const admin = { user: `${prefix}_boss`, password: crypto.randomBytes(12).toString('hex') };
const logins: string[] = [admin.user];

async function asTestRole(sql: string, values: unknown[] = [], db = 'postgres'): Promise<pg.QueryResult> {
  const client = new pg.Client({ ...PG_ADMIN, database: db });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** A login role of a desk, member of `group`. */
async function login(name: string, group: string) {
  const user = `${prefix}_${name}`;
  const password = crypto.randomBytes(12).toString('hex');
  await asTestRole(`CREATE ROLE ${user} LOGIN PASSWORD '${password}' IN ROLE ${group}`);
  logins.push(user);
  return { user, password };
}

async function as<T>(who: { user: string; password: string }, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: PG_ADMIN.host, port: PG_ADMIN.port, database, user: who.user, password: who.password });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with, or 'ok'. */
const outcome = (client: pg.Client, sql: string) =>
  client.query(sql).then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? 'failed',
  );

afterAll(async () => {
  await asTestRole(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  for (const role of [...logins, roles.reviewer, roles.clerk, roles.admin]) await asTestRole(`DROP ROLE IF EXISTS ${role}`);
});

describe('create-team: the database and roles of a team ledger', () => {
  it('creates them from the command, each role with exactly its rights', async () => {
    const { stdout } = await run('npm', ['run', '-s', 'ledger', '--', 'create-team', '--database', database, '--admin', admin.user, '--prefix', prefix, '--host', PG_ADMIN.host, '--port', String(PG_ADMIN.port), '--user', PG_ADMIN.user], {
      env: { ...process.env, PGPASSWORD: PG_ADMIN.password, FAPIAO_ADMIN_PASSWORD: admin.password },
    });
    expect(stdout).toContain(`created group role ${roles.clerk}`);
    expect(stdout).toContain(`created login role ${admin.user}`);
    expect(stdout).toContain(`created database ${database}, owned by ${roles.admin}`);
    expect(stdout).toContain('extension pg_trgm present');
    expect(stdout).toContain(`migrations applied: ${teamMigrations.map((m) => m.version).join(', ')}`);

    const owner = await asTestRole(`SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1`, [database]);
    expect(owner.rows[0]).toEqual({ owner: roles.admin });
    const tableOwners = await asTestRole(`SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'`, [], database);
    expect(tableOwners.rows).toEqual([{ tableowner: roles.admin }]);

    const clerk = await login('desk1', roles.clerk);
    await as(clerk, async (client) => {
      expect(await outcome(client, `INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', '91330100MA2B3C4D5E', '客户甲')`)).toBe('ok');
      expect(await outcome(client, `UPDATE customer SET phone = '1' WHERE ghdwmc = '客户甲'`)).toBe('ok');
      expect(await outcome(client, `SELECT count(*) FROM issued_invoice`)).toBe('ok');
      // An invoice's writes also keep its search postings (migration 0605's triggers act with the clerk's rights).
      const invoice = `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json)
        VALUES ('C1', 'sandbox', '026', '91330100MA2B3C4D5E', '销方', '客户甲', 1.00, 0.06, 'queued', '{}')`;
      expect(await outcome(client, invoice)).toBe('ok');
      // The rules of migration 0650 hold even before any clerk exists: an answer only by the claim of its outbox
      // row, no invoice ever deleted; the rest of the desk's rights (a session's role) once clerks exist
      // (test/integration/team-ledger/attacker.test.ts).
      expect(await outcome(client, `UPDATE issued_invoice SET fphm = '26330001', status = 'issued' WHERE lsh = 'C1'`)).toBe('42501');
      expect(await outcome(client, `DELETE FROM issued_invoice WHERE lsh = 'C1'`)).toBe('42501');
      expect(await outcome(client, `DELETE FROM customer WHERE ghdwmc = '客户甲'`)).toBe('ok');
      expect(await outcome(client, `INSERT INTO audit_event (actor, desk, action, aggregate) VALUES ('desk1', 'd1', 'created', 'invoice')`)).toBe('ok');
      expect(await outcome(client, `SELECT id, name, role FROM clerk`)).toBe('ok');
      expect(await outcome(client, `SELECT pin_hash FROM clerk`)).toBe('42501');
      expect(await outcome(client, `SELECT * FROM clerk_session`)).toBe('42501');
      expect(await outcome(client, `CREATE TEMP TABLE outbox (id int)`)).toBe('42501');
      expect(await outcome(client, `SELECT max(version) FROM schema_version`)).toBe('ok');
      // No DDL, no rewriting of the version or of the evidence: 42501 insufficient_privilege.
      expect(await outcome(client, `CREATE TABLE clerk_table (id int)`)).toBe('42501');
      expect(await outcome(client, `ALTER TABLE customer ADD COLUMN nickname text`)).toBe('42501');
      expect(await outcome(client, `DROP TABLE customer`)).toBe('42501');
      expect(await outcome(client, `CREATE INDEX clerk_index ON customer (phone)`)).toBe('42501');
      expect(await outcome(client, `INSERT INTO schema_version (version, name) VALUES (99, 'mine')`)).toBe('42501');
      expect(await outcome(client, `UPDATE audit_event SET actor = 'someone else'`)).toBe('42501');
      expect(await outcome(client, `DELETE FROM audit_event`)).toBe('42501');
      expect(await outcome(client, `TRUNCATE issued_invoice`)).toBe('42501');
    });
    // The desk's connection test signs in as the clerk and finds the everyday rights.
    const tested = await testTeamConnection({ host: PG_ADMIN.host, port: PG_ADMIN.port, database, user: clerk.user, tls: 'disable', caFile: null }, clerk.password);
    expect(tested).toMatchObject({ ok: true, key: 'ok', schemaVersion: latestPgVersion() });

    const reviewer = await login('review1', roles.reviewer);
    await as(reviewer, async (client) => {
      expect(await outcome(client, `INSERT INTO product (environment, spmc, spbm, sl) VALUES ('sandbox', '技术服务', '3040201000000000000', '0.06')`)).toBe('ok');
      expect(await outcome(client, `CREATE TABLE reviewer_table (id int)`)).toBe('42501');
    });

    await as(admin, async (client) => {
      expect(await outcome(client, `CREATE TABLE admin_table (id int)`)).toBe('ok');
      expect(await outcome(client, `DROP TABLE admin_table`)).toBe('ok');
    });
    // Someone outside the team cannot even connect.
    const stranger = await asTestRole(`SELECT has_database_privilege('public', $1, 'CONNECT') AS may`, [database]);
    expect(stranger.rows[0]).toEqual({ may: false });

    // Run again: nothing new is made, nothing breaks.
    const again = await createTeam({ connection: { ...PG_ADMIN }, database, admin: admin.user, prefix });
    expect(again).toContain(`role ${roles.clerk} exists`);
    expect(again).toContain(`database ${database} exists (kept as it is)`);
    expect(again).toContain('schema already current');
  }, 180_000);
});
