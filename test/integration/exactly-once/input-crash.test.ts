/**
 * Crashes on the input side: the core runs in a child process killed with SIGKILL (as in
 * fault-injection.test.ts) and restarted on the same data folder.
 * - A collection killed between pages resumes after restart with the same PCH and ends with exactly ZHS
 *   rows, none twice: the PCH and the next KSHS are stored with the pages of every step (up to five pages).
 * - A certification killed after its batch was sent ends with each invoice's final state, sent once:
 *   one batch (one PCH) at the service, each invoice in it once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { HISTORY_DB_FILE } from '../../../main/core.js';
import {
  CERTIFICATION_BATCHES_CONTROL_PATH,
  COLLECTION_BATCHES_CONTROL_PATH,
  DEMO_CREDENTIALS,
  DEMO_ENTERPRISE,
  createFaultPlan,
  seededRandom,
  startSandbox,
  type RunningSandbox,
} from '../../../sandbox/index.js';
import { REPO_ROOT } from '../../harness/server.js';
import { tempDir } from '../../support/sample-issuance.js';
import { childArgs } from '../../support/child-bundles.js';

/** Pages of 3: 128 invoices of type 01 take 43 pages, so 9 steps of up to five pages (PAGES_A_TRANSACTION) to kill between. */
const PAGE_SIZE = 3;
const root = tempDir('fapiao-input-crash-');
const appDir = path.join(root, 'app');
const sandboxDir = path.join(root, 'sandbox');
let sandbox: RunningSandbox | undefined;

afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Child {
  process: ChildProcessWithoutNullStreams;
  exited: Promise<void>;
  lines: string[];
  next(pattern: RegExp): Promise<RegExpExecArray>;
  send(line: string): void;
}

function startChild(baseUrl: string): Child {
  const child = spawn(
    process.execPath,
    childArgs('input-core-child', [appDir, baseUrl, DEMO_CREDENTIALS.appKey, DEMO_CREDENTIALS.appSecret, DEMO_ENTERPRISE.taxNumber, DEMO_ENTERPRISE.name, String(PAGE_SIZE)]),
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpExecArray) => void }> = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (let index = 0; index < waiters.length; index++) {
      const match = waiters[index]!.pattern.exec(line);
      if (match) {
        waiters.splice(index, 1)[0]!.resolve(match);
        break;
      }
    }
  });
  return {
    process: child,
    exited,
    lines,
    send: (line) => child.stdin.write(`${line}\n`),
    next: (pattern) =>
      Promise.race([
        new Promise<RegExpExecArray>((resolve) => waiters.push({ pattern, resolve })),
        exited.then(() => Promise.reject(new Error(`child exited before ${pattern}: ${stderr.slice(-2000)}`))),
      ]),
  };
}

