// The esbuild options of the main-process bundle, shared by scripts/build-main.mjs and the test that runs
// recognition from a bundle built exactly like the app's (test/integration/bundle/).

/** Loaded from node_modules at run time, never bundled; see scripts/build-main.mjs for why each. */
export const MAIN_EXTERNALS = ['electron', 'better-sqlite3', 'pdfjs-dist', 'zxing-wasm', '@napi-rs/canvas', 'pg'];

/** @type {import('esbuild').BuildOptions} */
export const MAIN_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 45 ships Node 22.
  target: 'node22',
  define: { 'process.env.NODE_ENV': '"production"' },
  external: MAIN_EXTERNALS,
  // One copy of @napi-rs/canvas per thread, the unpacked one pdf.js loads too (see the file).
  alias: { '@napi-rs/canvas': './scripts/napi-canvas.cjs' },
};

/** The sandbox service's entry and bundle (a separate process; protocol/sandbox-service.ts names the file). */
export const SANDBOX_BUNDLE = {
  entryPoints: ['sandbox/main.ts'],
  outfile: 'dist/sandbox/sandbox-service.cjs',
};

/** Intake's extraction pool threads (main/features/intake/extraction-pool.ts finds them next to index.cjs). */
export const EXTRACTION_WORKER_BUNDLE = {
  entryPoints: ['main/features/intake/extraction-worker.ts'],
  outfile: 'dist/main/extraction-worker.cjs',
};

/**
 * The worker threads main starts, each found next to the bundle that runs main (its `__dirname`): the
 * spreadsheet reader (libraries/sheet-import.ts), the database check (ledger/check-off-thread.ts) and intake's
 * extraction (intake/extraction-pool.ts). File names only; the folder is the bundle's.
 */
export const WORKER_BUNDLES = [
  { entry: 'main/features/libraries/sheet-worker.ts', file: 'sheet-worker.cjs' },
  { entry: 'main/ledger/check-worker.ts', file: 'ledger-check-worker.cjs' },
  { entry: EXTRACTION_WORKER_BUNDLE.entryPoints[0], file: 'extraction-worker.cjs' },
];
