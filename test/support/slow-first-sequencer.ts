/**
 * The order files start in (issue 35): the slowest first, so that with two workers the long files overlap the
 * many short ones instead of running alone at the end. vitest orders by the durations it cached from the
 * last run on this machine; a clean clone (CI) has none, and by file size clerk-words (75 s, a short file)
 * would start last. So a file with no cached duration takes the one recorded in test/support/slow-files.json
 * — the slowest files of a full run, refreshed from test-results/timings.json when the suite's shape
 * changes — and the rest keep vitest's own order after them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const RECORDED = path.join(import.meta.dirname, 'slow-files.json');

function recordedMs(): Map<string, number> {
  const files = (JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as { files: Array<{ file: string; ms: number }> }).files;
  return new Map(files.map((f) => [f.file, f.ms]));
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = recordedMs();
    const root = this.ctx.config.root;
    const cached = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(root, spec.moduleId)}`)?.duration;
    const ms = (spec: TestSpecification) => cached(spec) ?? known.get(path.relative(root, spec.moduleId).split(path.sep).join('/'));
    const base = await super.sort(files);
    const position = new Map(base.map((spec, index) => [spec, index]));
    return [...base].sort((a, b) => {
      const [x, y] = [ms(a), ms(b)];
      if (x !== undefined && y !== undefined) return y - x;
      if (x !== undefined) return -1;
      if (y !== undefined) return 1;
      return position.get(a)! - position.get(b)!;
    });
  }
}
