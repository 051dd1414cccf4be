/**
 * Team-ledger migration 0605 (the 2-character postings, issued_invoice_pair) against the real PostgreSQL
 * (test/support/pg.ts): invoices written before it get their postings from the migration, and afterwards
 * the database keeps them equal to every invoice's pairs (`search_pairs`) whatever writes the rows —
 * inserts of one row and of many in one statement, updates that change the searched fields or not, an
 * upsert, deletes, a TRUNCATE — and nothing else is changed on the invoices.
 */
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgLedger } from '../../../main/ledger/pg/ledger.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { historyPairPostings } from '../../../main/ledger/migrations/0605-history-pair-postings.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const insert = (ledger: pg.Pool, rows: Array<{ lsh: string; buyer: string; number?: string; remark?: string }>) =>
  ledger.query(
    `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, fphm, jshj, hjse, status, request_json)
     SELECT r.lsh, 'sandbox', '026', '91110000000000000X', '销方', r.buyer, r.number, 113.00, 13.00, 'issuing', r.request
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS r(lsh, buyer, number, request)`,
    [rows.map((r) => r.lsh), rows.map((r) => r.buyer), rows.map((r) => r.number ?? null), rows.map((r) => JSON.stringify({ bz: r.remark ?? '' }))],
  );

/** The serials a pair search of the team ledger's history store finds, newest first. */
async function found(ledger: pg.Pool, text: string, dates: { dateFrom?: string; dateTo?: string } = {}): Promise<Array<string | null>> {
  const page = await createPgLedger(ledger, { desk: 'desk-1' }).history.search('sandbox', '91110000000000000X', { direction: 'output', text, ...dates });
  return page.rows.map((row) => row.serial);
}

/** The postings per invoice serial, and what they must be: each invoice's distinct pairs. */
async function postings(ledger: pg.Pool): Promise<{ kept: Record<string, string[]>; expected: Record<string, string[]> }> {
  const read = async (sql: string) =>
    Object.fromEntries((await ledger.query<{ lsh: string; pairs: string[] }>(sql)).rows.map((r) => [r.lsh, r.pairs]));
  return {
    kept: await read(`SELECT i.lsh, array_agg(p.pair ORDER BY p.pair) AS pairs FROM issued_invoice_pair p JOIN issued_invoice i ON i.id = p.invoice_id GROUP BY i.lsh`),
    expected: await read(`SELECT i.lsh, array_agg(p.pair ORDER BY p.pair) AS pairs FROM issued_invoice i CROSS JOIN LATERAL unnest(i.search_pairs) AS p(pair) GROUP BY i.lsh`),
  };
}

describe('team ledger migration 0605: the 2-character postings', () => {
  it('posts the invoices from before it, and keeps every invoice posted through inserts, updates, upserts, deletes and truncation', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const ledger = createTeamPool(db.address, db.password);
    cleanups.push(() => ledger.end());

    await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version < historyPairPostings.version));
    await insert(ledger, [
      { lsh: 'OLD1', buyer: '杭州星河科技有限公司', number: '26330001', remark: '合同 XY1' },
      { lsh: 'OLD2', buyer: 'Acme Trading 有限公司' },
    ]);
    expect(await migrateTeamLedger(ledger, pgMigrations.filter((m) => m.version <= historyPairPostings.version))).toEqual([historyPairPostings.version]);
    let state = await postings(ledger);
    expect(Object.keys(state.kept).sort()).toEqual(['OLD1', 'OLD2']);
    expect(state.kept.OLD1).toContain('星河');
    expect(state.kept.OLD2).toContain('ac');
    expect(state.kept).toEqual(state.expected);
    expect(await found(ledger, '星河')).toEqual(['OLD1']);
    expect(await found(ledger, 'AC')).toEqual(['OLD2']);
    expect(await found(ledger, '合同', { dateFrom: '2020-01-01', dateTo: '2099-12-31' })).toEqual(['OLD1']);

    // After the migration: one row, many rows in one statement.
    await insert(ledger, [{ lsh: 'NEW1', buyer: '宁波云端贸易有限公司' }]);
    await insert(ledger, [
      { lsh: 'NEW2', buyer: '温州海川物流公司', remark: '备注' },
      { lsh: 'NEW3', buyer: '星河湾物业', number: '26330003' },
    ]);
    state = await postings(ledger);
    expect(Object.keys(state.kept).sort()).toEqual(['NEW1', 'NEW2', 'NEW3', 'OLD1', 'OLD2']);
    expect(state.kept).toEqual(state.expected);

    // Issuing gives a number (new pairs); a status change alone keeps them; a renamed buyer loses the old name's pairs.
    await ledger.query(`UPDATE issued_invoice SET fphm = '99887766', status = 'issued' WHERE lsh IN ('NEW1', 'OLD2')`);
    await ledger.query(`UPDATE issued_invoice SET status = 'failed' WHERE lsh = 'NEW2'`);
    await ledger.query(`UPDATE issued_invoice SET ghdwmc = '苏州恒达电子' WHERE lsh = 'OLD1'`);
    await ledger.query(`UPDATE issued_invoice SET ghdwmc = ghdwmc WHERE lsh = 'NO SUCH'`);
    await ledger.query(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json)
       VALUES ('NEW3', 'sandbox', '026', '91110000000000000X', '销方', '上海瑞丰', 1, 0, 'issued', '{}'),
              ('NEW4', 'sandbox', '026', '91110000000000000X', '销方', '上海瑞丰', 1, 0, 'issued', '{}')
       ON CONFLICT (lsh) DO UPDATE SET ghdwmc = excluded.ghdwmc`,
    );
    state = await postings(ledger);
    expect(state.kept.NEW1).toContain('98');
    expect(state.kept.OLD1).not.toContain('星河');
    expect(state.kept.OLD1).toContain('恒达');
    expect(state.kept.NEW3).not.toContain('星河');
    expect(state.kept.NEW4).toContain('瑞丰');
    expect(state.kept).toEqual(state.expected);
    expect(await found(ledger, '星河')).toEqual([]);
    expect(await found(ledger, '恒达')).toEqual(['OLD1']);
    expect(await found(ledger, '瑞丰')).toEqual(['NEW4', 'NEW3']);
    expect(await found(ledger, '98')).toEqual(['NEW1', 'OLD2']);

    await ledger.query(`DELETE FROM issued_invoice WHERE lsh IN ('NEW2', 'OLD2')`);
    state = await postings(ledger);
    expect(Object.keys(state.kept).sort()).toEqual(['NEW1', 'NEW3', 'NEW4', 'OLD1']);
    expect(state.kept).toEqual(state.expected);
    expect((await ledger.query(`SELECT count(*)::int AS n FROM issued_invoice_pair p WHERE NOT EXISTS (SELECT 1 FROM issued_invoice i WHERE i.id = p.invoice_id)`)).rows).toEqual([{ n: 0 }]);

    await ledger.query(`TRUNCATE issued_invoice CASCADE`);
    expect((await ledger.query(`SELECT count(*)::int AS n FROM issued_invoice_pair`)).rows).toEqual([{ n: 0 }]);
    await insert(ledger, [{ lsh: 'AGAIN', buyer: '星河科技' }]);
    state = await postings(ledger);
    expect(Object.keys(state.kept)).toEqual(['AGAIN']);
    expect(state.kept).toEqual(state.expected);
  });
});
