/**
 * A core in a child process, for crash tests: the parent kills it with SIGKILL at random moments and
 * starts it again on the same data folder. It talks line by line:
 *   stdin  `submit <n> [pauseMs]`  → submits n drafts through the IPC router, one at a time
 *   stdout `ready` once the core is up; `submitted <lsh>` after each submission is committed;
 *          `idle` when asked `drain` and no outbox row is pending any more.
 * Args: <dataDir> <baseUrl> <appKey> <appSecret> <sellerTaxNumber> <sellerName>
 */
import { createCore } from '../../main/core.js';
import { serveDeskCommands } from './desk-commands.js';
import { createTestCipher } from './test-cipher.js';

const [dataDir, baseUrl, appKey, appSecret, taxNumber, name] = process.argv.slice(2);
if (!dataDir || !baseUrl || !appKey || !appSecret || !taxNumber || !name) {
  console.error('usage: core-child <dataDir> <baseUrl> <appKey> <appSecret> <sellerTaxNumber> <sellerName>');
  process.exit(2);
}

const core = await createCore(
  {
    dataDir,
    appVersion: 'crash-test',
    service: { kind: 'remote', baseUrl, appKey, appSecret, seller: { taxNumber, name } },
    outboxBaseDelayMs: 20,
    outboxMaxDelayMs: 200,
    serviceTimeoutMs: 2_000,
  },
  { cipher: createTestCipher() },
);
process.stdout.write('ready\n');
await serveDeskCommands(core, { buyer: '崩溃测试客户' });
