/**
 * Where pdf.js is loaded from. pdf.js is ES modules only (.mjs), and it runs in intake's worker threads
 * and in the sandbox's utility process — where Electron's ESM loader has a history of failing to read
 * an .mjs from inside app.asar. So the package is unpacked beside the archive (electron-builder.yml,
 * asarUnpack: app.asar.unpacked/node_modules/pdfjs-dist) and loaded, with its cmaps, fonts and wasm,
 * from there by plain file paths: resolved through require as usual, then `app.asar` swapped for
 * `app.asar.unpacked`. From a checkout or the harness there is no asar and nothing changes.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof PdfjsModule;

/** The same file outside the asar archive (its unpacked copy); a path with no app.asar is returned as is. */
export function outsideAsar(file: string): string {
  return file.replace(/([\\/])app\.asar(?=[\\/])/, '$1app.asar.unpacked');
}

let folder: string | undefined;
/** pdfjs-dist's package folder, outside the asar when packaged. */
export function pdfjsFolder(): string {
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  folder ??= outsideAsar(path.dirname(require.resolve('pdfjs-dist/package.json')));
  return folder;
}

let loading: Promise<Pdfjs> | undefined;
/** pdf.js's legacy build (the one that runs in Node), imported once per thread by its file URL. */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (import(pathToFileURL(path.join(pdfjsFolder(), 'legacy', 'build', 'pdf.mjs')).href) as Promise<Pdfjs>).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
