/**
 * team-search: the history search kinds of the `search` bench, on the team ledger — 1,000,000 output
 * invoices in PostgreSQL (the same generated history as history-data.ts: names, tax IDs, numbers, dates,
 * environments, statuses), each search the first page (15 rows) through createTeamHistorySearch(pool).page,
 * the path the team ledger's history will take. Baseline: the true limit of one round trip, a primary-key
 * lookup `SELECT * FROM issued_invoice WHERE id = $1` of a random invoice on the same connection, measured
 * interleaved with ours in the same run. ours = the worst kind's p95; ratio = ours / baseline p95. Each
 * sample is the fastest of 3 back-to-back runs, on both sides (as the search bench: a shared 2-core host).
 *
 * The database is a fresh one of the test server (test/support/pg.ts), migrated by the team ledger's own
 * migrations; the rows are generated inside PostgreSQL by one INSERT … SELECT over generate_series, with the
 * table's secondary indexes dropped during the load and rebuilt from their own definitions after it (a
 * bulk load builds an index in one pass, where a million single GIN insertions take far longer).
 * BENCH_TEAM_DB=<name> reuses a database generated before (BENCH_TEAM_KEEP=1 keeps it and prints its name).
 */
import pg from 'pg';
import { createTeamHistorySearch } from '../../main/ledger/pg/history-search.js';
import { migrateTeamLedger } from '../../main/ledger/pg/migrate.js';
import { createTestDatabase, PG_ADMIN } from '../support/pg.js';
import { fmt, percentile, report } from './common.js';
import { CITIES, CORE, REGIONS, SELLER, SUFFIXES, TRADES } from './history-data.js';
import { type Kind, KINDS, searchWork } from './search-kinds.js';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const PER_KIND = Number(process.env.BENCH_SEARCH_PER_KIND ?? 200);
/** The grid's first page (as the search bench). */
const PAGE = 15;
const TRIES = 3;
const fastest = async (run: () => Promise<void>) => {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIES; i++) {
    const t = performance.now();
    await run();
    best = Math.min(best, performance.now() - t);
  }
  return best;
};

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
    await client.query(`VACUUM ANALYZE issued_invoice`);
  } finally {
    client.release();
  }
  return (performance.now() - started) / 1000;
}


/** A database holding the generated million: the one BENCH_TEAM_DB names, or a new one. */
async function database(): Promise<{ pool: pg.Pool; generatedS: number | null; done: () => Promise<void> }> {
  const reuse = process.env.BENCH_TEAM_DB;
  if (reuse) {
    const pool = new pg.Pool({ ...PG_ADMIN, database: reuse, max: 1 });
    return { pool, generatedS: null, done: () => pool.end() };
  }
  const db = await createTestDatabase();
  const pool = new pg.Pool({ ...PG_ADMIN, database: db.name, max: 1 });
  await migrateTeamLedger(pool);
  const generatedS = await generate(pool);
  const keep = process.env.BENCH_TEAM_KEEP === '1';
  if (keep) process.stdout.write(`team-search: kept database ${db.name} (BENCH_TEAM_DB=${db.name} reuses it)\n`);
  return { pool, generatedS, done: async () => {
    await pool.end();
    if (!keep) await db.drop();
  } };
}

export async function benchTeamSearch(): Promise<void> {
  const { pool, generatedS, done } = await database();
  try {
    const search = createTeamHistorySearch(() => pool);
    const work = searchWork(ROWS, PER_KIND, PAGE);
    const lookup = async (x: number) => {
      if ((await pool.query('SELECT * FROM issued_invoice WHERE id = $1', [x])).rowCount !== 1) throw new Error(`invoice ${x} missing`);
    };
    // Warm-up: every search and lookup once.
    for (const item of work) {
      await search.page('sandbox', SELLER, item.filter);
      await lookup(item.x);
    }
    const ours = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
    const found = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
    const baseline: number[] = [];
    for (const [i, item] of work.entries()) {
      const runOurs = async () => {
        let rows = 0;
        ours.get(item.kind)?.push(await fastest(async () => void (rows = (await search.page('sandbox', SELLER, item.filter)).rows.length)));
        found.set(item.kind, (found.get(item.kind) ?? 0) + rows);
      };
      const runBaseline = async () => void baseline.push(await fastest(() => lookup(item.x)));
      for (const run of i % 2 === 0 ? [runOurs, runBaseline] : [runBaseline, runOurs]) await run();
    }

    const p95s = KINDS.map((kind) => ({ kind, p50: percentile(ours.get(kind) ?? [], 50), p95: percentile(ours.get(kind) ?? [], 95) }));
    const worst = p95s.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const baseP95 = percentile(baseline, 95);
    report(
      'team-search',
      `${fmt(worst.p95, 3)} ms p95`,
      `${fmt(baseP95, 3)} ms p95`,
      worst.p95 / baseP95,
      `${ROWS} invoices in PostgreSQL, ${PER_KIND} searches per kind, first page of ${PAGE}, fastest of ${TRIES} tries per search; worst kind: ${worst.kind}; primary-key lookup p50 ${fmt(percentile(baseline, 50), 3)} ms; ${generatedS === null ? 'database reused' : `generated and indexed in ${fmt(generatedS, 1)} s`}`,
    );
    for (const { kind, p50, p95 } of p95s) {
      process.stdout.write(
        `  team-search ${kind}: p50=${fmt(p50, 3)} ms p95=${fmt(p95, 3)} ms ratio=${fmt(p95 / baseP95)} rows/page=${fmt((found.get(kind) ?? 0) / PER_KIND, 1)}\n`,
      );
    }
  } finally {
    await done();
  }
}
