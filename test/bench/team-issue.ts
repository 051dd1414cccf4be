/**
 * bench team-issue (issue 24, docs/benchmarks.md): issuance throughput of three desks on one team ledger
 * against one desk, on the same standalone sandbox, in the same run. Each round starts a fresh team ledger
 * (PostgreSQL) and a fresh sandbox, starts the desks (headless, scripts/headless-desk.ts) and waits until
 * they are up, then times from the first submission until every invoice is issued (the outbox empty and
 * every row `issued`): the desks' submissions split evenly between them, nothing else running.
 *   ours     = invoices/s with three desks
 *   baseline = invoices/s with one desk
 *   ratio    = ours / baseline: above 1, three desks issue faster together than one alone.
 * Rounds alternate one desk and three desks; each side's median is reported.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createTeamLedgerDb, pendingRows, runFolder, startDesk, startStandaloneSandbox, type DeskProcess } from '../team/support/desks.js';
import { buildChildBundles } from '../support/child-bundles.js';
import { fmt, report } from './common.js';

const INVOICES = 300;
const ROUNDS = 3;
/** The sandbox keeps each issuance pending this long (ms), as a real service answers later, not at once. */
const ISSUE_DELAY_MS = '40';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Invoices per second with `deskCount` desks issuing INVOICES between them. */
async function round(deskCount: number): Promise<number> {
  const root = runFolder('fapiao-bench-team-issue-');
  const ledger = await createTeamLedgerDb();
  const sandbox = await startStandaloneSandbox(path.join(root, 'sandbox'), ['--seed', '1', '--issue-delay', ISSUE_DELAY_MS]);
  const desks: DeskProcess[] = [];
  try {
    for (let index = 0; index < deskCount; index++) {
      desks.push(startDesk({ name: `desk-${index + 1}`, dataDir: path.join(root, `desk-${index + 1}`), sandboxUrl: sandbox.baseUrl, ledger }));
    }
    await Promise.all(desks.map((desk) => desk.next(/^ready$/)));
    const started = performance.now();
    await Promise.all(
      desks.map((desk, index) => {
        const share = Math.floor(INVOICES / deskCount) + (index < INVOICES % deskCount ? 1 : 0);
        const done = desk.next(/^done$/);
        desk.send(`submit ${share} 0`);
        return done;
      }),
    );
    for (;;) {
      const issued = (await ledger.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM issued_invoice WHERE status = 'issued'`)).rows[0]!.n;
      if (issued === INVOICES && (await pendingRows(ledger)) === 0) break;
      const failed = (await ledger.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM issued_invoice WHERE status = 'failed'`)).rows[0]!.n;
      if (failed > 0) throw new Error(`${failed} invoices failed at the sandbox: the bench measures issuance that succeeds`);
      await sleep(20);
    }
    return INVOICES / ((performance.now() - started) / 1000);
  } finally {
    await Promise.all(desks.map((desk) => desk.exit()));
    await sandbox.close();
    await ledger.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function benchTeamIssue(): Promise<void> {
  // The desks run their prebuilt bundle, built now from the code being measured.
  await buildChildBundles();
  const one: number[] = [];
  const three: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    one.push(await round(1));
    three.push(await round(3));
  }
  const ours = median(three);
  const baseline = median(one);
  report(
    'team-issue',
    `${fmt(ours, 1)} invoices/s (3 desks)`,
    `${fmt(baseline, 1)} invoices/s (1 desk)`,
    ours / baseline,
    `${INVOICES} invoices a round, sandbox issue delay ${ISSUE_DELAY_MS} ms; ${ROUNDS} rounds each, medians; one desk ${one.map((v) => fmt(v, 1)).join(' ')}, three desks ${three.map((v) => fmt(v, 1)).join(' ')}`,
  );
}
