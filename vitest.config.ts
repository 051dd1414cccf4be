// Tests run in Node 24 (npm scripts put node@24 first on PATH). Separate from vite.config.ts, whose
// root is the renderer. Forks, not threads: better-sqlite3 and child processes behave as in production.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: '.',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    // expect.poll waits for the UI or the outbox to get somewhere; vitest's default (1 s) is shorter than
    // a busy 2-core CI machine needs. It bounds a wait, it asserts nothing about speed.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    hookTimeout: 120_000,
    // The sandbox runs as its own process; build its bundle from the code under test first.
    globalSetup: ['./test/support/build-sandbox.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
