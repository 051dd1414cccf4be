/** Helpers shared by the benchmarks: temp folders, timing, percentiles, the one output line. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function benchDir(name: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fapiao-bench-${name}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function timeMs(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

export const fmt = (value: number, digits = 2) => value.toFixed(digits);

/** The one line a benchmark prints: `bench NAME: ours=X baseline=Y ratio=R` (plus a note after it). */
export function report(name: string, ours: string, baseline: string, ratio: number, note = ''): void {
  process.stdout.write(`bench ${name}: ours=${ours} baseline=${baseline} ratio=${fmt(ratio)}${note ? `  (${note})` : ''}\n`);
}
