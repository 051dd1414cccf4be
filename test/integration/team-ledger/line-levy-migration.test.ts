/**
 * Team-ledger migration 0610 (line levy) against the real PostgreSQL (test/support/pg.ts): the lines written under
 * migration 0605 are kept and take their levy, policy and deduction from the request they were sent with, a
 * discount line its discounted line's; a request that is not JSON leaves them NULL. The same case as the desk's
 * SQLite 0610 step (test/integration/db/history-migrations-keep-data.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { lineLevy } from '../../../main/ledger/migrations/0610-line-levy.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const REQUEST = {
  kce: 520,
  details: [
    { fphxz: 0, spmc: '*经纪代理服务*旅游代理', je: 1050, sl: 0.06, spbm: '3040802000000000000', lslbs: '4' },
    { fphxz: 2, spmc: '*谷物*小麦', je: 109, sl: 0, spbm: '1010101020000000000', lslbs: '1', zzstsgl: '03' },
    { fphxz: 1, spmc: '*谷物*小麦', je: -9, sl: 0 },
    { fphxz: 0, spmc: '*信息技术服务*软件维护', je: 106, sl: 0.06, spbm: '3040201030000000000' },
  ],
};

describe('team ledger migration 0610: line levy', () => {
  it('keeps the lines from before and gives them the levy, policy and deduction they were sent with', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const ledger = createTeamPool(db.address, db.password);
    cleanups.push(() => ledger.end());

    await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version < lineLevy.version));
    const invoice = async (lsh: string, json: string) =>
      (
        await ledger.query<{ id: string }>(
          `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json)
           VALUES ($1, 'sandbox', '82', '91110000000000000X', '销方', '客户甲', 1256.00, 36.00, 'issued', $2) RETURNING id`,
          [lsh, json],
        )
      ).rows[0]!.id;
    const levied = await invoice('L1', JSON.stringify(REQUEST));
    const broken = await invoice('L2', '{not json');
    for (const [n, d] of REQUEST.details.entries()) {
      await ledger.query(`INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES ($1, $2, $3, $4, 1, 1, $5, $6, 0)`, [
        levied,
        n + 1,
        d.spmc,
        d.spbm ?? '',
        d.je,
        d.sl.toFixed(2),
      ]);
    }
    await ledger.query(`INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES ($1, 1, '*信息技术服务*咨询', '3040201030000000000', 1, 106, 106, '0.06', 6)`, [broken]);

    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version <= lineLevy.version))).toEqual([lineLevy.version]);
    const lines = async (id: string) =>
      (await ledger.query(`SELECT line_no, spbm, je::text AS je, lslbs, zzstsgl, kce::text AS kce FROM issued_invoice_line WHERE invoice_id = $1 ORDER BY line_no`, [id])).rows;
    expect(await lines(levied)).toEqual([
      { line_no: 1, spbm: '3040802000000000000', je: '1050.00', lslbs: '4', zzstsgl: null, kce: '520.00' },
      { line_no: 2, spbm: '1010101020000000000', je: '109.00', lslbs: '1', zzstsgl: '03', kce: null },
      { line_no: 3, spbm: '', je: '-9.00', lslbs: '1', zzstsgl: '03', kce: null },
      { line_no: 4, spbm: '3040201030000000000', je: '106.00', lslbs: null, zzstsgl: null, kce: null },
    ]);
    expect(await lines(broken)).toEqual([{ line_no: 1, spbm: '3040201030000000000', je: '106.00', lslbs: null, zzstsgl: null, kce: null }]);
    await expect(ledger.query(`UPDATE issued_invoice_line SET lslbs = '7' WHERE invoice_id = $1`, [levied])).rejects.toMatchObject({ code: '23514' });
  });
});
