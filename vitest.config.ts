// Tests run in Node 24 (npm scripts put node@24 first on PATH). Separate from vite.config.ts, whose
// root is the renderer. Forks, not threads: better-sqlite3 and child processes behave as in production.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: '.',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
