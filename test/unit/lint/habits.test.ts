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

  it('a function is at most 150 lines of its own, nested functions counted apart (a factory is not charged for them)', async () => {
    const file = path.join(root, 'main/features/lint-fixture.ts');
    const factory = fs.readFileSync(fixturePath('long-factory.ts'), 'utf8');
    // Each inner function spans its four lines plus the filler: 151 and 150 lines; the factory spans over 300.
    const fill = (lines: number) => Array.from({ length: lines - 1 }, (_, i) => `    total += ${i};`).join('\n');
    const code = (first: number, second: number) => factory.replace('    /* FIRST */', fill(first - 3)).replace('    /* SECOND */', fill(second - 3));
    const errors = await errorsIn(file, code(151, 150));
    expect(rules(errors)).toEqual(['local/max-function-lines']);
    expect(errors[0]!.message).toBe("function 'first' has 151 lines of its own (nested functions counted apart); at most 150.");
    expect(await errorsIn(file, code(150, 150))).toEqual([]);
  });

  it('cyclomatic complexity at most 57', async () => {
    const file = path.join(root, 'main/features/lint-fixture.ts');
    const branches = (n: number) => `export function pick(code: number): number {\n${Array.from({ length: n }, (_, i) => `  if (code === ${i}) return ${i};`).join('\n')}\n  return -1;\n}\n`;
    const errors = await errorsIn(file, branches(57));
    expect(rules(errors)).toEqual(['complexity']);
    expect(errors[0]!.message).toContain('complexity of 58');
    expect(await errorsIn(file, branches(56))).toEqual([]);
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
