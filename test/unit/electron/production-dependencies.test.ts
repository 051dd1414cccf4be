/**
 * electron-builder copies every production dependency, with all of its own, into each of the six packages.
 * A library the renderer bundle already contains (recharts brought redux, immer and d3 along) only makes
 * every package bigger and the packaging slower (≈ 25 s → 10 s per target when recharts moved out), so a
 * production dependency must be one the main bundles load at run time: an esbuild external, or a package
 * whose files the runtime manifest names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { MAIN_EXTERNALS } from '../../../scripts/main-bundle.mjs';
import { RUNTIME_FILES } from '../../support/package/runtime-files.js';

const root = path.join(import.meta.dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('production dependencies', () => {
  it('are only what the packaged app loads at run time; bundled libraries are devDependencies', () => {
    const loaded = new Set<string>(MAIN_EXTERNALS as string[]);
    for (const { file } of RUNTIME_FILES) {
      const name = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
      if (name) loaded.add(name);
    }
    expect(Object.keys(manifest.dependencies).filter((name) => !loaded.has(name))).toEqual([]);
  });
});
