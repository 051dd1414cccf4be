/**
 * stats: the period statistics' output side over a million issued invoices (2 lines each, two sellers,
 * 24 months, 7 kinds, 3 rates, blue, red and voided) — ours: the kept totals of migration 0480 read by the
 * statistics repo and turned into the figures by kind and rate (what `statistics:period` does for the
 * output side), read through the ledger port's statistics store (the SQLite adapter over that repo) —
 * against a plain `SUM … GROUP BY` of the same rows in the same run: the month's issued invoices of the seller joined to their lines, through the (environment, seller, created_at) index.
 * Both for one month and one quarter, medians of several runs each. The invoices are generated inside
 * SQLite (INSERT … SELECT) with the totals' triggers active, so the totals are built as the app builds
 * them; the history search's triggers are dropped in this bench's own file to keep generation short
 * (they do not touch the statistics).
 */
import path from 'node:path';
import Decimal from 'decimal.js';
import { closeDatabase, openDatabase } from '../../main/db/open.js';
import { outputFigures } from '../../main/features/statistics/figures.js';
import { createSqliteLedger } from '../../main/ledger/sqlite/ledger.js';
import { benchDir, fmt, percentile, report, timeMs } from './common.js';

const INVOICES = Number(process.env.BENCH_STATS_INVOICES ?? 1_000_000);
const SELLERS = ['91310000MA1FL8XQ5D', '91320100MA1W5T3K8E'];
const START = Date.UTC(2024, 11, 31, 16, 0, 0); // 2025-01-01 00:00 in China
const SPAN_MS = 730 * 86_400_000; // two years
const RUNS = 15;

export async function benchStats(): Promise<void> {
  const { dir, remove } = benchDir('stats');
  try {
    const db = openDatabase(path.join(dir, 'history.db'));
    for (const trigger of db.prepare<[], { name: string }>(`SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name NOT LIKE 'output_period_%'`).all()) {
      db.exec(`DROP TRIGGER ${trigger.name}`);
    }
    const started = performance.now();
    db.pragma('cache_size = -262144');
    db.transaction(() => {
      // created_at in UTC, kprq the same instant in China time (+0800), as the service answers it.
      db.exec(`
        INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, fphm, kprq, zflx, created_at, updated_at)
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${INVOICES}),
             t(x, ms) AS (SELECT x, ${START} + (x * ${SPAN_MS}) / ${INVOICES} FROM n)
        SELECT 'S' || x, 'sandbox', CASE x % 7 WHEN 0 THEN '004' WHEN 1 THEN '007' WHEN 2 THEN '026' WHEN 3 THEN '028' WHEN 4 THEN '81' WHEN 5 THEN '82' ELSE '025' END,
               CASE WHEN x % 41 = 0 THEN '1' ELSE '0' END, CASE WHEN x % 2 = 0 THEN '${SELLERS[0]}' ELSE '${SELLERS[1]}' END, '演示', '客户',
               printf('%s%d.%02d', CASE WHEN x % 41 = 0 THEN '-' ELSE '' END, 100 + (x % 900) * 2 + (x % 900) * 2 * 13 / 100 + (x % 900) * 2 * 6 / 100, 0),
               '0.00', CASE WHEN x % 53 = 0 THEN 'failed' ELSE 'issued' END, '{}', printf('%08d', x),
               strftime('%Y-%m-%dT%H:%M:%f', ms / 1000.0 + 8 * 3600, 'unixepoch') || '+0800',
               CASE WHEN x % 97 = 0 THEN '1' END,
               strftime('%Y-%m-%dT%H:%M:%fZ', ms / 1000.0, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', ms / 1000.0, 'unixepoch')
        FROM t;
        INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se)
        SELECT i.id, l.no, '货物', '1060201070000000000', '1', '1',
               printf('%s%d.00', CASE WHEN i.kplx = '1' THEN '-' ELSE '' END, (i.id % 900) + l.no),
               CASE l.no WHEN 1 THEN '0.13' ELSE CASE i.id % 3 WHEN 0 THEN '0.06' ELSE '0.09' END END,
               printf('%s%d.%02d', CASE WHEN i.kplx = '1' THEN '-' ELSE '' END, ((i.id % 900) + l.no) * 13 / 100, ((i.id % 900) + l.no) * 13 % 100)
        FROM issued_invoice i, (SELECT 1 AS no UNION ALL SELECT 2) l;
      `);
    })();
    const generated = (performance.now() - started) / 1000;
    const environment = 'sandbox';
    const { statistics } = createSqliteLedger(db);
    const figures = async (from: string, to: string) => outputFigures(await statistics.buckets(environment, SELLERS[0]!, from, to));
    const baseline = db.prepare<[string, string, string]>(
      `SELECT i.fplxdm, i.kplx, i.zflx IS NOT NULL AS voided, l.sl, count(*) AS lines, sum(CAST(l.je AS REAL)) AS amount, sum(CAST(l.se AS REAL)) AS tax
         FROM issued_invoice i JOIN issued_invoice_line l ON l.invoice_id = i.id
        WHERE i.environment = 'sandbox' AND i.xhdwsbh = ? AND i.status = 'issued' AND i.created_at >= ? AND i.created_at < ?
        GROUP BY i.fplxdm, i.kplx, voided, l.sl`,
    );
    const periods = [
      { name: 'month', months: ['202511', '202511'], from: '2025-10-31T16:00:00.000Z', to: '2025-11-30T16:00:00.000Z' },
      { name: 'quarter', months: ['202507', '202509'], from: '2025-06-30T16:00:00.000Z', to: '2025-09-30T16:00:00.000Z' },
    ];
    const ours: number[] = [];
    const raw: number[] = [];
    for (const period of periods) {
      // Same answer first: the lines' net tax of the period, ours against the plain sum.
      const answer = await figures(period.months[0]!, period.months[1]!);
      const plain = baseline.all(SELLERS[0]!, period.from, period.to) as Array<{ voided: number; tax: number }>;
      const plainTax = plain.filter((r) => !r.voided).reduce((sum, r) => sum.plus(new Decimal(r.tax).toDecimalPlaces(2)), new Decimal(0));
      const ourTax = answer.byRate.reduce((sum, r) => sum.plus(r.net.tax), new Decimal(0));
      if (!ourTax.equals(plainTax)) throw new Error(`${period.name}: ours ${ourTax.toFixed(2)} ≠ plain ${plainTax.toFixed(2)}`);
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await figures(period.months[0]!, period.months[1]!);
        ours.push(performance.now() - started);
        raw.push(timeMs(() => baseline.all(SELLERS[0]!, period.from, period.to)));
      }
    }
    closeDatabase(db);
    const oursMs = percentile(ours, 50);
    const rawMs = percentile(raw, 50);
    report('stats', `${fmt(oursMs, 3)} ms p50`, `${fmt(rawMs, 1)} ms p50`, oursMs / rawMs, `${INVOICES} invoices x 2 lines, 2 sellers, a month and a quarter, ${RUNS} runs each; generated in ${fmt(generated, 1)} s`);
  } finally {
    remove();
  }
}
