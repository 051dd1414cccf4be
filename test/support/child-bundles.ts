/**
 * The child processes the crash, kill and team tests start — a core killed with SIGKILL and started again on
 * its data folder, many times a test — prebuilt once per run (issue 35) instead of compiled by tsx at every
 * start: a child started through `node --import tsx` took 2.8–4.2 s (2.5–3.3 s of CPU) before its first line,
 * the bundle about 1 s, measured with `core-child` on the two-core machine. vitest's globalSetup
 * (build-bundles.ts) builds them from the code under test before any test; a bench that starts them builds
 * them itself, so nothing ever runs a stale one.
 *
 * Each is an ES module bundle (the entries await at the top level) in dist/test-children/, with `require`,
 * `__filename` and `__dirname` defined as in the app's CommonJS bundle: main finds its worker threads next to
 * `__dirname` (built here too, as for dist/main) and the sandbox's bundle in dist/sandbox, as the app does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { MAIN_BUNDLE_OPTIONS, WORKER_BUNDLES } from '../../scripts/main-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'dist', 'test-children');

/** The children by name, and their entries. */
export const CHILDREN = {
  'core-child': 'test/support/core-child.ts',
  'input-core-child': 'test/support/input-core-child.ts',
  'intake-core-child': 'test/support/intake-core-child.ts',
  'backup-child': 'test/support/backup-child.ts',
  'headless-desk': 'scripts/headless-desk.ts',
} as const;
export type ChildName = keyof typeof CHILDREN;

const BANNER = [
  "import { createRequire as fapiaoCreateRequire } from 'node:module';",
  "import { fileURLToPath as fapiaoFileURLToPath } from 'node:url';",
  "import fapiaoPath from 'node:path';",
  'const require = fapiaoCreateRequire(import.meta.url);',
  'const __filename = fapiaoFileURLToPath(import.meta.url);',
  'const __dirname = fapiaoPath.dirname(__filename);',
].join(' ');

/** Builds every child and the worker threads beside them (a few seconds; esbuild, in parallel). */
export async function buildChildBundles(): Promise<void> {
  const common = { ...(MAIN_BUNDLE_OPTIONS as object), absWorkingDir: ROOT, sourcemap: true as const, logLevel: 'error' as const };
  await Promise.all([
    ...Object.entries(CHILDREN).map(([name, entry]) =>
      build({ ...common, format: 'esm', entryPoints: [entry], outfile: path.join(OUT, `${name}.mjs`), banner: { js: BANNER } }),
    ),
    ...(WORKER_BUNDLES as Array<{ entry: string; file: string }>).map(({ entry, file }) => build({ ...common, entryPoints: [entry], outfile: path.join(OUT, file) })),
  ]);
}

/** The arguments for `spawn(process.execPath, …)` that start a child: its bundle, then `args`. */
export function childArgs(name: ChildName, args: readonly string[]): string[] {
  const bundle = path.join(OUT, `${name}.mjs`);
  if (!fs.existsSync(bundle)) throw new Error(`${path.relative(ROOT, bundle)} is not built: vitest's globalSetup builds it (test/support/build-bundles.ts), a bench calls buildChildBundles() first`);
  return [bundle, ...args];
}
