/**
 * `npm test` on a machine that lacks a service (issue 35): vitest itself, run on one small file while Chromium
 * is pointed at a path where there is none, leaves the browser tier out and names it with how to get it; with
 * CI=true the same run stops before any test, naming the service. And the tiers are what the files import:
 * the contract suite needs PostgreSQL through its adapters, an e2e file Chromium through its browser module.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { servicesOf } from '../../support/service-tiers.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

function vitest(env: Record<string, string>) {
  const { CI: _ci, ...rest } = process.env;
  return spawnSync(process.execPath, [VITEST, 'run', 'test/unit/rules/uscc.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...rest, CHROMIUM_PATH: path.join(ROOT, 'no-such-chromium'), ...env },
  });
}

describe('test tiers by service', () => {
  it('reads what a file needs from the test modules it imports', () => {
    expect([...servicesOf(path.join(ROOT, 'test/integration/ledger-contract/statistics.test.ts'))]).toEqual(['postgresql']);
    expect(servicesOf(path.join(ROOT, 'test/e2e/startup.test.ts')).has('chromium')).toBe(true);
    expect([...servicesOf(path.join(ROOT, 'test/unit/rules/uscc.test.ts'))]).toEqual([]);
  });

  it('without CI leaves out the tier whose service is missing and says so; with CI=true refuses to run', () => {
    const local = vitest({});
    expect(local.status, local.stderr).toBe(0);
    expect(local.stdout).toMatch(/not run: \d+ test files need Chromium \(.*no-such-chromium\)/);
    expect(local.stdout).toMatch(/vitest: 6 passed, 0 failed, 0 skipped/);

    const ci = vitest({ CI: 'true' });
    expect(ci.status).not.toBe(0);
    expect(`${ci.stdout}${ci.stderr}`).toContain('CI=true and this machine lacks Chromium');
  });
});
