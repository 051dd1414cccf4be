// Bundles the Electron main process and the preload with esbuild (run: `node scripts/build-main.mjs`).
//
// - dist/main/index.cjs: the whole main side in one CommonJS file. `electron` is provided by the
//   runtime; better-sqlite3 stays external because it loads its native .node prebuild from its own
//   package folder (unpacked from the asar, see electron-builder.yml).
// - dist/preload/index.cjs: a sandboxed preload can require only `electron` and a few Node built-ins,
//   so everything else (zod, shared/ipc) must be inside the bundle.
//
// index.ts finds its siblings through __dirname (dist/main → ../renderer, ../preload/index.cjs), which
// is why both bundles are CommonJS and why nothing else is copied here.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('esbuild').BuildOptions} */
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 45 ships Node 22.
  target: 'node22',
  sourcemap: true,
  logLevel: 'info',
  // `process.env.NODE_ENV` is read by some dependencies to drop development-only checks.
  define: { 'process.env.NODE_ENV': '"production"' },
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['main/electron/index.ts'],
    outfile: 'dist/main/index.cjs',
    external: ['electron', 'better-sqlite3'],
  }),
  build({
    ...common,
    entryPoints: ['preload/index.ts'],
    outfile: 'dist/preload/index.cjs',
    external: ['electron'],
  }),
]);
