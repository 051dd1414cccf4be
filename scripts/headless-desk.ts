/**
 * A desk without a window (docs/team-ledger.md §4): the core on the team ledger, talking to a service over
 * HTTP, driven line by line — for the kill test (test/team/kill-test.ts) and the bench `team-issue`, which
 * run several of these as child processes and SIGKILL them at random. Run it with Node and tsx as a loader
 * (`node --import tsx scripts/headless-desk.ts …`) so that a kill hits the process running the core.
 *
 *   args   --data <dir> --desk <name> --service <baseUrl> --app-key <k> --app-secret <s> --tax-number <n>
 *          --seller <name> --pg-host <h> --pg-port <p> --pg-database <db> --pg-user <u> [--lease <s>]
 *          the password in FAPIAO_TEAM_PASSWORD (never on the command line)
 *   stdin  `submit <n> [pauseMs]` submits n invoices through the IPC router, one at a time; `exit`
 *   stdout `ready` once the core is up; `submitted <lsh>` after each submission committed;
 *          `refused <code> <key>` when the core refused one (the submissions stop); `done` after each submit
 */
import { parseArgs } from 'node:util';
import { createCore } from '../main/core.js';
import { serveDeskCommands } from '../test/support/desk-commands.js';
import { createTestCipher } from '../test/support/test-cipher.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    desk: { type: 'string' },
    service: { type: 'string' },
    'app-key': { type: 'string' },
    'app-secret': { type: 'string' },
    'tax-number': { type: 'string' },
    seller: { type: 'string' },
    'pg-host': { type: 'string', default: '127.0.0.1' },
    'pg-port': { type: 'string', default: '5432' },
    'pg-database': { type: 'string' },
    'pg-user': { type: 'string' },
    lease: { type: 'string' },
  },
});
const required = ['data', 'desk', 'service', 'app-key', 'app-secret', 'tax-number', 'seller', 'pg-database', 'pg-user'] as const;
const missing = required.filter((name) => !values[name]);
const password = process.env.FAPIAO_TEAM_PASSWORD;
if (missing.length > 0 || password === undefined) {
  process.stderr.write(`headless-desk: missing ${[...missing.map((name) => `--${name}`), ...(password === undefined ? ['FAPIAO_TEAM_PASSWORD'] : [])].join(', ')}\n`);
  process.exit(2);
}
const arg = (name: (typeof required)[number]) => values[name]!;

const core = await createCore(
  {
    dataDir: arg('data'),
    appVersion: 'headless-desk',
    dailyBackups: false,
    service: { kind: 'remote', baseUrl: arg('service'), appKey: arg('app-key'), appSecret: arg('app-secret'), seller: { taxNumber: arg('tax-number'), name: arg('seller') } },
    ledger: {
      kind: 'team',
      address: { host: values['pg-host']!, port: Number(values['pg-port']), database: arg('pg-database'), user: arg('pg-user'), tls: 'disable', caFile: null },
      password,
      desk: arg('desk'),
      ...(values.lease === undefined ? {} : { leaseSeconds: Number(values.lease) }),
    },
    outboxBaseDelayMs: 20,
    outboxMaxDelayMs: 200,
    serviceTimeoutMs: 2_000,
  },
  { cipher: createTestCipher() },
);
process.stdout.write('ready\n');
await serveDeskCommands(core, { buyer: '团队测试客户', reportRefusals: true, done: true });
