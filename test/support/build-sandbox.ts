/**
 * vitest globalSetup: builds the sandbox service bundle (dist/sandbox/sandbox-service.cjs) once before the
 * tests, exactly as `npm run build` does, so every test that starts the app starts the sandbox process
 * from the code under test — not from a stale bundle, and without compiling TypeScript in each child.
 */
import path from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { MAIN_BUNDLE_OPTIONS, SANDBOX_BUNDLE } from '../../scripts/main-bundle.mjs';

export default async function setup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  await build({ ...(MAIN_BUNDLE_OPTIONS as object), ...(SANDBOX_BUNDLE as object), absWorkingDir: root, sourcemap: true, logLevel: 'error' });
}
