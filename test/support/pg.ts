/**
 * @needs postgresql
 * The real PostgreSQL the team-ledger tests run against (started by .ci/run). Tests connect over TCP as a
 * password role that may create databases and roles but is no superuser:
 *   FAPIAO_TEST_PG_HOST (127.0.0.1), FAPIAO_TEST_PG_PORT (5432), FAPIAO_TEST_PG_USER (fapiao_test),
 *   FAPIAO_TEST_PG_PASSWORD (fapiao_test) — .ci/run creates that role with those defaults.
 * Each test gets its own database, uniquely named, dropped (with the roles it created) at the end.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { TeamLedgerAddress } from '../../shared/ipc/schemas/team-ledger.js';

import { PG_ADMIN } from './pg-address.js';

export { PG_ADMIN } from './pg-address.js';

export interface TestDatabase {
  name: string;
  /** The address a desk would save, signed in as the test role (owner of the database). */
  address: TeamLedgerAddress;
  password: string;
  /** A login role with a password and no rights on anything in this database; dropped with it. */
  createRole(): Promise<{ user: string; password: string }>;
  /** Runs SQL as the test role in this database (grants, setup). */
  exec(sql: string): Promise<void>;
  drop(): Promise<void>;
}

/**
 * DROP … WITH (FORCE) ends the database's connections first, but one opening at that moment (a pool the test
 * is still closing, on a busy machine) can make it fail with 55006 "being accessed", and an autovacuum
 * worker busy after a bulk load with 42501 when the role may not signal it (.ci/run grants
 * pg_signal_backend; a machine set up without it waits for the worker instead): try again a few times,
 * then report the last error.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== '55006' && code !== '42501') || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Runs one statement as the test role (which may create databases and roles), on its own connection. */
export async function adminQuery(sql: string, database = 'postgres'): Promise<void> {
  const client = new pg.Client({ ...PG_ADMIN, database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `fapiao_test_${Date.now().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const roles: string[] = [];
  return {
    name,
    address: { host: PG_ADMIN.host, port: PG_ADMIN.port, database: name, user: PG_ADMIN.user, tls: 'disable', caFile: null },
    password: PG_ADMIN.password,
    async createRole() {
      const user = `${name}_r${roles.length}`;
      const password = crypto.randomBytes(12).toString('hex');
      await adminQuery(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
      // Membership lets drop()'s FORCE end a connection the test left open as this role.
      await adminQuery(`GRANT ${user} TO CURRENT_USER`);
      roles.push(user);
      return { user, password };
    },
    exec: (sql) => adminQuery(sql, name),
    async drop() {
      await dropDatabase(name);
      for (const role of roles) await adminQuery(`DROP ROLE IF EXISTS ${role}`);
    },
  };
}
