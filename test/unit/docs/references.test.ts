/**
 * The repository is self-contained (docs/architecture.md): no file refers to the old design document or
 * to the vendor's interface description outside the repository, nor to any path above the repository
 * root. Design references point to docs/architecture.md §N, interface references to
 * docs/service-interface.md §N. Imports of the repository's own `shared/` folder are fine: every
 * `../…/shared` found is resolved from its file and must stay inside the repository.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// Spelled in pieces so that this file does not match itself.
const FORBIDDEN = [['DESIGN', '.md'], ['invoice-service', '-interface'], ['/work/', 'shared']].map((parts) => parts.join(''));
const RELATIVE_SHARED = /(?<!\.\.\/)(?:\.\.\/)+shared\b/g;

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((file) => file !== '' && !/\.(png|jpe?g|gif|ico|pdf|ofd|zip|xlsx|wasm|woff2?|ttf|otf|db|bin)$/i.test(file) && file !== 'package-lock.json')
    .filter((file) => fs.existsSync(path.join(root, file)) && fs.lstatSync(path.join(root, file)).isFile());
}

describe('references stay inside the repository', () => {
  it('finds no reference to the old design document, the vendor description, or a folder above the repository', () => {
    const problems: string[] = [];
    for (const file of trackedTextFiles()) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      text.split('\n').forEach((line, index) => {
        for (const word of FORBIDDEN) if (line.includes(word)) problems.push(`${file}:${index + 1}: ${word}`);
        for (const match of line.matchAll(RELATIVE_SHARED)) {
          const target = path.resolve(path.dirname(path.join(root, file)), match[0]);
          if (path.relative(root, target).startsWith('..')) problems.push(`${file}:${index + 1}: ${match[0]} leaves the repository`);
        }
      });
    }
    expect(problems).toEqual([]);
  });
});
