// Tests run in Node 24 (npm scripts put node@24 first on PATH). Separate from vite.config.ts, whose
// root is the renderer. Forks, not threads: better-sqlite3 and child processes behave as in production.
import fs from 'node:fs';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { serviceTiers } from './test/support/service-tiers.js';
import SlowFirstSequencer from './test/support/slow-first-sequencer.js';

// Without CI, a tier whose service this machine lacks is left out and named; with CI=true all are required.
const tiers = await serviceTiers(import.meta.dirname, fs.globSync('test/**/*.test.ts'), process.env.CI === 'true' || process.env.CI === '1');
for (const note of tiers.notes) process.stdout.write(`${note}\n`);

export default defineConfig({
  test: {
    root: '.',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...tiers.exclude],
    pool: 'forks',
    // Files that share a worker share its loaded modules (import time ~355 s → ~60 s over a fresh-clone run): each file
    // closes what it opens (servers, pools, databases, browsers) and leaves no global changed behind it.
    isolate: false,
    // Three files at a time on two cores (vitest's default there is one): most of a file's time is spent
    // waiting — on Chromium, the sandbox, PostgreSQL, a child process, the sign-in rule's delays — not computing.
    // With two, a quiet full run left 10 % of the CPU idle (busy 1,567 of 1,734 CPU-seconds, 867 s); a third
    // file fills it. The slowest start first (slow-first-sequencer.ts) so none is left running alone at the end.
    maxWorkers: Math.max(3, os.availableParallelism() + 1),
    sequence: { sequencer: SlowFirstSequencer },
    // Safety nets, not budgets: tests wait on conditions (expect.poll, events), and these bounds only stop
    // a test that would otherwise hang. They are generous so the suite passes on a machine busy with other
    // work (`npm test` beside `stress-ng --cpu 2`); speed is measured by benchmarks (npm run bench), never here.
    testTimeout: 240_000,
    expect: { poll: { timeout: 60_000, interval: 50 } },
    hookTimeout: 240_000,
    // The sandbox and the crash tests' children run as processes: their bundles are built from the code under test first.
    globalSetup: ['./test/support/build-bundles.ts'],
    reporters: ['default', './test/support/timings-reporter.ts', './test/support/summary-reporter.ts'],
  },
});
