/**
 * The kill test of issue 24 (docs/team-ledger.md §4): three headless desks (scripts/headless-desk.ts) on one
 * PostgreSQL team ledger and one standalone sandbox issue TOTAL submissions together, while random desks are
 * killed with SIGKILL and started again (after a random wait, so that sometimes the others take a dead
 * desk's leased rows over first) at least MIN_KILLS times. The sandbox drops some answers after processing
 * them and fails some requests, so sends are retried with their serials. At the end, with every desk alive
 * and the outbox empty, the sandbox's own records judge: each lsh issued at most once, every submitted
 * lsh issued with the number the ledger holds. Prints
 *   team: desks=3 submitted=N issued=N duplicates=0 lost=0 kills=K
 * Run by test/team/kill.test.ts, or alone: `npx tsx test/team/kill-test.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../sandbox/index.js';
import { createTeamLedgerDb, judgeTeam, pendingRows, runFolder, startDesk, startStandaloneSandbox, type DeskProcess, type TeamJudgement } from './support/desks.js';

export interface KillTestResult extends TeamJudgement {
  desks: number;
  kills: number;
  /** Kills that hit a desk while it was submitting. */
  killsWhileSubmitting: number;
  line: string;
}

export interface KillTestOptions {
  total?: number;
  minKills?: number;
  seed?: number;
  log?: (line: string) => void;
}

const DESKS = 3;
/** Invoices a desk submits per command; the parent hands out the next batch when one is done. */
const BATCH = 5;
const LEASE_SECONDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runKillTest(options: KillTestOptions = {}): Promise<KillTestResult> {
  const total = options.total ?? 300;
  const minKills = options.minKills ?? 10;
  const seed = options.seed ?? 20261127;
  const log = options.log ?? ((line) => console.log(line));
  const random = seededRandom(seed);
  const root = runFolder('fapiao-team-kill-');
  const ledger = await createTeamLedgerDb();
  const sandbox = await startStandaloneSandbox(path.join(root, 'sandbox'), ['--seed', String(seed), '--drop-rate', '0.08', '--error-rate', '0.04', '--jitter', '30', '--issue-delay', '40']);
  const acked = new Set<string>();
  const refusals: string[] = [];
  /** Submissions asked for and not yet answered or abandoned by a kill. */
  let asked = 0;
  const desks: Array<DeskProcess | null> = Array.from({ length: DESKS }, () => null);
  const busy = new Set<number>();

  const feed = (index: number) => {
    const desk = desks[index];
    if (!desk || acked.size + asked >= total || refusals.length > 0) return busy.delete(index);
    asked += BATCH;
    busy.add(index);
    desk.send(`submit ${BATCH} 30`);
  };
  const start = async (index: number) => {
    let answered = 0;
    const desk = startDesk({
      name: `desk-${index + 1}`,
      dataDir: path.join(root, `desk-${index + 1}`),
      sandboxUrl: sandbox.baseUrl,
      ledger,
      leaseSeconds: LEASE_SECONDS,
      onLine(line) {
        const submitted = /^submitted (\S+)$/.exec(line);
        if (submitted?.[1]) {
          acked.add(submitted[1]);
          answered += 1;
          asked -= 1;
        } else if (line.startsWith('refused ')) refusals.push(`${desk.name}: ${line}`);
        else if (line === 'done') {
          asked -= BATCH - answered;
          answered = 0;
          if (desks[index] === desk) feed(index);
        }
      },
    });
    // A kill abandons what the desk was asked and had not answered.
    void desk.exited.then(() => {
      if (busy.delete(index)) asked -= BATCH - answered;
    });
    await desk.next(/^ready$/);
    desks[index] = desk;
    feed(index);
  };

  let kills = 0;
  let killsWhileSubmitting = 0;
  try {
    await Promise.all(desks.map((_, index) => start(index)));
    while (kills < minKills || acked.size < total) {
      if (refusals.length > 0) throw new Error(`a desk refused to issue: ${refusals.join('; ')}`);
      await sleep(400 + random() * 1600);
      const index = Math.floor(random() * DESKS);
      const desk = desks[index];
      if (!desk) continue;
      desks[index] = null;
      if (busy.has(index)) killsWhileSubmitting += 1;
      await desk.kill();
      kills += 1;
      log(`  kill ${kills}: ${desk.name} (${acked.size}/${total} submitted)`);
      // Back after a while: long enough, sometimes, for a colleague to take its leased rows over.
      void sleep(random() * LEASE_SECONDS * 1500).then(() => start(index));
    }
    // Every desk alive again, then the outbox runs dry.
    while (desks.some((desk) => desk === null)) await sleep(100);
    while ((await pendingRows(ledger)) > 0) await sleep(200);
    await Promise.all(desks.map((desk) => desk?.exit()));
    const judged = await judgeTeam(ledger, sandbox, acked);
    const line = `team: desks=${DESKS} submitted=${judged.submitted} issued=${judged.issued} duplicates=${judged.duplicates} lost=${judged.lost} kills=${kills}`;
    log(line);
    log(`  (${killsWhileSubmitting} kills while submitting; ${acked.size} acknowledged; seed ${seed})`);
    return { ...judged, desks: DESKS, kills, killsWhileSubmitting, line };
  } finally {
    await Promise.all(desks.map((desk) => desk?.kill()));
    await sandbox.close();
    await ledger.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runKillTest({ ...(process.env.TEAM_SEED ? { seed: Number(process.env.TEAM_SEED) } : {}) });
}
