/**
 * The sandbox is a separate service: its boundary is an ESLint error in both directions. Each fixture is
 * linted as if it lived in the folder it must not appear in; the same text elsewhere passes, so the rule
 * is what fails (the pattern of process-boundaries.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const fixture = (name: string) => fs.readFileSync(path.join(root, 'test/fixtures/lint', name), 'utf8');

async function errorsFor(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.severity === 2);
}

describe('sandbox and protocol boundaries', () => {
  it('refuses an app import inside sandbox/', async () => {
    const errors = await errorsFor(fixture('sandbox-imports-main.ts'), 'sandbox/lint-fixture.ts');
    expect(errors.map((e) => e.message).join('\n')).toMatch(/The sandbox imports nothing of the app/);
  });

  it('refuses any sandbox import in main/, main/electron/ and the renderer', async () => {
    for (const where of ['main/lint-fixture.ts', 'main/electron/lint-fixture.ts', 'renderer/src/lint-fixture.ts', 'shared/lint-fixture.ts']) {
      const errors = await errorsFor(fixture('app-imports-sandbox.ts'), where);
      expect(errors.map((e) => e.message).join('\n'), where).toMatch(/sandbox/);
    }
  });

  it("refuses the sandbox's internals in app tests and allows its entry", async () => {
    const errors = await errorsFor(fixture('test-imports-sandbox-internals.ts'), 'test/integration/core/lint-fixture.ts');
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/'..\/..\/sandbox\/store.js'.*not its internals/)]);
    // The sandbox's own tests may test it as a library.
    expect(await errorsFor(fixture('test-imports-sandbox-internals.ts'), 'test/integration/sandbox/lint-fixture.ts')).toEqual([]);
  });

  it('refuses Node built-ins other than node:crypto in protocol/', async () => {
    const errors = await errorsFor(fixture('protocol-imports-node-fs.ts'), 'protocol/lint-fixture.ts');
    const messages = errors.map((e) => e.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/'node:fs'.*protocol\/ may use node:crypto only/);
  });
});
