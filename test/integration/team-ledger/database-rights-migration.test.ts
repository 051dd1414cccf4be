/**
 * @needs postgresql
 * Team-ledger migration 0650 (database-rights) on a team ledger made before it, against the real PostgreSQL
 * (test/support/pg.ts): a desk role with the rights create-team used to give (every row of every table, and
 * the owner's default privileges granting the same on tables to come), a clerk with the scrypt hash a desk
 * moved in, an issued invoice and an audit event. After the migration the rows are kept; the desk role is
 * found and restated — it can no longer delete an invoice, read a PIN hash or write the clerks, and a table
 * added later is only readable to it — and the moved-in clerk signs in with the old PIN.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../main/features/clerks/pin.js';
import { createPgLedger } from '../../../main/ledger/pg/ledger.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { databaseRights } from '../../../main/ledger/migrations/0650-database-rights.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase } from '../../support/pg.js';
import { outcome } from './support/team.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('team ledger migration 0650: the database is the boundary', () => {
  it('keeps the rows, restates the desk role found, and lets a moved-in clerk sign in with the old PIN', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const owner = createTeamPool(db.address, db.password);
    cleanups.push(() => owner.end());
    await migrateTeamLedger(owner, pgMigrations.filter((m) => m.version < databaseRights.version));
    // The rights create-team gave a desk before: everything on every row, and on tables to come.
    const desk = await db.createRole();
    await db.exec(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${desk.user};
                   GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${desk.user};
                   ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${desk.user};`);
    await owner.query(`INSERT INTO clerk (name, role, pin_hash) VALUES ('王管理', 'admin', $1)`, [await hashPin('246810')]);
    await owner.query(`INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, fphm)
                       VALUES ('L1', 'sandbox', '026', '91110000000000000X', '销方', '客户甲', 113.00, 13.00, 'issued', '{}', '1')`);
    await owner.query(`INSERT INTO audit_event (at, actor, desk, action, aggregate) VALUES ('2026-11-27T08:00:00Z', '王管理', 'desk-a', 'clerk.created', 'clerk')`);

    expect(await migrateTeamLedger(owner)).toEqual([databaseRights.version]);
    expect((await owner.query(`SELECT lsh, jshj::text, status FROM issued_invoice`)).rows).toEqual([{ lsh: 'L1', jshj: '113.00', status: 'issued' }]);
    expect((await owner.query(`SELECT actor, desk, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at FROM audit_event`)).rows).toEqual([{ actor: '王管理', desk: 'desk-a', at: '2026-11-27 08:00' }]);
    expect((await owner.query(`SELECT role_name FROM fapiao_desk_role`)).rows).toEqual([{ role_name: desk.user }]);

    const pool = createTeamPool({ ...db.address, user: desk.user }, desk.password);
    cleanups.push(() => pool.end());
    const client = await pool.connect();
    try {
      expect(await outcome(client, `DELETE FROM issued_invoice`)).toBe('42501');
      expect(await outcome(client, `UPDATE issued_invoice SET jshj = 1`)).toBe('42501');
      expect(await outcome(client, `SELECT pin_hash FROM clerk`)).toBe('42501');
      expect(await outcome(client, `UPDATE clerk SET role = 'issuer'`)).toBe('42501');
      expect(await outcome(client, `SELECT name FROM clerk`)).toBe('ok');
      await db.exec(`CREATE TABLE added_later (id int)`);
      expect(await outcome(client, `SELECT * FROM added_later`)).toBe('ok');
      expect(await outcome(client, `INSERT INTO added_later VALUES (1)`)).toBe('42501');
    } finally {
      client.release();
    }
    // The clerk moved in with a scrypt hash signs in with the old PIN, and is bcrypt from then on.
    const ledger = createPgLedger(pool, { desk: 'desk-a' });
    expect(await ledger.clerks.signIn('王管理', '246810')).toMatchObject({ ok: true, clerk: { name: '王管理', role: 'admin' } });
    expect((await owner.query(`SELECT pin_hash LIKE '$2a$10$%' AS bcrypt FROM clerk`)).rows).toEqual([{ bcrypt: true }]);
    await ledger.clerks.signOut();
  });
});
