/**
 * Team-ledger migration 0520 (batches) against the real PostgreSQL (test/support/pg.ts): the rows written under
 * migration 0515 are kept; batch and batch_row take what the desk's 0150 takes and refuse what it refuses — a
 * valid row without a draft, an lsh on an invalid row, one lsh on two rows, two rows with one seq.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { batches } from '../../../main/ledger/migrations/0540-batches.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('team ledger migration 0520: batches', () => {
  it('keeps the rows from before and takes batches with the desk rules of their rows', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const ledger = createTeamPool(db.address, db.password);
    cleanups.push(() => ledger.end());

    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version < batches.version))).toEqual(pgMigrations.filter((m) => m.version < batches.version).map((m) => m.version));
    await ledger.query(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, created_by)
       VALUES ('L1', 'sandbox', '026', '91110000000000000X', '销方', '客户甲', 113.00, 13.00, 'issued', '{}', '王开票')`,
    );
    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version <= batches.version))).toEqual([batches.version]);
    expect((await ledger.query(`SELECT lsh, jshj, created_by FROM issued_invoice`)).rows).toEqual([{ lsh: 'L1', jshj: '113.00', created_by: '王开票' }]);

    const batch = (await ledger.query<{ id: string }>(`INSERT INTO batch (environment, file_name) VALUES ('sandbox', '三月.xlsx') RETURNING id`)).rows[0]!.id;
    const insert = (seq: number, valid: boolean, draft: string | null, lsh: string | null) =>
      ledger.query(`INSERT INTO batch_row (batch_id, seq, first_row, last_row, jshj, draft_json, valid, lsh) VALUES ($1, $2, 2, 2, '113.00', $3, $4, $5)`, [
        batch,
        seq,
        draft,
        valid,
        lsh,
      ]);
    await insert(1, true, '{"lines":[]}', 'L1');
    await insert(2, false, null, null);
    await expect(insert(3, true, null, null)).rejects.toMatchObject({ code: '23514' });
    await expect(insert(4, false, null, 'L9')).rejects.toMatchObject({ code: '23514' });
    await expect(insert(5, true, '{}', 'L1')).rejects.toMatchObject({ code: '23505' });
    await expect(insert(1, true, '{}', null)).rejects.toMatchObject({ code: '23505' });
    expect((await ledger.query(`SELECT seq, valid, lsh, errors_json, jshj FROM batch_row ORDER BY seq`)).rows).toEqual([
      { seq: 1, valid: true, lsh: 'L1', errors_json: '[]', jshj: '113.00' },
      { seq: 2, valid: false, lsh: null, errors_json: '[]', jshj: '113.00' },
    ]);
    // A batch goes with its rows.
    await ledger.query(`DELETE FROM batch WHERE id = $1`, [batch]);
    expect((await ledger.query(`SELECT count(*)::int AS n FROM batch_row`)).rows).toEqual([{ n: 0 }]);
  });
});
