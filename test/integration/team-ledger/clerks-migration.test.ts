/**
 * Team-ledger migration 0500 (clerks) against the real PostgreSQL (test/support/pg.ts): rows written under
 * migration 0490 are kept, unsigned; the clerk table takes a clerk with a scrypt hash only, one of three roles and a
 * unique name; a row written afterwards carries who made it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { clerks } from '../../../main/ledger/migrations/0500-clerks.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('team ledger migration 0500: clerks', () => {
  it('keeps the rows from before unsigned, and signs new rows and clerks as the desk does', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const ledger = createTeamPool(db.address, db.password);
    cleanups.push(() => ledger.end());

    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version < clerks.version))).toEqual(pgMigrations.filter((m) => m.version < clerks.version).map((m) => m.version));
    await ledger.query(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json)
       VALUES ('L1', 'sandbox', '026', '91110000000000000X', '销方', '客户甲', 113.00, 13.00, 'issued', '{}')`,
    );
    await ledger.query(`INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', '91110000000000000X', '客户甲')`);

    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version <= clerks.version))).toEqual([clerks.version]);
    const before = await ledger.query(`SELECT lsh, jshj, created_by, updated_by FROM issued_invoice`);
    expect(before.rows).toEqual([{ lsh: 'L1', jshj: '113.00', created_by: null, updated_by: null }]);
    expect((await ledger.query(`SELECT ghdwmc, created_by FROM customer`)).rows).toEqual([{ ghdwmc: '客户甲', created_by: null }]);

    for (const table of ['issued_invoice', 'red_letter_form', 'print_job', 'received_invoice', 'certification_batch', 'customer', 'product', 'invoice_template']) {
      const columns = await ledger.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name IN ('created_by', 'updated_by') ORDER BY column_name`,
        [table],
      );
      expect(columns.rows.map((r) => r.column_name), table).toEqual(['created_by', 'updated_by']);
    }

    await ledger.query(`INSERT INTO clerk (name, role, pin_hash) VALUES ('王管理', 'admin', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==')`);
    await ledger.query(`INSERT INTO clerk (name, role, pin_hash, created_by) VALUES ('李开票', 'issuer', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', '王管理')`);
    await expect(ledger.query(`INSERT INTO clerk (name, role, pin_hash) VALUES ('王管理', 'issuer', 'scrypt$x')`)).rejects.toMatchObject({ code: '23505' });
    await expect(ledger.query(`INSERT INTO clerk (name, role, pin_hash) VALUES ('赵出纳', 'cashier', 'scrypt$x')`)).rejects.toMatchObject({ code: '23514' });
    // Never a plain PIN: the hash's form is checked by the table itself.
    await expect(ledger.query(`INSERT INTO clerk (name, role, pin_hash) VALUES ('钱复核', 'reviewer', '2468')`)).rejects.toMatchObject({ code: '23514' });
    expect((await ledger.query(`SELECT name, role, active, created_by FROM clerk ORDER BY id`)).rows).toEqual([
      { name: '王管理', role: 'admin', active: true, created_by: null },
      { name: '李开票', role: 'issuer', active: true, created_by: '王管理' },
    ]);

    await ledger.query(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, created_by, updated_by)
       VALUES ('L2', 'sandbox', '026', '91110000000000000X', '销方', '客户乙', 226.00, 26.00, 'queued', '{}', '李开票', '李开票')`,
    );
    expect((await ledger.query(`SELECT lsh, created_by FROM issued_invoice ORDER BY lsh`)).rows).toEqual([
      { lsh: 'L1', created_by: null },
      { lsh: 'L2', created_by: '李开票' },
    ]);
  });
});
