/**
 * Issue 24's kill test, in the suite: three headless desks on one PostgreSQL team ledger and one standalone
 * sandbox issue 300 submissions together while desks are SIGKILLed and restarted at least 10 times
 * (test/team/kill-test.ts). The sandbox's own records judge: no lsh issued twice, none submitted and lost.
 */
import { expect, it } from 'vitest';
import { runKillTest } from './kill-test.js';

// The harness starts and kills whole desk processes (each some seconds to start on a busy machine): the
// ceiling is generous so a slow machine does not fail a test about correctness.
it('three desks on one team ledger issue every submission exactly once through SIGKILLs', { timeout: 1_200_000 }, async () => {
  const result = await runKillTest();
  expect(result.line).toMatch(/^team: desks=3 submitted=\d+ issued=\d+ duplicates=0 lost=0 kills=\d+$/);
  expect(result.submitted).toBeGreaterThanOrEqual(300);
  expect(result.issued).toBe(result.submitted);
  expect(result.duplicates).toBe(0);
  expect(result.lost).toBe(0);
  expect(result.kills).toBeGreaterThanOrEqual(10);
});
