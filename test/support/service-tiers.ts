/**
 * Test tiers by the system service they need (issue 35): PostgreSQL, Chromium, CUPS (a cups-pdf queue) and SANE
 * (its `test` backend). A support module that reaches a service says so in a marker comment, `@needs <service>`
 * (test/support/pg.ts, test/e2e/support/browser.ts, test/support/cups-pdf.ts, …); a test file needs what it or the test modules it imports,
 * directly or not, are marked with. vitest.config.ts asks `serviceTiers()` before the run:
 * - without CI, the files of a tier whose service this machine lacks are left out, with one line naming the
 *   service and how to get it — `npm test` on a laptop passes what it can and says what it did not run;
 * - with CI=true every tier is required: a missing service stops the run before any test, naming it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromiumPath } from './chromium-path.js';
import { PG_ADMIN } from './pg-address.js';

export const SERVICES = ['postgresql', 'chromium', 'cups', 'sane'] as const;
export type Service = (typeof SERVICES)[number];

const HOW_TO_GET: Record<Service, string> = {
  postgresql: `PostgreSQL (${PG_ADMIN.user}@${PG_ADMIN.host}:${PG_ADMIN.port}): run \`bash .ci/run\` on Debian, or point FAPIAO_TEST_PG_HOST/PORT/USER/PASSWORD at a server where that role may create databases and roles`,
  chromium: `Chromium (${chromiumPath()}): \`apt-get install chromium-headless-shell\` or \`chromium\` (or \`bash .ci/run\` on Debian), or set CHROMIUM_PATH`,
  cups: 'CUPS with a cups-pdf queue named PDF: `bash .ci/run` on Debian installs and starts both',
  sane: "SANE's test backend (scanimage -L lists test:0): `bash .ci/run` on Debian installs sane-utils and enables it",
};

const MARKER = /@needs\s+(postgresql|chromium|cups|sane)\b/g;
const IMPORT = /(?:from|import)[\s(]*'(\.{1,2}\/[^']+)'/g;

/** The services a test file needs: its own markers and those of every test module it imports, transitively. */
export function servicesOf(file: string, cache = new Map<string, Set<Service>>(), seen = new Set<string>()): Set<Service> {
  const known = cache.get(file);
  if (known) return known;
  const needs = new Set<Service>();
  if (seen.has(file) || !fs.existsSync(file)) return needs;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(MARKER)) needs.add(match[1] as Service);
  for (const match of text.matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), match[1]!).replace(/\.js$/, '.ts');
    // Only the test tree marks services; the product's modules never decide what a test needs.
    if (target.includes(`${path.sep}test${path.sep}`)) for (const service of servicesOf(target, cache, seen)) needs.add(service);
  }
  cache.set(file, needs);
  return needs;
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ ...PG_ADMIN, database: 'postgres', connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const answers = (command: string, args: string[], expected: RegExp) => {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
  return result.status === 0 && expected.test(result.stdout);
};

const readOr = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

async function present(service: Service): Promise<boolean> {
  switch (service) {
    case 'postgresql':
      return postgresAnswers();
    case 'chromium':
      return fs.existsSync(chromiumPath());
    case 'cups':
      return answers('lpstat', ['-r'], /scheduler is running/) && answers('lpstat', ['-p', 'PDF'], /PDF/);
    case 'sane':
      // `scanimage -L` takes seconds: what it would list is scanimage and the test backend enabled.
      return answers('sh', ['-c', 'command -v scanimage'], /scanimage/) && /^test$/m.test(readOr('/etc/sane.d/dll.conf'));
  }
}

export interface Tiers {
  /** Test files left out, relative to the root. */
  exclude: string[];
  /** One line per absent service: what it is, how many files need it, how to get it. */
  notes: string[];
}

/** Which test files this machine can run; throws under CI when any tier's service is absent. */
export async function serviceTiers(root: string, testFiles: readonly string[], ci: boolean): Promise<Tiers> {
  const cache = new Map<string, Set<Service>>();
  const needs = new Map(testFiles.map((file) => [file, servicesOf(path.resolve(root, file), cache)]));
  const wanted = SERVICES.filter((service) => [...needs.values()].some((set) => set.has(service)));
  const absent = (await Promise.all(wanted.map(async (service) => ((await present(service)) ? null : service)))).filter((s): s is Service => s !== null);
  if (absent.length > 0 && ci) {
    throw new Error(`CI=true and this machine lacks ${absent.map((s) => HOW_TO_GET[s]).join('; ')}`);
  }
  const exclude = [...needs].filter(([, set]) => absent.some((s) => set.has(s))).map(([file]) => file);
  const notes = absent.map((service) => {
    const count = [...needs.values()].filter((set) => set.has(service)).length;
    return `not run: ${count} test files need ${HOW_TO_GET[service]}`;
  });
  // The summary reporter (same process, maybe another module instance) repeats them above its closing line.
  (globalThis as { fapiaoTierNotes?: string[] }).fapiaoTierNotes = notes;
  return { exclude, notes };
}
