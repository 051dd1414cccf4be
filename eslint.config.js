// ESLint: typescript-eslint plus the process boundaries of docs/architecture.md §11.1 as errors.
// shared/ runs in both processes, so it imports neither Node nor Electron; only main/electron/ touches
// Electron; the renderer never reaches into main/.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';
import cycle from './scripts/eslint/no-import-cycle.js';
import maxFunctionLines from './scripts/eslint/max-function-lines.js';

/** The repository's own rules (scripts/eslint/), each with the reason it is ours in its header. */
const local = { rules: { ...cycle.rules, 'max-function-lines': maxFunctionLines } };

const NODE_BUILTINS = [
  'assert', 'buffer', 'child_process', 'crypto', 'dns', 'events', 'fs', 'fs/promises', 'http', 'https', 'net',
  'os', 'path', 'process', 'stream', 'tls', 'url', 'util', 'worker_threads', 'zlib',
];

const noNode = [
  { group: ['node:*'], message: 'shared/ and renderer/ must stay pure: no Node built-ins (docs/architecture.md §11.1).' },
];
const noElectron = { name: 'electron', message: "Only main/electron/ may import 'electron' (docs/architecture.md §1)." };
/** The sandbox is a separate service: the app reaches it over HTTP, started through main/sandbox-service/. */
const SANDBOX = ['**/sandbox/**', '**/sandbox'];
const noSandbox = {
  group: SANDBOX,
  message: 'The sandbox is a separate service: the app starts it through main/sandbox-service/ and talks to it over HTTP only.',
};
const requireElectron = {
  selector: "CallExpression[callee.name='require'][arguments.0.value='electron']",
  message: "Only main/electron/ may require 'electron' (docs/architecture.md §1).",
};

