/**
 * vitest globalSetup: builds what tests start as processes from the code under test, once before the tests —
 * the sandbox service bundle (dist/sandbox/sandbox-service.cjs), exactly as `npm run build` does, and the
 * crash and team tests' child processes (child-bundles.ts) — so no test starts a stale bundle and no child
 * compiles TypeScript when it starts. The app's own builds (the page the e2e tests drive) are rebuilt first
 * when a source is newer (fresh-dist.ts).
 */
import path from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { MAIN_BUNDLE_OPTIONS, SANDBOX_BUNDLE } from '../../scripts/main-bundle.mjs';
import { buildChildBundles } from './child-bundles.js';
import { freshenDist } from './fresh-dist.js';

export default async function setup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  for (const line of freshenDist(root)) process.stdout.write(`${line}\n`);
  await Promise.all([
    build({ ...(MAIN_BUNDLE_OPTIONS as object), ...(SANDBOX_BUNDLE as object), absWorkingDir: root, sourcemap: true, logLevel: 'error' }),
    buildChildBundles(),
  ]);
}
