/**
 * Benchmarks (docs/architecture.md §10): `npm run bench`. Each prints one line
 * `bench NAME: ours=X baseline=Y ratio=R` with its baseline measured in the same run. Never part of
 * `npm test`; results and the machine they ran on are recorded in docs/benchmarks.md.
 * Run one with `npm run bench -- search` (names: ingest, search, startup, client, print, intake, collect, stats, team-search, team-issue, store-sql).
 */
import os from 'node:os';

// Loaded when run: a bundle of this runner (scripts/bench.mjs) then starts only the asked bench's modules.
const BENCHES: Record<string, () => Promise<void>> = {
  ingest: async () => (await import('./ingest.js')).benchIngest(),
  search: async () => (await import('./search.js')).benchSearch(),
  startup: async () => (await import('./startup.js')).benchStartup(),
  client: async () => (await import('./client.js')).benchClient(),
  print: async () => (await import('./print.js')).benchPrint(),
  intake: async () => (await import('./intake.js')).benchIntake(),
  collect: async () => (await import('./collect.js')).benchCollect(),
  stats: async () => (await import('./stats.js')).benchStats(),
  'team-search': async () => (await import('./team-search.js')).benchTeamSearch(),
  'team-issue': async () => (await import('./team-issue.js')).benchTeamIssue(),
  'store-sql': async () => (await import('./store-sql.js')).benchStoreSql(),
};
/** Benches another process runs (scripts/bench.mjs: from the bundle), left out when all are asked. */
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter((name) => name !== ''));

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  process.stderr.write(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}\n`);
  process.exit(2);
}
process.stdout.write(`machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}\n`);
for (const name of asked.length > 0 ? asked : Object.keys(BENCHES).filter((name) => !skipped.has(name))) {
  const bench = BENCHES[name];
  if (bench) await bench();
}
