/**
 * The extraction worker's code when the app runs from its TypeScript sources (the tests, the browser
 * harness, `npm run intake`, the bench): bundled once per process with esbuild, exactly as
 * scripts/build-main.mjs bundles it for the app, into node_modules/.cache (removed when the process ends).
 * Why not tsx in the thread: a thread that loads pdf.js through tsx costs ~400 MB more and reads several
 * times slower, which would make the memory ceiling measure tsx rather than the file. Why not
 * dist/main: a bundle built before the last edit would read files with old code.
 * The packaged app never comes here (its bundle sits next to index.cjs); nor does esbuild ship in it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';

let bundled: string | null | undefined;

/** The bundle's path, or null when esbuild is not there (then the caller runs the sources through tsx). */
export function sourceWorkerBundle(): string | null {
  if (bundled !== undefined) return bundled;
  try {
    const require = createRequire(import.meta.url);
    const esbuild = require('esbuild') as typeof Esbuild;
    const options = require('../../../scripts/main-bundle.mjs') as { MAIN_BUNDLE_OPTIONS: object; EXTRACTION_WORKER_BUNDLE: { entryPoints: string[] } };
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    // Inside the repository, so the bundle's externals (pdfjs-dist, zxing-wasm…) resolve from node_modules.
    const outfile = path.join(root, 'node_modules', '.cache', 'fapiao-desk', `extraction-worker-${process.pid}.cjs`);
    esbuild.buildSync({ ...options.MAIN_BUNDLE_OPTIONS, ...options.EXTRACTION_WORKER_BUNDLE, outfile, absWorkingDir: root, logLevel: 'error' });
    process.once('exit', () => fs.rmSync(outfile, { force: true }));
    bundled = outfile;
  } catch (error) {
    console.error('[intake] bundling the extraction worker failed; its sources run through tsx', error);
    bundled = null;
  }
  return bundled;
}
