/**
 * The line protocol of a core running in a child process that a test kills with SIGKILL at random
 * (test/support/core-child.ts for one desk's crash test, scripts/headless-desk.ts for the team kill test):
 *   stdin  `submit <n> [pauseMs]` submits n drafts through the IPC router, one at a time; `drain` waits
 *          until no invoice is still on its way; `exit` closes the core cleanly
 *   stdout `submitted <lsh>` after each submission committed; `idle` after a drain; with `done`, also
 *          `done` after each submit command; a refusal throws, or with `reportRefusals` prints
 *          `refused <code> <key>` and ends that command's submissions
 * Each draft's buyer name carries the process id, so two desks' drafts never look alike.
 */
import readline from 'node:readline';
import type { Core } from '../../main/core.js';
import type { InvoiceSummary } from '../../shared/ipc/index.js';

export interface DeskCommandOptions {
  /** The buyer's name before the process id and a counter. */
  buyer: string;
  reportRefusals?: boolean;
  done?: boolean;
}

export async function serveDeskCommands(core: Core, options: DeskCommandOptions): Promise<never> {
  let counter = 0;
  const draft = () => {
    counter += 1;
    const cents = 100 + ((process.pid * 31 + counter * 17) % 9_900);
    return {
      invoiceType: '026',
      buyerName: `${options.buyer}${process.pid}-${counter}`,
      issuer: '测试',
      lines: [{ name: '测试商品', taxCode: '1060201070000000000', quantity: '1', unitPrice: (cents / 100).toFixed(2), rate: '0.13' }],
    };
  };

  async function submit(n: number, pauseMs: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const result = await core.router.dispatch('issuance:submit', draft());
      if (!result.ok) {
        if (!options.reportRefusals) throw new Error(`submit refused: ${result.error.code} ${result.error.message}`);
        process.stdout.write(`refused ${result.error.code} ${result.error.key}\n`);
        return;
      }
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
    const [command, count, pause] = line.trim().split(/\s+/);
    if (command === 'submit') {
      await submit(Number(count), Number(pause ?? 0));
      if (options.done) process.stdout.write('done\n');
    } else if (command === 'drain') await drain();
    else if (command === 'exit') break;
  }
  lines.close();
  await core.close();
  // stdin may still be open (the parent keeps its end): exit explicitly once the core is closed cleanly.
  process.exit(0);
}
