/**
 * The outbox worker over the ledger port (main/outbox/worker.ts), on both adapters: a handler's outcome and
 * its `apply` are stored in one ledger transaction, exactly once; a claim is renewed during a long send; a
 * desk whose lease lapsed during its send
 * (its renewals did not reach the ledger) and was taken over applies nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../main/ledger/port.js';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker, type SendOutcome } from '../../../main/outbox/worker.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const entry = (serial: string, kind = 'issue') => ({ kind, serial, requestJson: JSON.stringify({ serial }), enterprise: null });

// Rows of made-up kinds with nothing behind them: only the team's owner may queue those (adapters.ts).
describe.each(ledgerDatabases({ owner: true }))('the outbox worker on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  const workers: OutboxWorker[] = [];
  const start = (ledger: Ledger, handlers: Record<string, OutboxHandler>, concurrency = 4) => {
    const worker = createOutboxWorker({ ledger, handlers, baseDelayMs: 10, maxDelayMs: 40, concurrency, log: () => {} });
    workers.push(worker);
    worker.start();
    return worker;
  };
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    await fixture.reset();
  });
  afterAll(() => fixture.close());

  it('stores each outcome with its effect in one transaction, retrying an unclear send with the same serial', async () => {
    const ledger = await fixture.open();
    const sent: string[] = [];
    let unclear = 1;
    // The effect of an outcome is a row of its own, written through the transaction it is handed.
    const handler: OutboxHandler = {
      send: (row): Promise<SendOutcome> => {
        sent.push(row.serial);
        if (row.serial === 'S2' && unclear-- > 0) return Promise.resolve({ kind: 'unclear', error: 'socket hang up' });
        if (row.serial === 'S3') return Promise.resolve({ kind: 'failed', error: 'E1 refused', apply: (tx) => tx.outbox.enqueue(entry(`${row.serial}-refused`, 'effect')) });
        return Promise.resolve({ kind: 'done', apply: (tx) => tx.outbox.enqueue(entry(`${row.serial}-issued`, 'effect')) });
      },
    };
    const effects: string[] = [];
    const worker = start(ledger, { issue: handler, effect: { send: (row) => (effects.push(row.serial), Promise.resolve({ kind: 'done', apply: () => {} })) } });
    for (const serial of ['S1', 'S2', 'S3']) await ledger.outbox.enqueue(entry(serial));
    worker.kick(); // as a feature does after its enqueue
    await expect.poll(() => ledger.outbox.pendingCount()).toBe(0);
    await expect.poll(() => effects.length).toBe(3);
    expect(sent.sort()).toEqual(['S1', 'S2', 'S2', 'S3']);
    expect(effects.sort()).toEqual(['S1-issued', 'S2-issued', 'S3-refused']);
    expect((await fixture.rows()).filter((row) => !row.serial.includes('-'))).toEqual([
      { serial: 'S1', state: 'done', attempts: 1, last_error: null },
      { serial: 'S2', state: 'done', attempts: 2, last_error: null },
      { serial: 'S3', state: 'failed', attempts: 1, last_error: 'E1 refused' },
    ]);
  });

  it('applies nothing at a desk whose lease lapsed during its send and was taken over', async () => {
    const cutOff = await fixture.open({ desk: 'desk-cut-off', leaseMs: 300 });
    // Its renewals never reach the ledger (a lost network, a paused process): the lease lapses.
    const unreachable: Ledger = { ...cutOff, outbox: { ...cutOff.outbox, renew: () => Promise.reject(new Error('connection lost')) } };
    const rescuer = await fixture.open({ desk: 'desk-rescuer' });
    let answer: (outcome: SendOutcome) => void = () => {};
    const applied: string[] = [];
    // One row at a time, so that the desk does not claim its own lapsed row again while it still sends it.
    start(unreachable, { issue: { send: () => new Promise<SendOutcome>((resolve) => (answer = resolve)) } }, 1);
    await cutOff.outbox.enqueue(entry('S1'));
    workers[0]!.kick();
    // The desk's send has begun (its handler holds the answer back).
    await expect.poll(() => answer.length).toBe(1);

    // The rescuer takes the row over once the lease lapsed and stores its outcome.
    start(rescuer, { issue: { send: () => Promise.resolve({ kind: 'done', apply: () => void applied.push('rescuer') }) } });
    await expect.poll(() => applied).toEqual(['rescuer']);

    // The first desk's answer arrives late: its finish changes nothing and its effect is not applied.
    answer({ kind: 'done', apply: () => void applied.push('cut-off') });
    // Stopping waits for every send and commit in flight (apply runs before its COMMIT).
    for (const worker of workers) await worker.stop();
    expect(applied).toEqual(['rescuer']);
    expect(await fixture.rows()).toEqual([{ serial: 'S1', state: 'done', attempts: 1, last_error: null }]);
  });

  it('renews its claim during a send longer than the lease, so nobody takes the row over', async () => {
    const slow = await fixture.open({ desk: 'desk-slow', leaseMs: 3000 });
    let renewals = 0;
    const counted: Ledger = {
      ...slow,
      outbox: { ...slow.outbox, renew: (claim) => slow.outbox.renew(claim).then((renewed) => (renewed && (renewals += 1), renewed)) },
    };
    const rescuer = await fixture.open({ desk: 'desk-rescuer' });
    let answer: (outcome: SendOutcome) => void = () => {};
    const applied: string[] = [];
    const worker = start(counted, { issue: { send: () => new Promise<SendOutcome>((resolve) => (answer = resolve)) } });
    await slow.outbox.enqueue(entry('S1'));
    worker.kick();
    // Renewed every third of the lease (3 s, so that a stalled event loop on a busy machine does not lapse it
    // between two renewals): after four renewals the first lease is long over, yet still held.
    await expect.poll(() => renewals).toBeGreaterThanOrEqual(4);
    expect(await rescuer.outbox.claim(5)).toEqual([]);
    answer({ kind: 'done', apply: () => void applied.push('slow') });
    await expect.poll(() => applied).toEqual(['slow']);
    await worker.stop();
    expect(await fixture.rows()).toEqual([{ serial: 'S1', state: 'done', attempts: 1, last_error: null }]);
  });

  it('sends a row again that fell due before its previous send had settled, instead of leaving it leased', async () => {
    const ledger = await fixture.open();
    const claimed: number[] = [];
    const watched: Ledger = { ...ledger, outbox: { ...ledger.outbox, claim: (limit) => ledger.outbox.claim(limit).then((claims) => (claimed.push(...claims.map((c) => c.id)), claims)) } };
    const sent: string[] = [];
    const handler: OutboxHandler = {
      // Pending the first time (due again 20 ms later), issued the second.
      send: (row) => (sent.push(row.serial), Promise.resolve(sent.length === 1 ? { kind: 'pending' } : { kind: 'done', apply: () => {} })),
      // After the first outcome is stored and before its send has settled, the row is due again and a tick
      // claims it (another row settling, or an enqueue, kicks the worker).
      afterCommit: async () => {
        if (sent.length > 1) return;
        workers[0]?.kick();
        await expect.poll(() => claimed.length).toBe(2);
      },
    };
    const worker = start(watched, { issue: handler });
    await ledger.outbox.enqueue(entry('S1'));
    worker.kick();
    // Settled in moments, not after the claim's lease (two minutes) lapsed.
    await expect.poll(() => ledger.outbox.pendingCount(), { timeout: 10_000 }).toBe(0);
    expect(sent).toEqual(['S1', 'S1']);
    expect(await fixture.rows()).toEqual([{ serial: 'S1', state: 'done', attempts: 2, last_error: null }]);
  });
});
