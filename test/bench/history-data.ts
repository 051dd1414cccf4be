/**
 * A realistic output-invoice history generated inside SQLite (one INSERT … SELECT over a recursive CTE,
 * the app's own triggers active, so the trigram and bigram indexes and the tally are built the way the
 * app builds them). Used by the search and startup benches and the 100,000-invoice e2e test.
 *
 * Buyer names: city (2 characters, 20 cities) + a core of two characters drawn from 120 (14,400 rare
 * pairs) + a trade (科技 for a third of them, 9 others) + 有限公司 (most), 集团有限公司 or 公司. So 有限,
 * 公司 and 科技 are in most names, a core pair in about 70 of a million. Tax IDs: 91 + one of 40 region
 * codes + MA + 8 characters; invoice numbers: 8 digits from 00000001; dates: one invoice every 63 s
 * from 2023-01-01 (a million span two years); 95 % sandbox, 5 % remote; 2 % failed, 1 % issuing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { latestVersion } from '../../main/db/migrate.js';
import { deskMigrations as migrations } from '../../main/ledger/migrations/index.js';
import { closeDatabase, openDatabase, type Db } from '../../main/db/open.js';

export const CITIES = '杭州宁波温州苏州无锡南京上海北京深圳广州成都重庆武汉西安长沙合肥福州厦门济南青岛';
export const CORE = '星河云端海川恒达瑞丰金鼎华信天成鸿运博远中和新港东方明珠长江黄山泰龙腾凤翔锦绣嘉禾兴盛隆昌永安顺通宏图伟业聚德润泽晨光阳光旭日立诚弘毅卓越精工智慧源泉绿洲蓝海银河宇宙万象千禧百年亿家众合汇丰富贵祥瑞吉利佳美优品尚典雅致';
export const TRADES = ['科技', '科技', '科技', '贸易', '物流', '建材', '医药', '食品', '电子', '机械', '服装', '印务'];
export const SUFFIXES = ['有限公司', '有限公司', '有限公司', '有限公司', '有限公司', '有限公司', '有限公司', '有限公司', '集团有限公司', '公司'];
export const REGIONS = Array.from({ length: 40 }, (_, i) => String(330100 + i * 101));
const CORE_LENGTH = [...CORE].length;

const sqlList = (items: readonly string[], index: string) => `(CASE ${index} ${items.map((item, i) => `WHEN ${i} THEN '${item}'`).join(' ')} END)`;

/** Buyer name of row x as SQL (the same formula as nameOf). */
const NAME_SQL = `substr('${CITIES}', (x % 20) * 2 + 1, 2)
  || substr('${CORE}', (x * 7 / 3) % ${CORE_LENGTH} + 1, 1) || substr('${CORE}', (x * 13 / 11) % ${CORE_LENGTH} + 1, 1)
  || ${sqlList(TRADES, `((x / 17) % ${TRADES.length})`)} || ${sqlList(SUFFIXES, `((x / 5) % ${SUFFIXES.length})`)}`;
const TAX_SQL = `'91' || ${sqlList(REGIONS, `(x % ${REGIONS.length})`)} || 'MA' || printf('%08X', (x * 2654435761) % 4294967296)`;
const day0 = 1672531200; // 2023-01-01T00:00:00Z

export function nameOf(x: number): string {
  const core = [...CORE];
  return (
    CITIES.substr((x % 20) * 2, 2) +
    core[Math.floor((x * 7) / 3) % CORE_LENGTH] +
    core[Math.floor((x * 13) / 11) % CORE_LENGTH] +
    TRADES[Math.floor(x / 17) % TRADES.length] +
    SUFFIXES[Math.floor(x / 5) % SUFFIXES.length]
  );
}
export const taxIdOf = (x: number) => `91${REGIONS[x % REGIONS.length]}MA${((x * 2654435761) % 4294967296).toString(16).toUpperCase().padStart(8, '0')}`;
export const numberOf = (x: number) => String(x).padStart(8, '0');
export const createdAtOf = (x: number) => new Date((day0 + x * 63) * 1000).toISOString();
export const environmentOf = (x: number) => (x % 20 === 0 ? 'remote' : 'sandbox');

/** The seller (the active enterprise) of the generated invoices. */
export const SELLER = '91310000MA1FL8XQ5D';

/**
 * Inserts rows 1..rows (ids 1..rows when the table was empty), sold by `seller`. The page cache is
 * raised for the load only (the posting table's appends touch one page per character pair).
 */
