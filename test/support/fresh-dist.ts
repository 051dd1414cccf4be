/**
 * The e2e tests drive the renderer as built in dist/renderer (the harness serves it), and the packaging test
 * packs dist/main and dist/preload. `npm test` builds them first; a bare `npx vitest run` after a checkout or an
 * edit would quietly test yesterday's page instead. So the globalSetup compares: a source newer than its build
 * rebuilds that build, and says so in one line.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Build {
  name: string;
  /** The build's output, whose time is compared. */
  output: string;
  /** The folders whose files go into it. */
  sources: string[];
  /** Node's arguments that make it, run in the repository's root. */
  command: string[];
}

const BUILDS: Build[] = [
  { name: 'renderer', output: 'dist/renderer/index.html', sources: ['renderer', 'shared'], command: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'] },
  { name: 'main', output: 'dist/main/index.cjs', sources: ['main', 'shared', 'preload', 'protocol', 'extraction', 'sandbox'], command: ['scripts/build-main.mjs'] },
];

/** The newest file under `folders`, by modification time. */
function newest(root: string, folders: string[]): { file: string; ms: number } {
  let found = { file: '', ms: 0 };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else {
        const ms = fs.statSync(full).mtimeMs;
        if (ms > found.ms) found = { file: full, ms };
      }
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(path.join(root, folder));
  return found;
}

/** Rebuilds each build older than one of its sources (or missing); returns one line per rebuild. */
export function freshenDist(root: string, builds: Build[] = BUILDS): string[] {
  const said: string[] = [];
  for (const build of builds) {
    const output = path.join(root, build.output);
    const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    const source = newest(root, build.sources);
    if (source.ms <= built) continue;
    // As `npm run build` would: vitest sets NODE_ENV=test, which would make vite build React's and antd's
    // development bundles (slower, and their deprecation warnings fail the tests that read the console).
    const env = { ...process.env, NODE_ENV: 'production' };
    execFileSync(process.execPath, build.command, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    said.push(`rebuilt dist ${build.name}: ${built === 0 ? 'it was missing' : `${path.relative(root, source.file)} is newer than ${build.output}`}`);
  }
  return said;
}
