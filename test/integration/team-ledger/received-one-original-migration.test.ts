/**
 * Team-ledger migration 0530 (one original per received invoice) against the real PostgreSQL
 * (test/support/pg.ts), as the desk's 0530: rows written under migration 0500 are kept with their values; the
 * first original of each key holds it in `original_key`, a later original held before and every duplicate
 * hold none; afterwards a second original of a key is refused (23505) and a duplicate linked to it is not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { receivedOneOriginal } from '../../../main/ledger/migrations/0530-received-one-original.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const KEY = '01:3100231130:00053000';

describe('team ledger migration 0530: one original per received invoice', () => {
  it('keeps the rows from before as they were and refuses a second original afterwards', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const ledger = createTeamPool(db.address, db.password);
    cleanups.push(() => ledger.end());
    await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version < receivedOneOriginal.version));

    const insert = async (hash: string, duplicateOf: number | null, environment = 'sandbox') =>
      (
        await ledger.query<{ id: number }>(
          `INSERT INTO received_invoice (environment, enterprise, file_hash, file_type, source, fphm, jshj, data_json, status, invoice_key, duplicate_of)
           VALUES ($1, '91310000MA1FL8XQ5D', $2, 'pdf', 'qr', '00053000', 113.00, '{}', 'reviewed', $3, $4) RETURNING id::float8 AS id`,
          [environment, hash, KEY, duplicateOf],
        )
      ).rows[0]!.id;
    const first = await insert('c1', null);
    const later = await insert('c2', null);
    const duplicate = await insert('c3', first);

    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version <= receivedOneOriginal.version))).toEqual([receivedOneOriginal.version]);
    const rows = await ledger.query(`SELECT id::float8 AS id, duplicate_of::float8 AS duplicate_of, original_key, jshj FROM received_invoice ORDER BY id`);
    expect(rows.rows).toEqual([
      { id: first, duplicate_of: null, original_key: KEY, jshj: '113.00' },
      { id: later, duplicate_of: null, original_key: null, jshj: '113.00' },
      { id: duplicate, duplicate_of: first, original_key: null, jshj: '113.00' },
    ]);

    const original = (hash: string, environment = 'sandbox') =>
      ledger.query(
        `INSERT INTO received_invoice (environment, file_hash, file_type, source, data_json, status, invoice_key, original_key) VALUES ($1, $2, 'pdf', 'qr', '{}', 'recognised', $3, $3)`,
        [environment, hash, KEY],
      );
    await expect(original('c4')).rejects.toMatchObject({ code: '23505', constraint: 'received_invoice_one_original' });
    await original('c5', 'remote');
    await insert('c6', first);
    expect((await ledger.query(`SELECT count(*)::int AS n FROM received_invoice`)).rows[0]).toEqual({ n: 5 });
  });
});
