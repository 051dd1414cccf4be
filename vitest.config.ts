// Tests run in Node 24 (npm scripts put node@24 first on PATH). Separate from vite.config.ts, whose
// root is the renderer. Forks, not threads: better-sqlite3 and child processes behave as in production.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: '.',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // A bound on one test, not a speed check: with eight suites sharing two cores, an e2e issuance that takes
    // 20 s alone took over 30 s, so the bound leaves room (tests wait on conditions, never on time).
    testTimeout: 120_000,
    // expect.poll waits for the UI or the outbox to get somewhere; vitest's default (1 s) is shorter than
    // a busy 2-core CI machine needs. It bounds a wait, it asserts nothing about speed.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    hookTimeout: 120_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
