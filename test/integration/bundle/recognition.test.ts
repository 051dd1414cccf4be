/**
 * The packaged app runs main as one CommonJS bundle, not as the ES modules the other tests import. Some
 * libraries break only there (pdfjs-dist needs import.meta.url and died with "DOMMatrix is not defined"
 * when bundled), so recognition is run here from a bundle built with the app's own esbuild options — and
 * intake's extraction pool from its worker bundle, where pdf.js and @napi-rs/canvas run on threads.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { MAIN_BUNDLE_OPTIONS } from '../../../scripts/main-bundle.mjs';
import { REPO_ROOT } from '../../harness/server.js';

// Inside the repository, so the bundle resolves the external packages from node_modules as the app does.
const outDir = fs.mkdtempSync(path.join(REPO_ROOT, 'dist', '.bundle-test-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('main-process bundle', () => {
  it('recognises the QR code of a PNG and of a PDF from a CommonJS bundle built like the app', async () => {
    const outfile = path.join(outDir, 'recognise.cjs');
    await build({ ...(MAIN_BUNDLE_OPTIONS as object), absWorkingDir: REPO_ROOT, entryPoints: ['test/fixtures/bundle/recognise-entry.ts'], outfile, logLevel: 'error' });
    const output = execFileSync(process.execPath, [outfile], { cwd: os.tmpdir(), encoding: 'utf8', timeout: 60_000 });
    expect(output).toContain('png ok 00000001');
    expect(output).toContain('pdf ok 00000001');
  }, 90_000);

  it("intake's extraction pool runs its worker from the CommonJS worker bundle: reads a QR, draws PDF and OFD pages", async () => {
    // The app's layout: the worker bundle beside the main bundle (scripts/build-main.mjs), found through __dirname.
    const common = { ...(MAIN_BUNDLE_OPTIONS as object), absWorkingDir: REPO_ROOT, logLevel: 'error' as const };
    await build({ ...common, entryPoints: ['main/features/intake/extraction-worker.ts'], outfile: path.join(outDir, 'extraction-worker.cjs') });
    const outfile = path.join(outDir, 'pool.cjs');
    await build({ ...common, entryPoints: ['test/fixtures/bundle/pool-entry.ts'], outfile });
    const output = execFileSync(process.execPath, [outfile, path.join(REPO_ROOT, 'test/fixtures/intake')], { cwd: os.tmpdir(), encoding: 'utf8', timeout: 90_000 });
    expect(output).not.toContain('FAIL');
    expect(output).toContain('extract ok 00000001');
    expect(output).toMatch(/preview pdf 1 1400x\d+/);
    expect(output).toMatch(/preview ofd 1 1400x\d+/);
  }, 120_000);
});
