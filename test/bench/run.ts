/**
 * Benchmarks (docs/architecture.md §10): `npm run bench`. Each prints one line
 * `bench NAME: ours=X baseline=Y ratio=R` with its baseline measured in the same run. Never part of
 * `npm test`; results and the machine they ran on are recorded in docs/benchmarks.md.
 * Run one with `npm run bench -- search` (names: ingest, search, startup, client, print, intake, collect).
 */
import os from 'node:os';
import { benchClient } from './client.js';
import { benchCollect } from './collect.js';
import { benchIngest } from './ingest.js';
import { benchIntake } from './intake.js';
import { benchPrint } from './print.js';
import { benchSearch } from './search.js';
import { benchStartup } from './startup.js';

const BENCHES: Record<string, () => void | Promise<void>> = {
  ingest: benchIngest,
  search: benchSearch,
  startup: benchStartup,
  client: benchClient,
  print: benchPrint,
  intake: benchIntake,
  collect: benchCollect,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  process.stderr.write(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}\n`);
  process.exit(2);
}
process.stdout.write(`machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}\n`);
for (const name of asked.length > 0 ? asked : Object.keys(BENCHES)) {
  const bench = BENCHES[name];
  if (bench) await bench();
}
