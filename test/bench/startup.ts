/**
 * startup: how long the app takes to open with the history usable — createCore (database open and
 * migration check, embedded sandbox, features, outbox resume) and then the history's first page and its
 * count through the IPC router, as the window asks for them — over a data folder holding 1,000,000
 * output invoices (ours) vs an empty data folder (baseline). Each side opened once to warm up (the
 * sandbox creates its own state the first time), then 5 times each, alternating; medians. The database
 * file is in the OS page cache on both sides (the machine cannot drop caches).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCore, HISTORY_DB_FILE } from '../../main/core.js';
import { createTestCipher } from '../support/test-cipher.js';
import { benchDir, fmt, percentile, report } from './common.js';
import { generatedHistoryFile } from './history-data.js';

const ROWS = Number(process.env.BENCH_STARTUP_ROWS ?? 1_000_000);
const RUNS = 5;

async function openOnce(dataDir: string): Promise<number> {
  const started = performance.now();
  const core = await createCore({ dataDir, appVersion: 'bench' }, { cipher: createTestCipher() });
  const page = await core.router.dispatch('history:search', { direction: 'output', limit: 50 });
  const count = await core.router.dispatch('history:count', {});
  const elapsed = performance.now() - started;
  await core.close();
  if (!page.ok || !count.ok) throw new Error('history not usable');
  return elapsed;
}

export async function benchStartup(): Promise<void> {
  const big = benchDir('startup-1m');
  const empty = benchDir('startup-empty');
  try {
    const { file, seconds: generatedS } = generatedHistoryFile(ROWS);
    fs.copyFileSync(file, path.join(big.dir, HISTORY_DB_FILE));
    await openOnce(big.dir);
    await openOnce(empty.dir);
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        ours.push(await openOnce(big.dir));
        baseline.push(await openOnce(empty.dir));
      } else {
        baseline.push(await openOnce(empty.dir));
        ours.push(await openOnce(big.dir));
      }
    }
    const o = percentile(ours, 50);
    const b = percentile(baseline, 50);
    report('startup', `${fmt(o, 1)} ms`, `${fmt(b, 1)} ms`, o / b, `${ROWS} invoices vs empty, medians of ${RUNS}; open + first history page + count; generated in ${fmt(generatedS, 1)} s`);
  } finally {
    big.remove();
    empty.remove();
  }
}
