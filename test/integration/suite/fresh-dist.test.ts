/**
 * The globalSetup's check that the app's builds are not older than their sources (test/support/fresh-dist.ts):
 * on real files in a temp folder, with a build command that is a real Node script writing its output.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshenDist, type Build } from '../../support/fresh-dist.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A repository in miniature: one source folder, a build script that counts its runs into the output. */
function repository(): { root: string; build: Build; runs(): number; age(file: string, secondsAgo: number): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-fresh-dist-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'deep', 'page.ts'), 'export {};\n');
  fs.writeFileSync(
    path.join(root, 'make.cjs'),
    `const fs = require('node:fs'); fs.mkdirSync('out', { recursive: true }); fs.appendFileSync('out/runs', 'x'); fs.writeFileSync('out/env', String(process.env.NODE_ENV)); fs.writeFileSync('out/index.html', '<html>');\n`,
  );
  const build: Build = { name: 'page', output: 'out/index.html', sources: ['src'], command: ['make.cjs'] };
  const runs = () => (fs.existsSync(path.join(root, 'out/runs')) ? fs.readFileSync(path.join(root, 'out/runs'), 'utf8').length : 0);
  const age = (file: string, secondsAgo: number) => {
    const when = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(path.join(root, file), when, when);
  };
  return { root, build, runs, age };
}

describe('the app builds the e2e tests drive', () => {
  it('are built when missing, rebuilt when a source is newer, and left alone when fresh', () => {
    const repo = repository();
    expect(freshenDist(repo.root, [repo.build])).toEqual(['rebuilt dist page: it was missing']);
    expect(repo.runs()).toBe(1);
    // Built for production as `npm run build` builds, not in the test run's NODE_ENV=test (React's development bundle).
    expect(process.env.NODE_ENV).toBe('test');
    expect(fs.readFileSync(path.join(repo.root, 'out/env'), 'utf8')).toBe('production');

    repo.age('src/deep/page.ts', 60);
    expect(freshenDist(repo.root, [repo.build])).toEqual([]);
    expect(repo.runs()).toBe(1);

    // A checkout or an edit: the source is newer than what was built from it.
    repo.age('out/index.html', 120);
    expect(freshenDist(repo.root, [repo.build])).toEqual([`rebuilt dist page: ${path.join('src', 'deep', 'page.ts')} is newer than out/index.html`]);
    expect(repo.runs()).toBe(2);
  });
});
