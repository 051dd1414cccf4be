/**
 * stats: the period statistics' output side over a million issued invoices (2 lines each, two sellers,
 * 24 months, 7 kinds, 4 rates, goods and services, 1 line in 20 at the 3 % simplified levy, blue, red and
 * voided) — ours: the kept totals of migration 0620 read by the statistics repo and turned into the figures
 * by kind and rate (what `statistics:period` does for the output side), read through the ledger port's
 * statistics store (the SQLite adapter over that repo) — against a plain `SUM … GROUP BY` of the same rows
 * answering the same buckets in the same run: the month's issued invoices of the seller joined to their
 * lines (and a discount line to the line above it), through the (environment, seller, created_at) index,
 * summing je − se by rate, levy, class and refund policy.
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
        INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se, lslbs)
        SELECT i.id, l.no, '货物', CASE WHEN l.no = 2 AND i.id % 2 = 0 THEN '3040201030000000000' ELSE '1060201070000000000' END, '1', '1',
               printf('%s%d.00', CASE WHEN i.kplx = '1' THEN '-' ELSE '' END, (i.id % 900) + l.no),
               CASE WHEN l.no = 1 THEN '0.13' WHEN i.id % 10 = 1 THEN '0.03' WHEN i.id % 3 = 0 THEN '0.06' ELSE '0.09' END,
               printf('%s%d.%02d', CASE WHEN i.kplx = '1' THEN '-' ELSE '' END, ((i.id % 900) + l.no) * 13 / 100, ((i.id % 900) + l.no) * 13 % 100),
               CASE WHEN l.no = 2 AND i.id % 10 = 1 THEN '5' END
        FROM issued_invoice i, (SELECT 1 AS no UNION ALL SELECT 2) l;
      `);
    })();
    const generated = (performance.now() - started) / 1000;
    const environment = 'sandbox';
    const { statistics } = createSqliteLedger(db);
    const figures = async (from: string, to: string) => outputFigures(await statistics.buckets(environment, SELLERS[0]!, from, to));
    const baseline = db.prepare<[string, string, string]>(
      `SELECT i.fplxdm, i.kplx, i.zflx IS NOT NULL AS voided, l.sl, ifnull(l.lslbs, '') AS levy,
              CASE WHEN l.spbm <> '' THEN substr(l.spbm, 1, 1) ELSE ifnull(substr(p.spbm, 1, 1), '') END AS category,
              l.zzstsgl IN ('05', '06', '07', '11', '12', '13', '14', '15', '16', '17', '18') AS refund,
              count(*) AS lines, sum(CAST(l.je AS REAL) - CAST(l.se AS REAL)) AS amount, sum(CAST(l.se AS REAL)) AS tax, sum(ifnull(CAST(l.kce AS REAL), 0)) AS deduction
         FROM issued_invoice i JOIN issued_invoice_line l ON l.invoice_id = i.id
         LEFT JOIN issued_invoice_line p ON l.spbm = '' AND p.invoice_id = l.invoice_id AND p.line_no = l.line_no - 1
        WHERE i.environment = 'sandbox' AND i.xhdwsbh = ? AND i.status = 'issued' AND i.created_at >= ? AND i.created_at < ?
        GROUP BY i.fplxdm, i.kplx, voided, l.sl, levy, category, refund`,
    );
    const periods = [
      { name: 'month', months: ['202511', '202511'], from: '2025-10-31T16:00:00.000Z', to: '2025-11-30T16:00:00.000Z' },
      { name: 'quarter', months: ['202507', '202509'], from: '2025-06-30T16:00:00.000Z', to: '2025-09-30T16:00:00.000Z' },
    ];
    const ours: number[] = [];
    const raw: number[] = [];
    for (const period of periods) {
      // Same answer first: the line buckets, not voided, ours against the plain sum — as many, with the same
      // net sales before tax and tax.
      const kept = (await statistics.buckets(environment, SELLERS[0]!, period.months[0]!, period.months[1]!)).filter((b) => b.rate !== '' && !b.voided);
      const plain = (baseline.all(SELLERS[0]!, period.from, period.to) as Array<{ voided: number; amount: number; tax: number }>).filter((r) => !r.voided);
      const yuan = (rows: Array<{ amount: number; tax: number }>) =>
        rows.reduce((sum, r) => [sum[0]!.plus(new Decimal(r.amount).toDecimalPlaces(2)), sum[1]!.plus(new Decimal(r.tax).toDecimalPlaces(2))], [new Decimal(0), new Decimal(0)]).map((d) => d.toFixed(2)).join(' / ');
      const ourSums = yuan(kept.map((b) => ({ amount: b.amountFen / 100, tax: b.taxFen / 100 })));
      if (kept.length !== plain.length || ourSums !== yuan(plain)) throw new Error(`${period.name}: ours ${kept.length} buckets ${ourSums} ≠ plain ${plain.length} buckets ${yuan(plain)}`);
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
