/**
 * team-search: the history search kinds of the `search` bench, on the team ledger — 1,000,000 output
 * invoices in PostgreSQL (the same generated history as history-data.ts: names, tax IDs, numbers, dates,
 * environments, statuses), each search the first page (15 rows) through the PostgreSQL ledger's history
 * store (`createPgLedger(pool).history.search`, the path `history:search` takes on a team desk). Baseline:
 * the true limit of one round trip, a primary-key lookup `SELECT * FROM issued_invoice WHERE id = $1` of a
 * random invoice on the same pool, interleaved with ours. ours = the worst kind's p95; ratio = ours /
 * baseline p95, taken in several rounds and the median of the rounds' ratios reported, each sample the
 * fastest of a few back-to-back runs on both sides (search-rounds.ts: why).
 *
 * The database is a fresh one of the test server (test/support/pg.ts), migrated by the team ledger's own
 * migrations; the rows are generated inside PostgreSQL by one INSERT … SELECT over generate_series, with the
 * table's secondary indexes (and the pair postings' key, migration 0605) dropped during the load and rebuilt
 * from their own definitions after it (a bulk load builds an index in one pass, where a million single GIN
 * insertions take far longer).
 * BENCH_TEAM_DB=<name> reuses a database generated before (BENCH_TEAM_KEEP=1 keeps it and prints its name);
 * the team ledger's migrations newer than it are applied first.
 *
 * The searches run as a desk runs them since pg migration 0650: connected as a desk's login (`<database>_desk`,
 * exactly a desk's rights) with an admin clerk signed in through `fapiao_sign_in`, so every connection carries
 * the session and row-level security is in force. BENCH_TEAM_SCOPED=1 signs in a clerk an admin limited to
 * the generated seller instead: the price of the enterprise policy staying in every plan.
 */
import pg from 'pg';
import type { Ledger } from '../../main/ledger/port.js';
import { createPgLedger } from '../../main/ledger/pg/ledger.js';
import { migrateTeamLedger } from '../../main/ledger/pg/migrate.js';
import { createTestDatabase, PG_ADMIN } from '../support/pg.js';
import { fmt } from './common.js';
import { CITIES, CORE, REGIONS, SELLER, SUFFIXES, TRADES } from './history-data.js';
import { searchWork } from './search-kinds.js';
import { measureRounds, reportRounds, TRIES } from './search-rounds.js';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const PER_KIND = Number(process.env.BENCH_SEARCH_PER_KIND ?? 200);
/** The grid's first page (as the search bench). */
const PAGE = 15;
/** Fewer rounds than the desk's bench: a PostgreSQL round takes about a minute. */
const TEAM_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 5);

const CORE_LENGTH = [...CORE].length;
const sqlList = (items: readonly string[], index: string) => `(CASE ${index} ${items.map((item, i) => `WHEN ${i} THEN '${item}'`).join(' ')} END)`;
/** history-data.ts's formulas in PostgreSQL (x bigint: `/` is integer division there as in SQLite). */
const NAME_SQL = `substr('${CITIES}', (x % 20)::int * 2 + 1, 2)
  || substr('${CORE}', ((x * 7 / 3) % ${CORE_LENGTH})::int + 1, 1) || substr('${CORE}', ((x * 13 / 11) % ${CORE_LENGTH})::int + 1, 1)
  || ${sqlList(TRADES, `((x / 17) % ${TRADES.length})`)} || ${sqlList(SUFFIXES, `((x / 5) % ${SUFFIXES.length})`)}`;
const TAX_SQL = `'91' || ${sqlList(REGIONS, `(x % ${REGIONS.length})`)} || 'MA' || lpad(upper(to_hex((x * 2654435761) % 4294967296)), 8, '0')`;
const DAY0 = 1672531200;