/** The renderer's only callers of main (issue 9 point 6): components call actions, actions call window.api. */
const API_CALLERS = ['renderer/src/features/*/actions.ts', 'renderer/src/app/actions.ts'];
const apiMessage = "Only a feature's actions.ts calls main (window.api / lib/api.ts); components and hooks call its actions.";
const noApiModule = { group: ['**/lib/api', '**/lib/api.js'], message: apiMessage };
const windowApi = { selector: "MemberExpression[object.name='window'][property.name='api']", message: apiMessage };
/** The renderer's boundaries; `imports`/`syntax` add the api-caller rule where it applies. */
const rendererRules = (imports, syntax) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [noElectron],
      patterns: [...noNode, { group: ['**/main/**', '**/preload/**'], message: 'The renderer reaches main only through window.api.' }, noSandbox, ...imports],
    },
  ],
  'no-restricted-syntax': ['error', requireElectron, ...syntax],
});

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test/fixtures/lint/**', 'test/e2e/artifacts/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // CommonJS on purpose: the packaged app's canvas shim and the packaging test's stub Electron and smoke
  // driver are loaded by require() where ESM cannot go (inside an asar, as `electron`).
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Habits as errors (each has a fixture test in test/unit/lint/habits.test.ts):
  // - no import cycle, type-only imports included (our own rule: import-x's no-cycle skips `import type`);
  // - a module is at most 400 lines as `wc -l` counts them, blank lines and comments included: a header
  //   comment is part of what a reader has to take in;
  // - no regular expression that can backtrack super-linearly on hostile input (one e-mail pattern held
  //   main for seconds), nor one that moves super-linearly when searched unanchored;
  // - a function is at most 150 lines of its own, its nested functions counted apart (our own rule:
  //   ESLint's max-lines-per-function charges a factory for every function it returns and cannot be told
  //   not to). Blank lines and comments count, as for max-lines;
  // - cyclomatic complexity at most 57: a ratchet at today's worst (renderOfdPages) so that no function
  //   gets more branches than the worst one has. The aim is 25 — about what a reader holds in mind at once,
  //   and what all but 20 functions meet today; each of those 20 is split and the ceiling lowered with it.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local, regexp },
    rules: {
      'local/no-import-cycle': 'error',
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  // Function length and complexity (above) for the app's code. Tests are left out for now: two scenarios
  // (test/e2e/intake.test.ts, test/integration/statistics/period-statistics.test.ts) are one story each of
  // 154 and 158 lines, to be cut into named steps before the rule covers test/ too.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['test/**'],
    plugins: { local },
    rules: {
      'local/max-function-lines': ['error', { max: 150 }],
      complexity: ['error', 57],
    },
  },
  // Type-aware: a promise nobody awaits loses its rejection. The project service gives every file the
  // tsconfig that includes it (renderer/tsconfig.json for the renderer, tsconfig.json for the rest).
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['test/fixtures/lint/*.ts', 'test/fixtures/lint/*/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  // The process-boundary fixtures are linted under made-up names (…/lint-fixture.ts) that exist in no
  // tsconfig; type information is neither available nor needed for them.
  {
    files: ['**/lint-fixture.{ts,tsx}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { projectService: false, program: null } },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...NODE_BUILTINS.map((name) => ({ name, message: 'shared/ must stay pure: no Node built-ins.' }))],
          patterns: [...noNode, { group: ['**/main/**', '**/renderer/**', '**/preload/**', ...SANDBOX], message: 'shared/ depends on nothing but itself.' }],
        },
      ],
      'no-restricted-syntax': ['error', requireElectron],
    },
  },
  {
    // The extraction library is used by main, the sandbox and a CLI: pure Node, depending on shared/ only.
    files: ['extraction/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [{ group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/sandbox/**'], message: 'extraction/ imports only shared/ and npm packages.' }] },
      ],
      'no-restricted-syntax': ['error', requireElectron],
    },
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [noElectron], patterns: [noSandbox] }],
      'no-restricted-syntax': ['error', requireElectron],
    },
  },
  {
    // Features reach a database only through ports (docs/architecture.md §1): the ledger (main/ledger/port.ts)
    // and a team database's administration (main/ledger/team-admin.ts). PostgreSQL's adapter and the move are
    // the ledger layer's; core.ts hands features their implementations. The main/ rules above are repeated
    // because a later block's options for a rule replace an earlier one's.
    files: ['main/features/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            noSandbox,
            {
              group: ['**/ledger/pg', '**/ledger/pg/**', '**/ledger/move', '**/ledger/move/**'],
              message: 'A feature reaches a team database through a port (main/ledger/port.ts, main/ledger/team-admin.ts), never main/ledger/pg/ or main/ledger/move/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sandbox is a separate service (docs/sandbox.md): it speaks the protocol and reads the spec and its
    // rules, and imports nothing of the app.
    files: ['sandbox/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/shared/ipc/**', '**/test/**'],
              message: 'The sandbox imports nothing of the app: only shared/spec, shared/rules, protocol/ and the extraction library.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', requireElectron],
    },
  },
  {
    // main/electron/ (no other rules of its own yet): the sandbox boundary holds there too.
    files: ['main/electron/**/*.ts', 'preload/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noSandbox] }] },
  },
  {
    // App tests reach the sandbox through its entry (sandbox/index.ts: start it, its demo credentials, fault
    // plans), its process (main/sandbox-service/) or its test-only control API — never its internals. The
    // sandbox's own tests and their helpers may test it as a library.
    files: ['test/**/*.ts'],
    ignores: [
      'test/integration/sandbox/**',
      'test/unit/sandbox/**',
      'test/support/input-sandbox.ts',
      'test/fixtures/bundle/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox/**', '!**/sandbox/index.js'],
              message: 'App tests use the sandbox through sandbox/index.ts, its process or its control API, not its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // The protocol both sides speak (the signature scheme): node:crypto and the pure shared modules only.
    files: ['protocol/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            { group: ['node:*', '!node:crypto'], message: 'protocol/ may use node:crypto only.' },
            { group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/sandbox/**'], message: 'protocol/ sits below both the app and the sandbox.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: rendererRules([noApiModule], [windowApi]),
  },
  {
    // The one way to call main: a feature's actions.ts (and the app frame's), through the one api module.
    files: [...API_CALLERS, 'renderer/src/lib/api.ts'],
    rules: rendererRules([], []),
  },
);
