/**
 * search: p95 of 200 realistic history searches over 1,000,000 output invoices (buyer-name fragments
 * of 3+ characters through the trigram index, 2-character fragments through the LIKE fallback, invoice
 * numbers, date range + status) through createHistoryRepo().searchHistory vs the very same SQL and
 * parameters (buildHistoryQuery) run on statements prepared in advance. Ratio = ours p95 / raw p95.
 * Rows are generated inside SQLite with one INSERT … SELECT over a recursive CTE, FTS triggers active.
 */
import path from 'node:path';
import type { Statement } from 'better-sqlite3';
import { closeDatabase, openDatabase, type Db } from '../../main/db/open.js';
import { buildHistoryQuery, createHistoryRepo } from '../../main/features/history/repo.js';
import type { HistoryFilter } from '../../shared/ipc/index.js';
import { benchDir, fmt, percentile, report } from './common.js';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const SEARCHES = 200;
const CITIES = '杭州宁波温州苏州无锡南京上海北京深圳广州成都重庆武汉西安长沙合肥福州厦门济南青岛';
const CHARS = '星河云端海川恒达瑞丰金鼎华信天成鸿运博远中和新港东方明珠长江黄山泰山龙腾凤翔锦绣';
const TRADES = '科技贸易物流建材医药食品电子机械服装印务';
const GOODS = ['打印纸', '技术服务费', '热轧钢板', '货物运输', '软件维护', '集成电路', '办公家具', '咨询服务'];

/** Buyer name of row x, as SQL (so generation stays inside SQLite) and as JS (to pick search fragments). */
const NAME_SQL = `substr('${CITIES}', (x % 20) * 2 + 1, 2) || substr('${CHARS}', (x / 7) % 44 + 1, 1) || substr('${CHARS}', (x / 311) % 44 + 1, 1)
  || substr('${TRADES}', (x / 13) % 10 * 2 + 1, 2) || '有限公司'`;
function nameOf(x: number): string {
  return `${CITIES.substr((x % 20) * 2, 2)}${CHARS[Math.floor(x / 7) % 44]}${CHARS[Math.floor(x / 311) % 44]}${TRADES.substr((Math.floor(x / 13) % 10) * 2, 2)}有限公司`;
}

function generate(db: Db): void {
  db.transaction(() => {
    db.exec(`
      INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json,
                                  fpdm, fphm, kprq, created_at, updated_at)
      WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${ROWS})
      SELECT 'B' || x, CASE WHEN x % 20 = 0 THEN 'remote' ELSE 'sandbox' END, '026', '0', '91310000MA1FL8XQ5D', '上海演示科技有限公司',
             ${NAME_SQL}, '9133' || printf('%014d', x * 7919 % 100000000000000),
             printf('%d.%02d', x % 100000, x % 100), printf('%d.%02d', x % 13000, x % 100),
             CASE WHEN x % 50 = 0 THEN 'failed' WHEN x % 97 = 0 THEN 'issuing' ELSE 'issued' END, '{}',
             '0330019' || printf('%05d', x % 100000), printf('%08d', x), NULL,
             strftime('%Y-%m-%dT%H:%M:%fZ', 1672531200 + x * 63, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', 1672531200 + x * 63, 'unixepoch')
      FROM n;
      INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se)
      SELECT id, 1, CASE id % 8 ${GOODS.map((g, i) => `WHEN ${i} THEN '${g}'`).join(' ')} END, '1060201070000000000', '1', jshj, jshj, '0.13', hjse
      FROM issued_invoice;
    `);
  })();
}

function searches(): HistoryFilter[] {
  const filters: HistoryFilter[] = [];
  let seed = 12345;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  for (let i = 0; i < SEARCHES; i++) {
    const x = random(ROWS) + 1;
    const name = nameOf(x);
    const day = new Date((1672531200 + x * 63) * 1000).toISOString().slice(0, 10);
    switch (i % 5) {
      case 0: // a distinctive 3-character fragment: city's second character + the two name characters
        filters.push({ text: name.slice(1, 4), limit: 50 });
        break;
      case 1: // the name's core, 4 characters
        filters.push({ text: name.slice(2, 6), limit: 50 });
        break;
      case 2: // 2 characters: LIKE fallback
        filters.push({ text: name.slice(2, 4), limit: 50 });
        break;
      case 3: // an invoice number
        filters.push({ text: String(x).padStart(8, '0'), limit: 50 });
        break;
      default: // a month of failed invoices
        filters.push({ dateFrom: day, dateTo: new Date(Date.parse(day) + 30 * 86_400_000).toISOString().slice(0, 10), status: 'failed', limit: 50 });
    }
  }
  return filters;
}

export function benchSearch(): void {
  const { dir, remove } = benchDir('search');
  const db = openDatabase(path.join(dir, 'history.db'));
  try {
    const started = performance.now();
    generate(db);
    db.pragma('optimize');
    const generatedS = (performance.now() - started) / 1000;

    const repo = createHistoryRepo(db);
    const filters = searches();
    const queries = filters.map((filter) => buildHistoryQuery('sandbox', filter, (filter.limit ?? 50) + 1, 0));
    const rawStatements = new Map<string, Statement<Array<string | number>>>();
    for (const query of queries) if (!rawStatements.has(query.sql)) rawStatements.set(query.sql, db.prepare(query.sql));

    const oursMs: number[] = [];
    const rawMs: number[] = [];
    let found = 0;
    // Warm-up: every query once each way, so neither side pays for a cold page cache.
    filters.forEach((filter, i) => {
      repo.searchHistory('sandbox', filter);
      const q = queries[i];
      if (q) rawStatements.get(q.sql)?.all(...q.params);
    });
    filters.forEach((filter, i) => {
      const q = queries[i];
      const statement = q ? rawStatements.get(q.sql) : undefined;
      if (!q || !statement) throw new Error('query missing');
      // Alternate which side goes first so neither profits systematically from the other's caching.
      const runOurs = () => {
        const t = performance.now();
        found += repo.searchHistory('sandbox', filter).rows.length;
        oursMs.push(performance.now() - t);
      };
      const runRaw = () => {
        const t = performance.now();
        statement.all(...q.params);
        rawMs.push(performance.now() - t);
      };
      if (i % 2 === 0) {
        runOurs();
        runRaw();
      } else {
        runRaw();
        runOurs();
      }
    });
    const oursP95 = percentile(oursMs, 95);
    const rawP95 = percentile(rawMs, 95);
    report(
      'search',
      `${fmt(oursP95)} ms p95`,
      `${fmt(rawP95)} ms p95`,
      oursP95 / rawP95,
      `${ROWS} invoices, ${SEARCHES} searches, ${found} rows found; p50 ours ${fmt(percentile(oursMs, 50))} ms raw ${fmt(percentile(rawMs, 50))} ms; generated in ${fmt(generatedS, 1)} s`,
    );
  } finally {
    closeDatabase(db);
    remove();
  }
}
