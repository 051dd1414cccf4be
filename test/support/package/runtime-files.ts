/**
 * The manifest of every file the packaged app loads at run time, beside its bundles: where it must be in
 * a package (inside app.asar, unpacked beside it, or in resources/) and why. The packaging test checks
 * each package against it; a new file the code reads at run time is added here, or the test cannot know.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SHIPPED_TABLE } from '../../../main/features/tax-codes/table-store.js';
import { SANDBOX_BUNDLE_FILE } from '../../../protocol/sandbox-service.js';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { canvasPackage, sqlitePrebuild } from '../../../scripts/natives.mjs';

/** asar: inside app.asar; unpacked: in app.asar.unpacked (native code, pdf.js); resources: beside them. */
export type Place = 'asar' | 'unpacked' | 'resources';
export interface RuntimeFile {
  place: Place;
  /** Relative to the app root (asar, unpacked) or to resources/. */
  file: string;
  why: string;
}
/** A folder whose every file in the checkout must be in the package at the same place. */
export interface RuntimeFolder {
  place: Place;
  folder: string;
  why: string;
}

export const RUNTIME_FILES: RuntimeFile[] = [
  { place: 'asar', file: 'package.json', why: 'Electron reads "main" from it' },
  { place: 'asar', file: 'dist/main/index.cjs', why: 'the main process' },
  { place: 'asar', file: 'dist/main/extraction-worker.cjs', why: "intake's extraction pool threads" },
  { place: 'asar', file: 'dist/main/sheet-worker.cjs', why: 'the spreadsheet reader thread' },
  { place: 'asar', file: 'dist/main/ledger-check-worker.cjs', why: "the ledger's database check thread" },
  { place: 'asar', file: 'dist/preload/index.cjs', why: 'the preload' },
  { place: 'asar', file: 'dist/renderer/index.html', why: 'the renderer' },
  { place: 'asar', file: `dist/sandbox/${SANDBOX_BUNDLE_FILE}`, why: 'the sandbox service process' },
  { place: 'unpacked', file: 'node_modules/pdfjs-dist/legacy/build/pdf.mjs', why: 'pdf.js (ESM, loaded outside the asar)' },
  { place: 'unpacked', file: 'node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs', why: "pdf.js's fake worker, imported by pdf.mjs" },
  { place: 'asar', file: 'node_modules/zxing-wasm/dist/cjs/reader/index.js', why: 'the QR reader (CommonJS build)' },
  { place: 'asar', file: 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm', why: "the QR reader's wasm (extraction/qr.ts)" },
  { place: 'asar', file: 'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', why: 'the print font and the previews' },
  { place: 'asar', file: 'node_modules/@expo-google-fonts/noto-sans-sc/LICENSE_FONT', why: "the font's licence" },
  { place: 'asar', file: 'node_modules/better-sqlite3/lib/index.js', why: 'the history database' },
  { place: 'asar', file: 'node_modules/@napi-rs/canvas/index.js', why: 'page previews and pdf.js drawing' },
  { place: 'asar', file: 'node_modules/pngjs/package.json', why: 'PNG decoding on the extraction threads' },
  { place: 'asar', file: 'node_modules/jpeg-js/package.json', why: 'JPEG decoding on the extraction threads' },
  { place: 'resources', file: SHIPPED_TABLE.file, why: 'the shipped tax-code table' },
];

export const RUNTIME_FOLDERS: RuntimeFolder[] = [
  { place: 'unpacked', folder: 'node_modules/pdfjs-dist/cmaps', why: "pdf.js's CMaps (Chinese text layers)" },
  { place: 'unpacked', folder: 'node_modules/pdfjs-dist/standard_fonts', why: "pdf.js's standard fonts" },
  { place: 'unpacked', folder: 'node_modules/pdfjs-dist/wasm', why: "pdf.js's image decoders" },
  { place: 'unpacked', folder: 'node_modules/pdfjs-dist/iccs', why: "pdf.js's colour profiles" },
];

/** A native binary a target must carry, for its own platform and architecture. */
export interface NativeFile {
  file: string;
  why: string;
}

export function nativeFiles(platform: string, arch: string): NativeFile[] {
  const canvas = canvasPackage(platform, arch) as string;
  return [
    { file: `node_modules/better-sqlite3/${sqlitePrebuild(platform, arch) as string}`, why: 'better-sqlite3' },
    { file: `node_modules/${canvas}/skia.${canvas.slice('@napi-rs/canvas-'.length)}.node`, why: '@napi-rs/canvas' },
  ];
}

/** Every file under `folder` of the checkout, relative to the repository root. */
export function filesOf(root: string, folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
