/**
 * Prints the plain closing line CI reads ("vitest: N passed, N failed, N skipped") after vitest's own
 * summary, so a run that executed no test can never pass as green.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    // Tiers left out for a missing service (test/support/service-tiers.ts), said again where the run ends.
    for (const note of (globalThis as { fapiaoTierNotes?: string[] }).fapiaoTierNotes ?? []) process.stdout.write(`\n${note}`);
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
