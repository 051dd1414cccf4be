/**
 * The process boundaries of docs/architecture.md §11.1 are ESLint errors. Each fixture is linted as if it lived in
 * the folder it must not appear in; the same text in an allowed folder passes, so the rule is what fails.
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

describe('process boundaries (docs/architecture.md §11.1)', { timeout: 180_000 }, () => {
  it('refuses node:fs in shared/', async () => {
    const errors = await errorsFor(fixture('shared-imports-node-fs.ts'), 'shared/rules/lint-fixture.ts');
    expect(errors.map((e) => e.ruleId)).toContain('@typescript-eslint/no-restricted-imports');
    expect(errors.map((e) => e.message).join('\n')).toMatch(/no Node built-ins/);
  });

  it('allows the same import in main/', async () => {
    expect(await errorsFor(fixture('shared-imports-node-fs.ts'), 'main/features/lint-fixture.ts')).toEqual([]);
  });

  it("refuses 'electron' in main/ outside main/electron/", async () => {
    const errors = await errorsFor(fixture('main-imports-electron.ts'), 'main/features/lint-fixture.ts');
    expect(errors.map((e) => e.message).join('\n')).toMatch(/Only main\/electron\/ may import 'electron'/);
  });

  it("allows 'electron' in main/electron/", async () => {
    expect(await errorsFor(fixture('main-imports-electron.ts'), 'main/electron/lint-fixture.ts')).toEqual([]);
  });

  it('refuses main/ledger/pg and main/ledger/move in a feature, which reaches a team database through a port', async () => {
    const errors = await errorsFor(fixture('feature-imports-ledger-pg.ts'), 'main/features/settings/lint-fixture.ts');
    expect(errors.map((e) => e.ruleId)).toEqual(['@typescript-eslint/no-restricted-imports', '@typescript-eslint/no-restricted-imports']);
    expect(errors.every((e) => e.message.includes('reaches a team database through a port'))).toBe(true);
    // The ledger layer itself (the port's PostgreSQL implementation, the composition root) may.
    expect(await errorsFor(fixture('feature-imports-ledger-pg.ts'), 'main/ledger/pg/lint-fixture.ts')).toEqual([]);
    // The features' own rule keeps main/'s: no electron, no sandbox there either.
    expect((await errorsFor(fixture('app-imports-sandbox.ts'), 'main/features/settings/lint-fixture.ts')).map((e) => e.message).join('\n')).toMatch(/sandbox/);
  });

  it('refuses main/ imports in the renderer', async () => {
    const errors = await errorsFor(fixture('renderer-imports-main.ts'), 'renderer/src/lint-fixture.ts');
    expect(errors.map((e) => e.message).join('\n')).toMatch(/reaches main only through window.api/);
  });

  it("refuses window.api and lib/api.ts outside a feature's actions.ts (the renderer's one way to call main)", async () => {
    const errors = await errorsFor(fixture('renderer-calls-window-api.ts'), 'renderer/src/features/history/components/lint-fixture.ts');
    expect(errors.map((e) => e.ruleId).sort()).toEqual(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);
    expect(errors.every((e) => e.message.includes("Only a feature's actions.ts calls main"))).toBe(true);
  });

  it("allows window.api in a feature's actions.ts and the api module", async () => {
    for (const file of ['renderer/src/features/history/actions.ts', 'renderer/src/lib/api.ts']) {
      const code = fs.readFileSync(path.join(root, file), 'utf8');
      expect(await errorsFor(code, file)).toEqual([]);
      expect(await errorsFor(fixture('renderer-calls-window-api.ts'), file).then((errors) => errors.map((e) => e.ruleId))).not.toContain('no-restricted-syntax');
    }
  });
});