async function generate(pool: pg.Pool): Promise<number> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.tablename = 'issued_invoice' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const { indexname } of indexes.rows) await client.query(`DROP INDEX ${indexname}`);
    // The pair postings (migration 0605) are written by the invoices' trigger: their key too is built after the load.
    const postingKey = await client.query<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'issued_invoice_pair'::regclass AND contype = 'p'`,
    );
    for (const { name } of postingKey.rows) await client.query(`ALTER TABLE issued_invoice_pair DROP CONSTRAINT ${name}`);
    await client.query(`
      INSERT INTO issued_invoice (id, lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json,
                                  fpdm, fphm, kprq, created_at, updated_at)
      SELECT x, 'B' || x, CASE WHEN x % 20 = 0 THEN 'remote' ELSE 'sandbox' END, CASE WHEN x % 3 = 0 THEN '004' ELSE '026' END,
             CASE WHEN x % 40 = 7 THEN '1' ELSE '0' END, '${SELLER}', '上海演示科技有限公司', ${NAME_SQL}, ${TAX_SQL},
             ((CASE WHEN x % 40 = 7 THEN '-' ELSE '' END) || (x % 100000) || '.' || lpad((x % 100)::text, 2, '0'))::numeric,
             ((x % 13000) || '.' || lpad((x % 100)::text, 2, '0'))::numeric,
             CASE WHEN x % 50 = 0 THEN 'failed' WHEN x % 97 = 0 THEN 'issuing' ELSE 'issued' END, '{}',
             NULL, lpad(x::text, 8, '0'), NULL, to_timestamp(${DAY0} + x * 63), to_timestamp(${DAY0} + x * 63)
        FROM generate_series(1::bigint, ${ROWS}::bigint) AS x`);
    for (const { indexdef } of indexes.rows) await client.query(indexdef);
    for (const { name, definition } of postingKey.rows) await client.query(`ALTER TABLE issued_invoice_pair ADD CONSTRAINT ${name} ${definition}`);
    await client.query(`VACUUM ANALYZE issued_invoice`);
    await client.query(`VACUUM ANALYZE issued_invoice_pair`);
  } finally {
    client.release();
  }
  return (performance.now() - started) / 1000;
}


/** A database holding the generated million: the one BENCH_TEAM_DB names, or a new one. */
async function database(): Promise<{ name: string; pool: pg.Pool; generatedS: number | null; done: () => Promise<void> }> {
  const reuse = process.env.BENCH_TEAM_DB;
  if (reuse) {
    const pool = new pg.Pool({ ...PG_ADMIN, database: reuse, max: 1 });
    await migrateTeamLedger(pool);
    return { name: reuse, pool, generatedS: null, done: () => pool.end() };
  }
  const db = await createTestDatabase();
  const pool = new pg.Pool({ ...PG_ADMIN, database: db.name, max: 1 });
  await migrateTeamLedger(pool);
  const generatedS = await generate(pool);
  const keep = process.env.BENCH_TEAM_KEEP === '1';
  if (keep) process.stdout.write(`team-search: kept database ${db.name} (BENCH_TEAM_DB=${db.name} reuses it)\n`);
  return { name: db.name, pool, generatedS, done: async () => {
    await pool.end();
    if (!keep) {
      await db.drop();
      const server = new pg.Client({ ...PG_ADMIN, database: 'postgres' });
      await server.connect();
      await server.query(`DROP ROLE IF EXISTS ${db.name}_desk`).finally(() => server.end());
    }
  } };
}

const BENCH_CLERK = { name: '基准管理员', pin: '864213' };

/** The desk's login of the bench database (made once) and its ledger with a clerk signed in. */
async function deskLedger(owner: pg.Pool, name: string, scoped: boolean): Promise<{ ledger: Ledger; pool: pg.Pool }> {
  const user = `${name}_desk`;
  const password = 'bench-desk';
  if ((await owner.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [user])).rowCount === 0) {
    await owner.query(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
  }
  await owner.query(`GRANT CONNECT ON DATABASE ${name} TO ${user}`);
  await owner.query('SELECT fapiao_grant_desk($1)', [user]);
  const [clerk] = (await owner.query<{ id: number }>(`SELECT id::float8 AS id FROM clerk WHERE name = $1`, [BENCH_CLERK.name])).rows;
  const id = clerk?.id ?? (await owner.query<{ id: number }>(`SELECT fapiao_clerk_add($1, 'admin', $2)::float8 AS id`, [BENCH_CLERK.name, BENCH_CLERK.pin])).rows[0]!.id;
  await owner.query('SELECT fapiao_clerk_set_enterprises($1, $2)', [id, scoped ? [SELLER] : []]);
  await owner.query('DELETE FROM clerk_sign_in_guard');
  const pool = new pg.Pool({ ...PG_ADMIN, user, password, database: name, max: 1 });
  const ledger = createPgLedger(pool, { desk: 'bench' });
  const signedIn = await ledger.clerks.signIn(BENCH_CLERK.name, BENCH_CLERK.pin);
  if (!signedIn.ok) throw new Error(`the bench clerk could not sign in: ${signedIn.reason}`);
  return { ledger, pool };
}

export async function benchTeamSearch(): Promise<void> {
  const { name, pool: owner, generatedS, done } = await database();
  const scoped = process.env.BENCH_TEAM_SCOPED === '1';
  const desk = await deskLedger(owner, name, scoped);
  const pool = desk.pool;
  try {
    const store = desk.ledger.history;
    const work = searchWork(ROWS, PER_KIND, PAGE);
    const ours = async (item: (typeof work)[number]) => (await store.search('sandbox', SELLER, item.filter)).rows.length;
    const baseline = async (item: (typeof work)[number]) => {
      if ((await pool.query('SELECT * FROM issued_invoice WHERE id = $1', [item.x])).rowCount !== 1) throw new Error(`invoice ${item.x} missing`);
    };
    // Warm-up: every search and lookup once.
    for (const item of work) {
      await ours(item);
      await baseline(item);
    }
    const measured = await measureRounds(work, ours, baseline, TEAM_ROUNDS);
    reportRounds(
      'team-search',
      measured,
      (worst, baseP50) =>
        `${ROWS} invoices in PostgreSQL, ${PER_KIND} searches per kind and round, ${TEAM_ROUNDS} rounds, first page of ${PAGE} through the team ledger's history store as a desk's login with ${scoped ? 'a clerk limited to the seller' : 'a clerk'} signed in, fastest of ${TRIES} tries per search; worst kind: ${worst}; primary-key lookup p50 ${baseP50} ms; ${generatedS === null ? 'database reused' : `generated and indexed in ${fmt(generatedS, 1)} s`}`,
    );
  } finally {
    await desk.ledger.clerks.signOut().catch(() => undefined);
    await pool.end();
    await done();
  }
}
