/**
 * Per-file timings you can act on (issue 35): after every run, each test file's wall time (import, setup and
 * its tests) goes to test-results/timings.json, slowest first, and the slowest 15 are printed under the
 * summary — so the cost of a file is seen where it is paid, not guessed from the total.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;
const OUT = path.resolve(import.meta.dirname, '../../test-results/timings.json');

export interface FileTiming {
  file: string;
  /** Import, setup and tests of the file, in ms. */
  ms: number;
  tests: number;
  state: string;
}

export function fileTimings(modules: ReadonlyArray<TestModule>, root: string): FileTiming[] {
  return modules
    .map((module) => {
      const d = module.diagnostic();
      return {
        file: path.relative(root, module.moduleId),
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
        tests: [...module.children.allTests()].length,
        state: module.state(),
      };
    })
    .sort((a, b) => b.ms - a.ms);
}

export default class TimingsReporter implements Reporter {
  private readonly started = Date.now();

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const root = path.resolve(import.meta.dirname, '../..');
    const timings = fileTimings(modules, root);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, `${JSON.stringify({ wallMs: Date.now() - this.started, files: timings }, null, 1)}\n`);
    if (timings.length === 0) return;
    const lines = timings.slice(0, SHOWN).map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file}${t.state === 'failed' ? '  (failed)' : ''}`);
    process.stdout.write(`\nslowest ${Math.min(SHOWN, timings.length)} of ${timings.length} files (all in ${path.relative(root, OUT)}):\n${lines.join('\n')}\n`);
    // .ci/run marks its start, so its whole duration (installs, build, typecheck, lint, tests) is printed here,
    // above the closing summary line CI reads.
    const ciStarted = Number(process.env.FAPIAO_CI_STARTED);
    if (ciStarted > 0) process.stdout.write(`ci: .ci/run took ${Math.round(Date.now() / 1000 - ciStarted)} s up to the end of the tests\n`);
  }
}
