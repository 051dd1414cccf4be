/**
 * ESLint rule `local/no-import-cycle`: no module may import (directly or through others) a module that
 * imports it back — type-only imports included (docs/architecture.md §Conventions).
 *
 * Why our own rule: eslint-plugin-import-x's `no-cycle` skips `import type`, and a type cycle is still a
 * design cycle (the renderer's app/store.ts → app/views.tsx → feature components → app/store.ts was one).
 * The repository uses only relative specifiers ending in `.js` for `.ts`/`.tsx` sources (tsconfig's
 * Bundler resolution, no path aliases), so resolving them needs no resolver plugin; package imports are
 * not followed (a package cannot import us back).
 *
 * The file being linted is read from its AST (so a fixture linted under another name works); every other
 * file from disk through TypeScript's `preProcessFile`, which lists static, type-only, re-export and
 * literal dynamic imports. That graph is cached per process and re-read when a file's mtime changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'];
const JS_TO_TS = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };
const RECHECK_MS = 2000;

/** @type {Map<string, { deps: string[]; mtimeMs: number; checkedAt: number }>} */
const graph = new Map();

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The source file a relative specifier names, or undefined (package, asset, or missing file). */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const ext = path.extname(base);
  const candidates = [];
  if (JS_TO_TS[ext]) for (const tsExt of JS_TO_TS[ext]) candidates.push(base.slice(0, -ext.length) + tsExt);
  if (SOURCE_EXTENSIONS.includes(ext)) candidates.push(base);
  if (!ext) for (const e of SOURCE_EXTENSIONS) candidates.push(base + e, path.join(base, `index${e}`));
  return candidates.find(isFile);
}

function depsOfText(file, text) {
  const info = ts.preProcessFile(text, true, true);
  const deps = new Set();
  for (const ref of info.importedFiles) {
    const target = resolveSpecifier(file, ref.fileName);
    if (target) deps.add(target);
  }
  return [...deps];
}

function depsOf(file) {
  const now = Date.now();
  const cached = graph.get(file);
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.deps;
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    graph.delete(file);
    return [];
  }
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.deps;
  }
  const deps = depsOfText(file, fs.readFileSync(file, 'utf8'));
  graph.set(file, { deps, mtimeMs, checkedAt: now });
  return deps;
}

/**
 * The route from `start` back to `target` ([start, …, target]), or undefined. `dead` holds modules
 * already known not to reach `target`, shared across the imports of one file so each module is walked once.
 */
function routeBack(start, target, dead) {
  if (dead.has(start)) return undefined;
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of depsOf(current)) {
      if (next === target) {
        const route = [target, current];
        for (let p = parent.get(current); p; p = parent.get(p)) route.push(p);
        return route.reverse();
      }
      if (parent.has(next) || dead.has(next)) continue;
      parent.set(next, current);
      queue.push(next);
    }
  }
  for (const visited of parent.keys()) dead.add(visited);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}. Move what both sides need below both (docs/architecture.md §Conventions).' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const root = context.cwd;
    const dead = new Set();
    const seen = new Set();
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value);
      if (!target || target === file || seen.has(target)) return;
      seen.add(target);
      const route = routeBack(target, file, dead);
      if (!route) return;
      const shown = [file, ...route].map((f) => path.relative(root, f).split(path.sep).join('/'));
      context.report({ node, messageId: 'cycle', data: { route: shown.join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
