// `npm run bench -- NAME…` (test/bench/run.ts; all benches when no name is given).
//
// The search bench runs from an esbuild bundle of the runner, the form the app ships its main-process
// code in (scripts/build-main.mjs: our modules in one file; packages stay outside, as better-sqlite3
// does in the app). Through tsx, which loads and links each TypeScript module on its own, the same
// searches over the same database measured 2 µs (p50) to 7 µs (p95) slower, so the bench would have
// timed the loader rather than the app. The other benches run through tsx: some start worker threads
// that are found next to their TypeScript sources.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIN_BUNDLE_OPTIONS } from './main-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLED = new Set(['search']);
const asked = process.argv.slice(2);
const bundled = asked.length === 0 ? [...BUNDLED] : asked.filter((name) => BUNDLED.has(name));
const others = asked.filter((name) => !BUNDLED.has(name));

const run = (args, env = {}) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (asked.length === 0 || others.length > 0) {
  run([path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'test/bench/run.ts', ...others], asked.length === 0 ? { BENCH_SKIP: [...BUNDLED].join(',') } : {});
}
if (bundled.length > 0) {
  const outfile = path.join(root, 'dist/bench/run.mjs');
  await build({
    ...MAIN_BUNDLE_OPTIONS,
    absWorkingDir: root,
    entryPoints: ['test/bench/run.ts'],
    outfile,
    // ESM for the runner's top-level await; every package is loaded from node_modules, as the app's externals are.
    format: 'esm',
    target: 'node24',
    packages: 'external',
    logLevel: 'warning',
  });
  run([outfile, ...bundled]);
}
