/**
 * A core in a child process for the input-side crash tests: the parent kills it with SIGKILL between
 * collection pages or after a certification batch was sent, and starts it again on the same data folder
 * (the core resumes by itself). It talks line by line:
 *   stdin  `collect <kind> <from> <to>`  → collection:start; `certify <SQRZLX> <id,id,…>` → submitSelection;
 *          `ledger <kind>` → prints the ledger count of that kind; `exit`
 *   stdout `ready`; `run <id> <PCH>`; `page <id> <rows> <total> <status>` on every progress event;
 *          `batch <PCH>` once a batch is stored; `cert <PCH> <status>` on every certification event;
 *          `ledger <count>`
 * Args: <dataDir> <baseUrl> <appKey> <appSecret> <taxNumber> <name> <pageSize>
 */
import readline from 'node:readline';
import { createCore } from '../../main/core.js';
import { createTestCipher } from './test-cipher.js';

const [dataDir, baseUrl, appKey, appSecret, taxNumber, name, pageSize] = process.argv.slice(2);
if (!dataDir || !baseUrl || !appKey || !appSecret || !taxNumber || !name || !pageSize) {
  console.error('usage: input-core-child <dataDir> <baseUrl> <appKey> <appSecret> <taxNumber> <name> <pageSize>');
  process.exit(2);
}

const core = await createCore(
  {
    dataDir,
    appVersion: 'input-crash-test',
    service: { kind: 'remote', baseUrl, appKey, appSecret, seller: { taxNumber, name } },
    outboxBaseDelayMs: 20,
    outboxMaxDelayMs: 200,
    serviceTimeoutMs: 3_000,
    collectionPageSize: Number(pageSize),
  },
  { cipher: createTestCipher() },
);
const say = (line: string) => process.stdout.write(`${line}\n`);
core.onEvent((event, payload) => {
  if (event === 'collection:progress') say(`page ${payload.id} ${payload.rows} ${payload.total ?? '-'} ${payload.status}`);
  if (event === 'certification:updated') say(`cert ${payload.PCH} ${payload.status}`);
});
say('ready');

async function call(channel: string, payload: unknown): Promise<unknown> {
  const result = await core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel} refused: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const [command, a, b, c] = line.trim().split(/\s+/);
  if (command === 'collect') {
    const { runIds } = (await call('collection:start', { kinds: [a], from: b, to: c })) as { runIds: number[] };
    const runs = (await call('collection:runs', {})) as Array<{ id: number; PCH: string }>;
    for (const id of runIds) say(`run ${id} ${runs.find((run) => run.id === id)?.PCH ?? '?'}`);
  } else if (command === 'certify') {
    const { PCHs } = (await call('certification:submitSelection', { ids: (b ?? '').split(',').map(Number), SQRZLX: a })) as { PCHs: string[] };
    for (const pch of PCHs) say(`batch ${pch}`);
  } else if (command === 'ledger') {
    const page = (await call('collection:ledger', { FPLXDM: a, limit: 1 })) as { totals: { count: number } | null };
    say(`ledger ${page.totals?.count}`);
  } else if (command === 'exit') break;
}
lines.close();
await core.close();
process.exit(0);
