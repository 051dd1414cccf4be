/**
 * Habits enforced as lint errors (eslint.config.js, docs/architecture.md §Conventions): each rule fires on
 * a fixture, and the clean variant passes, so it is the rule that fails the lint — as
 * process-boundaries.test.ts does for the process boundaries.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// ignore: false — the fixtures folder is ignored by `eslint .`, and these fixtures are linted where they lie.
const eslint = new ESLint({ cwd: root, ignore: false });
const fixturePath = (name: string) => path.join(root, 'test/fixtures/lint', name);

async function errorsIn(file: string, code = fs.readFileSync(file, 'utf8')) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.severity === 2);
}
const rules = (errors: Array<{ ruleId: string | null }>) => errors.map((e) => e.ruleId);

// The first type-aware lint builds a TypeScript program for the repository: slow on a busy machine, bounded
// here only as a safety net.
describe('habits as lint errors', { timeout: 180_000 }, () => {
  it('no import cycle, type-only imports included', async () => {
    const errors = await errorsIn(fixturePath('cycle/b.ts'));
    expect(rules(errors)).toEqual(['local/no-import-cycle']);
    expect(errors[0]!.message).toContain('test/fixtures/lint/cycle/b.ts → test/fixtures/lint/cycle/a.ts → test/fixtures/lint/cycle/b.ts');
    // From the other side too, and without the closing import there is no cycle.
    expect(rules(await errorsIn(fixturePath('cycle/a.ts')))).toEqual(['local/no-import-cycle']);
    expect(await errorsIn(fixturePath('cycle/b.ts'), "export const describeB = (name: string): string => name;\n")).toEqual([]);
  });

  it('max-lines: 401 lines fail, 400 pass (blank lines and comments count)', async () => {
    const file = path.join(root, 'main/features/lint-fixture.ts');
    const lines = (n: number) => `${Array.from({ length: n - 1 }, (_, i) => (i % 2 ? '' : `// line ${i}`)).join('\n')}\nexport {};\n`;
    const errors = await errorsIn(file, lines(401));
    expect(rules(errors)).toEqual(['max-lines']);
    expect(errors[0]!.message).toContain('Maximum allowed is 400');
    expect(await errorsIn(file, lines(400))).toEqual([]);
  });

  it('type-aware no-floating-promises', async () => {
    const errors = await errorsIn(fixturePath('floating-promise.ts'));
    expect(rules(errors)).toEqual(['@typescript-eslint/no-floating-promises']);
    const fixed = fs.readFileSync(fixturePath('floating-promise.ts'), 'utf8').replace('  save();', '  void save().catch(() => undefined);');
    expect(await errorsIn(fixturePath('floating-promise.ts'), fixed)).toEqual([]);
  });

  it('no super-linear regular expressions (backtracking, and moves when searched unanchored)', async () => {
    const file = path.join(root, 'shared/rules/lint-fixture.ts');
    const errors = await errorsIn(file, fs.readFileSync(fixturePath('super-linear-regex.ts'), 'utf8'));
    expect(rules(errors).sort()).toEqual(['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move']);
    const linear = 'export const EMAIL = /^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$/;\n';
    expect(await errorsIn(file, linear)).toEqual([]);
  });
});