async function kill(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

async function finish(child: Child): Promise<void> {
  child.send('exit');
  await child.exited;
}

/** What the service holds, read through its test-only control API. */
async function control<T>(controlPath: string): Promise<T> {
  const response = await fetch(`${sandbox!.baseUrl}${controlPath}?buyer=${DEMO_ENTERPRISE.taxNumber}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('input side under SIGKILL', () => {
  it('resumes a collection killed between pages with the same PCH, and a certification killed after sending', async () => {
    // Latency on the collection pages widens the window between them, where the kills land.
    const faults = createFaultPlan({ latencyMs: 40, latencyJitterMs: 40, endpoints: ['collectInvoices'] }, seededRandom(7));
    sandbox = await startSandbox({ dataDir: sandboxDir, seed: 31, seedInvoicesPerBuyer: 1200, issueDelayMs: 200, faults, controlApi: true, onError: () => {} });

    // Collection: killed after its first page and again a few pages later.
    let child = startChild(sandbox.baseUrl);
    await child.next(/^ready$/);
    child.send(`collect 01 2017-01-01 ${today()}`);
    const [, runId, pch] = (await child.next(/^run (\d+) (\w{32})$/)) as unknown as [string, string, string];
    await child.next(new RegExp(`^page ${runId} [1-9]\\d* \\d+ running$`));
    await kill(child);
    let kills = 1;
    for (let round = 0; round < 2; round++) {
      child = startChild(sandbox.baseUrl);
      await child.next(/^ready$/);
      // Resumed by itself: two more pages, then killed again.
      await child.next(new RegExp(`^page ${runId} \\d+ \\d+ running$`));
      await child.next(new RegExp(`^page ${runId} \\d+ \\d+ running$`));
      await kill(child);
      kills += 1;
    }
    child = startChild(sandbox.baseUrl);
    await child.next(/^ready$/);
    const done = await child.next(new RegExp(`^page ${runId} (\\d+) (\\d+) done$`));
    expect(done[1]).toBe(done[2]);
    child.send('ledger 01');
    const ledger = await child.next(/^ledger (\d+)$/);
    await finish(child);

    const local = new Database(path.join(appDir, HISTORY_DB_FILE), { readonly: true });
    const runs = local.prepare(`SELECT pch, total_rows, rows_received, status FROM collection_run`).all() as Array<{ pch: string; total_rows: number; rows_received: number; status: string }>;
    const held = local.prepare(`SELECT count(*) AS n, count(DISTINCT fpdm || '/' || fphm) AS d FROM collected_invoice WHERE fplxdm = '01'`).get() as { n: number; d: number };
    local.close();
    const { batches: collected } = await control<{ batches: Array<{ PCH: string; ZHS: number; endedKSHS: number | null }> }>(COLLECTION_BATCHES_CONTROL_PATH);
    const batches = collected.map((batch) => ({ pch: batch.PCH, total_rows: batch.ZHS, ended_kshs: batch.endedKSHS }));

    console.log(`input-crash collection: ZHS=${runs[0]?.total_rows} rows=${runs[0]?.rows_received} held=${held.n} kills=${kills} pages of ${PAGE_SIZE}`);
    expect(runs).toEqual([{ pch, total_rows: batches[0]!.total_rows, rows_received: batches[0]!.total_rows, status: 'done' }]);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.pch).toBe(pch);
    expect(batches[0]!.ended_kshs).not.toBeNull();
    expect(batches[0]!.total_rows).toBeGreaterThan(PAGE_SIZE * 4);
    expect(held).toEqual({ n: batches[0]!.total_rows, d: batches[0]!.total_rows });
    expect(Number(ledger[1])).toBe(batches[0]!.total_rows);

    // Certification: three eligible invoices, killed once the batch has reached the service.
    const db = new Database(path.join(appDir, HISTORY_DB_FILE), { readonly: true });
    const cut = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const ids = (
      db
        .prepare(
          `SELECT id FROM collected_invoice WHERE fplxdm = '01' AND fpzt = '0' AND glzt = '0' AND coalesce(rzzt, '0') = '0' AND kprq >= ? AND hjje NOT LIKE '-%' ORDER BY id LIMIT 3`,
        )
        .all(cut) as Array<{ id: number }>
    ).map((row) => row.id);
    db.close();
    expect(ids).toHaveLength(3);
    child = startChild(sandbox.baseUrl);
    await child.next(/^ready$/);
    child.send(`certify 1 ${ids.join(',')}`);
    const [, batch] = (await child.next(/^batch (\w{32})$/)) as unknown as [string, string];
    await child.next(new RegExp(`^cert ${batch} submitted$`));
    await kill(child);
    child = startChild(sandbox.baseUrl);
    await child.next(/^ready$/);
    await child.next(new RegExp(`^cert ${batch} done$`));
    await finish(child);

    const after = new Database(path.join(appDir, HISTORY_DB_FILE), { readonly: true });
    const items = after.prepare(`SELECT i.rzclzt FROM certification_item i JOIN certification_batch b ON b.id = i.batch_id WHERE b.pch = ?`).all(batch) as Array<{ rzclzt: string }>;
    const certified = after.prepare(`SELECT count(*) AS n FROM collected_invoice WHERE id IN (${ids.join(',')}) AND rzzt = '1'`).get() as { n: number };
    after.close();
    const { batches: certifications } = await control<{ batches: Array<{ PCH: string; items: Array<{ FPDM: string; FPHM: string; RZCLZT: string | null }> }> }>(
      CERTIFICATION_BATCHES_CONTROL_PATH,
    );
    expect(certifications.map((b) => b.PCH)).toEqual([batch]);
    const sent = certifications.flatMap((b) => b.items);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((item) => `${item.FPDM}/${item.FPHM}`)).size).toBe(3);
    expect(sent.map((item) => item.RZCLZT)).toEqual(['4', '4', '4']);
    expect(items.map((item) => item.rzclzt)).toEqual(['4', '4', '4']);
    expect(certified.n).toBe(3);
  }, 300_000);
});
