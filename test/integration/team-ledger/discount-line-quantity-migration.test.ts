/**
 * Team-ledger migration 0615 (a discount line's quantity and unit price may be absent) against the real
 * PostgreSQL (test/support/pg.ts): the lines written under migration 0610 are kept as they were, and a line
 * without quantity and unit price — a discount line as the desk sends it — is taken afterwards, where it was
 * refused before. How the issuance store writes and reads it: test/integration/ledger-contract/issued.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { discountLineQuantity } from '../../../main/ledger/migrations/0615-discount-line-quantity.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('team ledger migration 0615: discount line quantity', () => {
  it('keeps the lines from before and takes a line without quantity and unit price', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const ledger = createTeamPool(db.address, db.password);
    cleanups.push(() => ledger.end());

    await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version < discountLineQuantity.version));
    const id = (
      await ledger.query<{ id: string }>(
        `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json)
         VALUES ('L1', 'sandbox', '82', '91110000000000000X', '销方', '客户甲', 95.40, 5.40, 'issued', '{}') RETURNING id`,
      )
    ).rows[0]!.id;
    const line = (no: number, spsl: string | null, dj: string | null, je: string, se: string) =>
      ledger.query(`INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES ($1, $2, '*信息技术服务*软件维护', $3, $4, $5, $6, '0.06', $7)`, [
        id, no, spsl === null ? '' : '3040201030000000000', spsl, dj, je, se,
      ]);
    await line(1, '1', '106', '106.00', '6.00');
    await expect(line(2, null, null, '-10.60', '-0.60')).rejects.toMatchObject({ code: '23502' });

    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version <= discountLineQuantity.version))).toEqual([discountLineQuantity.version]);
    await line(2, null, null, '-10.60', '-0.60');
    const lines = await ledger.query(`SELECT line_no, spbm, spsl::text AS spsl, dj::text AS dj, je::text AS je, se::text AS se FROM issued_invoice_line WHERE invoice_id = $1 ORDER BY line_no`, [id]);
    expect(lines.rows).toEqual([
      { line_no: 1, spbm: '3040201030000000000', spsl: '1', dj: '106', je: '106.00', se: '6.00' },
      { line_no: 2, spbm: '', spsl: null, dj: null, je: '-10.60', se: '-0.60' },
    ]);
  });
});
