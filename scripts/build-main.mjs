// Bundles the Electron main process and the preload with esbuild (run: `node scripts/build-main.mjs`).
//
// - dist/main/index.cjs: the whole main side in one CommonJS file. `electron` is provided by the
//   runtime; better-sqlite3 stays external because it loads its native .node prebuild from its own
//   package folder (unpacked from the asar, see electron-builder.yml). pdfjs-dist and zxing-wasm stay
//   external too: they find their own files (cmaps, fonts, the .wasm) next to their code, and pdfjs
//   needs import.meta.url — bundled into CommonJS it dies on load (DOMMatrix is not defined), so PDF
//   recognition would fail in the packaged app. @napi-rs/canvas (intake's page previews, and pdf.js's
//   canvas in Node) loads its native .node prebuild like better-sqlite3. pg (the team ledger's PostgreSQL client)
//   stays external so that its optional native binding (pg-native, not installed) is looked up at run time
//   instead of failing the bundle. All six are production dependencies.
// - dist/preload/index.cjs: a sandboxed preload can require only `electron` and a few Node built-ins,
//   so everything else (zod, shared/ipc) must be inside the bundle.
//
// - dist/sandbox/sandbox-service.cjs: the sandbox service (sandbox/main.ts), a separate process the app
//   starts (utilityProcess in Electron, a Node child process in the harness and tests); same externals.
//
// index.ts finds its siblings through __dirname (dist/main → ../renderer, ../preload/index.cjs), which
// is why both bundles are CommonJS and why nothing else is copied here.
import { build } from 'esbuild';
import { MAIN_BUNDLE_OPTIONS, SANDBOX_BUNDLE, WORKER_BUNDLES } from './main-bundle.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('esbuild').BuildOptions} */
const common = {
  ...MAIN_BUNDLE_OPTIONS,
  absWorkingDir: root,
  sourcemap: true,
  logLevel: 'info',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['main/electron/index.ts'],
    outfile: 'dist/main/index.cjs',
  }),
  // The worker threads (sheet reader, database check, intake's extraction), found next to index.cjs.
  ...WORKER_BUNDLES.map(({ entry, file }) => build({ ...common, entryPoints: [entry], outfile: `dist/main/${file}` })),
  build({
    ...common,
    ...SANDBOX_BUNDLE,
  }),
  build({
    ...common,
    entryPoints: ['preload/index.ts'],
    outfile: 'dist/preload/index.cjs',
    external: ['electron'],
  }),
]);