export function generateHistory(db: Db, rows: number, seller = SELLER): void {
  if (!/^[0-9A-Z]{15,20}$/.test(seller)) throw new Error(`not a tax ID: ${seller}`);
  const cache = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -262144');
  db.transaction(() => {
    db.exec(`
      INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json,
                                  fpdm, fphm, kprq, created_at, updated_at)
      WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${rows})
      SELECT 'B' || x, CASE WHEN x % 20 = 0 THEN 'remote' ELSE 'sandbox' END, CASE WHEN x % 3 = 0 THEN '004' ELSE '026' END,
             CASE WHEN x % 40 = 7 THEN '1' ELSE '0' END, '${seller}', '上海演示科技有限公司',
             ${NAME_SQL}, ${TAX_SQL},
             printf('%s%d.%02d', CASE WHEN x % 40 = 7 THEN '-' ELSE '' END, x % 100000, x % 100), printf('%d.%02d', x % 13000, x % 100),
             CASE WHEN x % 50 = 0 THEN 'failed' WHEN x % 97 = 0 THEN 'issuing' ELSE 'issued' END, '{}',
             NULL, printf('%08d', x), NULL,
             strftime('%Y-%m-%dT%H:%M:%fZ', ${day0} + x * 63, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', ${day0} + x * 63, 'unixepoch')
      FROM n;
    `);
  })();
  db.pragma(`cache_size = ${cache}`);
}

const generated = new Map<number, { file: string; seconds: number }>();

/** The newest cached file of this size under an older schema, if any. */
function olderCache(dir: string, rows: number): string | null {
  if (!fs.existsSync(dir)) return null;
  const pattern = new RegExp(`^history-${rows}-v(\\d+)-(\\d+)\\.db$`);
  const found = fs
    .readdirSync(dir)
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter((entry) => entry.match !== null && fs.existsSync(path.join(dir, `${entry.name}.seconds`)))
    .sort((a, b) => Number(b.match?.[1]) - Number(a.match?.[1]) || Number(b.match?.[2]) - Number(a.match?.[2]));
  return found[0] ? path.join(dir, found[0].name) : null;
}

/**
 * A closed database file holding `rows` generated invoices, made once per process: `npm run bench --
 * search startup` generates the million once (about 1–15 min on a busy 2-core machine). Callers copy
 * it or open it; it is removed when the process exits.
 */
export function generatedHistoryFile(rows: number): { file: string; seconds: number } {
  const known = generated.get(rows);
  if (known) return known;
  // BENCH_HISTORY_CACHE=<folder>: keep the generated file there and reuse it in later runs (one file per
  // size and schema — latest version and number of migrations; generating a million takes 4–20 min on the shared machine).
  const cacheDir = process.env.BENCH_HISTORY_CACHE;
  const schema = `v${latestVersion(migrations)}-${migrations.length}`;
  const cached = cacheDir ? path.join(cacheDir, `history-${rows}-${schema}.db`) : null;
  if (cached && fs.existsSync(cached)) {
    const made = { file: cached, seconds: Number(fs.readFileSync(`${cached}.seconds`, 'utf8')) };
    generated.set(rows, made);
    return made;
  }
  // A file generated under an older schema is brought forward by the app's own migrations, as a clerk's
  // history would be on updating, instead of generating it again.
  const older = cached ? olderCache(path.dirname(cached), rows) : null;
  if (cached && older) {
    fs.copyFileSync(older, `${cached}.part`);
    closeDatabase(openDatabase(`${cached}.part`));
    fs.renameSync(`${cached}.part`, cached);
    fs.copyFileSync(`${older}.seconds`, `${cached}.seconds`);
    return generatedHistoryFile(rows);
  }
  const dir = cacheDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-bench-history-'));
  if (!cacheDir) process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(dir, { recursive: true });
  const file = cached ? `${cached}.part` : path.join(dir, 'history.db');
  const started = performance.now();
  const db = openDatabase(file);
  generateHistory(db, rows);
  closeDatabase(db);
  const seconds = (performance.now() - started) / 1000;
  if (cached) {
    fs.renameSync(file, cached);
    fs.writeFileSync(`${cached}.seconds`, String(seconds));
  }
  const made = { file: cached ?? file, seconds };
  generated.set(rows, made);
  return made;
}
