/**
 * A collection stores up to five pages a transaction (PAGES_A_TRANSACTION, main/features/collection/service.ts),
 * through the core against a seeded sandbox over real HTTP. When a page of a step cannot be fetched, the pages
 * before it in the step are stored all the same and not asked again: the run goes on from the page that failed
 * and ends with exactly ZHS rows. What the service was asked is counted by the sandbox's own fault plan, which
 * sees every request and makes one page fail (a 502 before the endpoint runs; the client does not repeat a POST).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_DB_FILE } from '../../../main/core.js';
import { PAGES_A_TRANSACTION } from '../../../main/features/collection/service.js';
import type { FaultPlan } from '../../../sandbox/index.js';
import type { CollectionRunView } from '../../../shared/ipc/index.js';
import { ENDPOINTS } from '../../../shared/spec/endpoints.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

const PAGE = 4;
/** The request that fails: the third page of the first step. */
const FAILING = 3;

describe('collection steps', () => {
  it('stores the pages a step fetched before one failed, and asks none of them again', async () => {
    let requests = 0;
    const plan: FaultPlan = {
      beforeHandler: (endpoint) => {
        if (endpoint.path !== ENDPOINTS.collectInvoices.path) return undefined;
        requests += 1;
        return requests === FAILING ? { kind: 'respond', httpStatus: 502, body: 'bad gateway' } : undefined;
      },
      afterHandler: () => undefined,
      latencyMs: () => 0,
    };
    input = await startInputCore({ seedInvoicesPerBuyer: 300, sandbox: { faults: plan }, core: { collectionPageSize: PAGE } });
    const progress: CollectionRunView[] = [];
    input.core.onEvent((event, payload) => event === 'collection:progress' && progress.push(payload));

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const { runIds } = await input.call('collection:start', { kinds: ['01'], from: '2017-01-01', to: today });
    expect(runIds).toHaveLength(1);
    await expect.poll(async () => (await input!.call('collection:runs', {})).find((run) => run.id === runIds[0])?.status, { timeout: 60_000 }).toBe('done');
    const run = (await input.call('collection:runs', {})).find((r) => r.id === runIds[0])!;
    expect(run.total, 'the seeded buyer has more 01 invoices than one step holds').toBeGreaterThan(PAGE * PAGES_A_TRANSACTION);
    expect(run.rows).toBe(run.total);

    // The pages before the failing one were stored by the failed step (no progress is reported for it: the run
    // notes the error and tries again), so the first progress after it counts them and one whole step more.
    const running = progress.filter((event) => event.id === runIds[0] && event.rows > 0);
    expect(running[0]?.rows).toBe((FAILING - 1) * PAGE + PAGES_A_TRANSACTION * PAGE);
    // Every data page once, the failed one once more, and the closing request: nothing stored was asked again.
    const pages = Math.ceil(run.total! / PAGE);
    expect(requests).toBe(pages + 1 + 1);

    const db = new Database(path.join(input.appDir, HISTORY_DB_FILE), { readonly: true });
    const held = db.prepare(`SELECT count(*) AS n, count(DISTINCT fpdm || '/' || fphm) AS d FROM collected_invoice WHERE fplxdm = '01'`).get() as { n: number; d: number };
    db.close();
    expect(held).toEqual({ n: run.total, d: run.total });
  });
});
