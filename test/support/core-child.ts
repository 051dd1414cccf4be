/**
 * A core in a child process, for crash tests: the parent kills it with SIGKILL at random moments and
 * starts it again on the same data folder. It talks line by line:
 *   stdin  `submit <n> [pauseMs]`  → submits n drafts through the IPC router, one at a time
 *   stdout `ready` once the core is up; `submitted <lsh>` after each submission is committed;
 *          `idle` when asked `drain` and no outbox row is pending any more.
 * Args: <dataDir> <baseUrl> <appKey> <appSecret> <sellerTaxNumber> <sellerName>
 */
import readline from 'node:readline';
import { createCore } from '../../main/core.js';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
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

let counter = 0;
function draft() {
  counter += 1;
  const cents = 100 + ((process.pid * 31 + counter * 17) % 9_900);
  return {
    invoiceType: '026',
    buyerName: `崩溃测试客户${process.pid}-${counter}`,
    issuer: '测试',
    lines: [{ name: '测试商品', taxCode: '1060201070000000000', quantity: '1', unitPrice: (cents / 100).toFixed(2), rate: '0.13' }],
  };
}

async function submit(n: number, pauseMs: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const result = await core.router.dispatch('issuance:submit', draft());
    if (!result.ok) throw new Error(`submit refused: ${result.error.code} ${result.error.message}`);
    process.stdout.write(`submitted ${(result.value as InvoiceSummary).lsh}\n`);
  }
}

async function drain(): Promise<void> {
  for (;;) {
    const list = await core.router.dispatch('history:list', { limit: 500 });
    if (list.ok && (list.value as InvoiceSummary[]).every((row) => row.status === 'issued' || row.status === 'failed')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stdout.write('idle\n');
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const [command, arg, pause] = line.trim().split(/\s+/);
  if (command === 'submit') await submit(Number(arg), Number(pause ?? 0));
  else if (command === 'drain') await drain();
  else if (command === 'exit') break;
}
lines.close();
await core.close();
// stdin may still be open (the parent keeps its end): exit explicitly once the core is closed cleanly.
process.exit(0);
