/**
 * The team ledger's foundations against a real PostgreSQL (test/support/pg.ts): the numbered migrations
 * create the shared tables (money exact in NUMERIC, fragments searched through pg_trgm GIN indexes), run
 * once however often a desk starts, and a newer schema is refused; 测试连接 names each failure a clerk
 * can meet — unreachable, TLS refused, CA file unreadable, wrong password, database missing, role without
 * rights, schema newer than this desk.
 */
import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testTeamConnection } from '../../../main/ledger/pg/connection-test.js';
import { checkSchemaVersion, latestPgVersion, migrateTeamLedger, TeamSchemaNewerError } from '../../../main/ledger/pg/migrate.js';
import { teamMigrations as pgMigrations } from '../../../main/ledger/migrations/index.js';
import { createTeamPool, TEAM_POOL_SIZE } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  return db;
}

function pool(db: TestDatabase): pg.Pool {
  const created = createTeamPool(db.address, db.password);
  cleanups.push(() => created.end());
  return created;
}

/** A TCP port nothing listens on (taken from the OS, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('team ledger migrations on PostgreSQL', () => {
  it('creates the shared tables once, keeps money exact and finds fragments through the trigram indexes', async () => {
    const db = await database();
    const ledger = pool(db);
    expect(ledger.options.max).toBe(TEAM_POOL_SIZE);
    expect(await migrateTeamLedger(ledger)).toEqual(pgMigrations.map((m) => m.version));
    // A second desk starting later (or the same one restarting) applies nothing.
    expect(await migrateTeamLedger(ledger)).toEqual([]);
    expect(await checkSchemaVersion(ledger)).toBe(latestPgVersion());

    const tables = await ledger.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['schema_version', 'issued_invoice', 'issued_invoice_line', 'outbox', 'red_letter_form', 'red_reversal', 'print_job', 'printer_calibration', 'received_invoice', 'verification', 'collected_invoice', 'collection_run', 'certification_batch', 'certification_item', 'customer', 'product', 'invoice_template', 'issuance_draft', 'enterprise', 'audit_event']),
    );
    const types = await ledger.query<{ column_name: string; data_type: string; numeric_scale: number | null }>(
      `SELECT column_name, data_type, numeric_scale FROM information_schema.columns WHERE table_name = 'issued_invoice' AND column_name IN ('jshj', 'created_at')`,
    );
    expect(Object.fromEntries(types.rows.map((row) => [row.column_name, [row.data_type, row.numeric_scale]]))).toEqual({
      jshj: ['numeric', 2],
      created_at: ['timestamp with time zone', null],
    });

    // 300 invoices; money sums exactly (0.10 × 300 = 30.00, no binary fractions).
    await ledger.query(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, fphm)
       SELECT 'LSH' || i, 'sandbox', '026', '91110000000000000X', '销方', CASE WHEN i = 77 THEN '杭州云栖算力科技有限公司' ELSE '客户' || i END,
              '9133' || lpad(i::text, 14, '0'), 0.10, 0.01, 'issued', '{}', lpad(i::text, 8, '0')
         FROM generate_series(1, 300) AS i`,
    );
    const total = await ledger.query<{ total: string }>(`SELECT sum(jshj) AS total FROM issued_invoice`);
    expect(total.rows[0]?.total).toBe('30.00');

    const client = await ledger.connect();
    try {
      await client.query('ANALYZE issued_invoice');
      // Forbid the sequential scan so the plan shows whether the trigram index can answer the fragment.
      await client.query('SET enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM issued_invoice WHERE ghdwmc ILIKE '%云栖算力%'`);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('issued_invoice_buyer_trgm');
      const found = await client.query<{ lsh: string }>(`SELECT lsh FROM issued_invoice WHERE ghdwmc ILIKE '%云栖算力%'`);
      expect(found.rows).toEqual([{ lsh: 'LSH77' }]);
    } finally {
      client.release();
    }
  });

  it('renumbers a ledger made before the one list of migrations once, and applies exactly what it lacked', async () => {
    // The team's migrations as they were numbered before the one list (1, 2, 3…), in their order.
    const legacy = ['shared-ledger', 'input-and-libraries', 'history-trigram-search', 'history-fragment-search', 'history-date-bounds',
      'issued-invoice-voiding', 'clerks', 'certification-item-optional-valid-tax', 'output-month', 'issuance-draft-total-text',
      'received-one-original', 'batches', 'draft-review', 'history-pair-postings', 'line-levy', 'discount-line-quantity', 'database-rights'];
    const db = await database();
    const ledger = pool(db);
    // A ledger an older desk took to its migration 0540: the same tables, its rows numbered 1…12.
    const upTo12 = pgMigrations.filter((m) => legacy.indexOf(m.name) >= 0 && legacy.indexOf(m.name) < 12);
    expect(upTo12.map((m) => m.name)).toEqual(legacy.slice(0, 12));
    await migrateTeamLedger(ledger, upTo12);
    await ledger.query(`DELETE FROM schema_version`);
    for (const [index, name] of legacy.slice(0, 12).entries()) await ledger.query(`INSERT INTO schema_version (version, name) VALUES ($1, $2)`, [index + 1, name]);

    const applied = await migrateTeamLedger(ledger);
    expect(applied).toEqual(pgMigrations.filter((m) => !legacy.slice(0, 12).includes(m.name)).map((m) => m.version));
    const rows = (await ledger.query<{ version: number; name: string }>(`SELECT version, name FROM schema_version ORDER BY version`)).rows;
    expect(rows).toEqual(pgMigrations.map((m) => ({ version: m.version, name: m.name })));
    expect(await migrateTeamLedger(ledger)).toEqual([]);
  });

  it('refuses a schema newer than this desk, without touching it', async () => {
    const db = await database();
    const ledger = pool(db);
    await migrateTeamLedger(ledger);
    await ledger.query(`INSERT INTO schema_version (version, name) VALUES (9999, 'from-a-newer-desk')`);
    await expect(migrateTeamLedger(ledger)).rejects.toBeInstanceOf(TeamSchemaNewerError);
    expect((await ledger.query(`SELECT max(version) AS v FROM schema_version`)).rows[0]).toEqual({ v: 9999 });

    const result = await testTeamConnection(db.address, db.password);
    expect(result).toMatchObject({ ok: false, key: 'schemaNewer', params: { found: 9999, code: latestPgVersion() } });
  });
});

describe('测试连接 for the team ledger', () => {
  it('signs in: an empty database says so, a migrated one reports its schema', async () => {
    const db = await database();
    const empty = await testTeamConnection(db.address, db.password);
    expect(empty).toMatchObject({ ok: true, key: 'empty', schemaVersion: null });
    expect(empty.serverVersion).toMatch(/^\d+/);
    await migrateTeamLedger(pool(db));
    expect(await testTeamConnection(db.address, db.password)).toMatchObject({ ok: true, key: 'ok', schemaVersion: latestPgVersion() });
  });

  it('names each failure: unreachable, TLS refused, CA file unreadable, wrong password, database missing', async () => {
    const db = await database();
    const at = db.address;
    expect(await testTeamConnection({ ...at, port: await closedPort() }, db.password)).toMatchObject({ ok: false, key: 'unreachable', params: { reason: 'ECONNREFUSED' } });
    // This machine's server runs without TLS (ssl = off): a desk that requires TLS is refused by it.
    expect(await testTeamConnection({ ...at, tls: 'require' }, db.password)).toMatchObject({ ok: false, key: 'tlsRefused' });
    const missingCa = path.join('/nonexistent', 'team-ca.pem');
    expect(await testTeamConnection({ ...at, tls: 'verify-full', caFile: missingCa }, db.password)).toMatchObject({ ok: false, key: 'caFileUnreadable', params: { file: missingCa } });
    expect(await testTeamConnection(at, `${db.password}-wrong`)).toMatchObject({ ok: false, key: 'wrongPassword' });
    expect(await testTeamConnection({ ...at, database: `${db.name}_missing` }, db.password)).toMatchObject({ ok: false, key: 'databaseMissing' });
  });

  it('says when the role lacks rights: no right to connect, or none on the ledger tables', async () => {
    const db = await database();
    await migrateTeamLedger(pool(db));
    const clerk = await db.createRole();
    const asClerk = { ...db.address, user: clerk.user };

    const noTables = await testTeamConnection(asClerk, clerk.password);
    expect(noTables).toMatchObject({ ok: false, key: 'noRights' });
    expect(String(noTables.params.tables)).toContain('outbox');

    await db.exec(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${clerk.user}`);
    expect(await testTeamConnection(asClerk, clerk.password)).toMatchObject({ ok: true, key: 'ok' });

    await db.exec(`REVOKE CONNECT ON DATABASE ${db.name} FROM PUBLIC`);
    expect(await testTeamConnection(asClerk, clerk.password)).toMatchObject({ ok: false, key: 'noRights' });
  });
});
