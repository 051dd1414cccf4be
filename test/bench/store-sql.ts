/**
 * What writing a store once costs (issue 36): the template store's `byName` (main/ledger/stores/templates.ts) —
 * a Kysely statement built and compiled at each call, run through StoreSql on the desk's SQLite — against the
 * same SELECT prepared once by hand and run with better-sqlite3, on the same file with the same 1,000
 * templates. Interleaved rounds, medians of µs per call. Sizes: BENCH_STORE_SQL_CALLS (default 20,000).
 */
import path from 'node:path';
import { closeDatabase, openDatabase } from '../../main/db/open.js';
import { createSqliteLedger } from '../../main/ledger/sqlite/ledger.js';
import { benchDir, fmt, percentile, report } from './common.js';

const TEMPLATES = 1000;

export async function benchStoreSql(): Promise<void> {
  const calls = Number(process.env.BENCH_STORE_SQL_CALLS ?? 20_000);
  const { dir, remove } = benchDir('store-sql');
  const db = openDatabase(path.join(dir, 'history.db'));
  try {
    const ledger = createSqliteLedger(db);
    const scope = { enterprise: '91110108MA01ABCD2X', own: false };
    await ledger.transaction(async (tx) => {
      for (let i = 0; i < TEMPLATES; i++) {
        await tx.templates.save(scope, { name: `模板${i}`, invoiceType: '82', buyerName: `买方${i}`, content: '{}' }, '2026-11-29T08:00:00.000Z');
      }
    });
    const raw = db.prepare<[string, string], unknown>(
      `SELECT id, name, fplxdm, ghdwmc, content, used_at FROM invoice_template WHERE enterprise = ? AND name = ?`,
    );
    const ours: number[] = [];
    const baseline: number[] = [];
    const round = 1000;
    for (let done = 0; done < calls; done += round) {
      let started = performance.now();
      for (let i = 0; i < round; i++) raw.get(scope.enterprise, `模板${(done + i) % TEMPLATES}`);
      baseline.push(((performance.now() - started) * 1000) / round);
      started = performance.now();
      for (let i = 0; i < round; i++) await ledger.templates.byName(scope, `模板${(done + i) % TEMPLATES}`);
      ours.push(((performance.now() - started) * 1000) / round);
    }
    const [o, b] = [percentile(ours, 50), percentile(baseline, 50)];
    report('store-sql', `${fmt(o)} µs/call`, `${fmt(b)} µs/call`, o / b, `templates.byName over ${TEMPLATES} templates, ${calls} calls each, medians of rounds of ${round}`);
  } finally {
    closeDatabase(db);
    remove();
  }
}
