/**
 * The ledger port's contract for the outbox store and transactions (docs/team-ledger.md §2, §4), run
 * unchanged against both adapters — a real SQLite history.db and a real PostgreSQL team ledger — with the
 * same results and the same refusals: enqueue, claim, finish, reschedule, resume, counts; claims that never
 * overlap; a lapsed lease taken over and the old holder's late outcome applying nothing; a transaction
 * that throws leaving nothing, its finish included; savepoints for nested transactions.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateSerialError, LedgerTransactionError, type Ledger, type LedgerStores, type OutboxClaim } from '../../../main/ledger/port.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const entry = (serial: string, kind = 'issue') => ({ kind, serial, requestJson: JSON.stringify({ serial }), enterprise: '91330100MA2B3C4D5E' });

async function enqueueAll(ledger: Ledger, serials: string[]): Promise<number[]> {
  return ledger.transaction(async (tx) => {
    const ids: number[] = [];
    for (const serial of serials) ids.push(await tx.outbox.enqueue(entry(serial)));
    return ids;
  });
}

// Rows of made-up kinds with nothing behind them: only the team's owner may queue those (adapters.ts).
describe.each(ledgerDatabases({ owner: true }))('the outbox store and transactions on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('queues rows, hands them out once in order with a lease, and counts them', async () => {
    const ledger = await fixture.open();
    expect(await ledger.outbox.pendingCount()).toBe(0);
    expect(await ledger.outbox.nextDueIn()).toBeNull();
    const ids = await enqueueAll(ledger, ['S1', 'S2', 'S3']);
    expect(await ledger.outbox.pendingCount()).toBe(3);
    expect(await ledger.outbox.nextDueIn()).toBe(0);

    const first = await ledger.outbox.claim(2);
    expect(first.map(({ id, kind, serial, request_json, state, attempts, last_error }) => ({ id, kind, serial, request_json, state, attempts, last_error }))).toEqual([
      { id: ids[0], kind: 'issue', serial: 'S1', request_json: '{"serial":"S1"}', state: 'pending', attempts: 0, last_error: null },
      { id: ids[1], kind: 'issue', serial: 'S2', request_json: '{"serial":"S2"}', state: 'pending', attempts: 0, last_error: null },
    ]);
    // Claimed rows are not handed out again while their lease holds; the rest are.
    expect((await ledger.outbox.claim(5)).map((row) => row.serial)).toEqual(['S3']);
    expect(await ledger.outbox.claim(5)).toEqual([]);
    expect(await ledger.outbox.pendingCount()).toBe(3);
    const wait = await ledger.outbox.nextDueIn();
    expect(wait).toBeGreaterThan(ledger.outbox.leaseMs / 2);
    expect(wait).toBeLessThanOrEqual(ledger.outbox.leaseMs);
  });

  it('refuses a (kind, serial) queued twice with DuplicateSerialError, and keeps the first', async () => {
    const ledger = await fixture.open();
    await ledger.outbox.enqueue(entry('S1'));
    await expect(ledger.outbox.enqueue(entry('S1'))).rejects.toBeInstanceOf(DuplicateSerialError);
    await ledger.outbox.enqueue(entry('S1', 'redletter'));
    expect((await fixture.rows()).map((row) => row.serial)).toEqual(['S1', 'S1']);
  });

  it('finishes a row once, by its holder, counting the attempt', async () => {
    const ledger = await fixture.open();
    await enqueueAll(ledger, ['S1', 'S2']);
    const [one, two] = (await ledger.outbox.claim(2)) as [OutboxClaim, OutboxClaim];
    expect(await ledger.outbox.finish(one, 'done', null)).toBe(true);
    expect(await ledger.outbox.finish(two, 'failed', 'E1 refused')).toBe(true);
    expect(await ledger.outbox.finish(one, 'failed', 'again')).toBe(false);
    expect(await ledger.outbox.reschedule(two, 0, 'again')).toBe(false);
    expect(await ledger.outbox.release(two)).toBe(false);
    expect(await ledger.outbox.renew(one)).toBeNull();
    expect(await fixture.rows()).toEqual([
      { serial: 'S1', state: 'done', attempts: 1, last_error: null },
      { serial: 'S2', state: 'failed', attempts: 1, last_error: 'E1 refused' },
    ]);
    expect(await ledger.outbox.pendingCount()).toBe(0);
    expect(await ledger.outbox.nextDueIn()).toBeNull();
  });

  it('reschedules a row for later, releases one for now, and resumes everything at start', async () => {
    const ledger = await fixture.open();
    await enqueueAll(ledger, ['LATER', 'NOW', 'HELD']);
    const [later, now] = (await ledger.outbox.claim(2)) as [OutboxClaim, OutboxClaim];
    expect(await ledger.outbox.reschedule(later, 3_600_000, 'service unreachable')).toBe(true);
    expect(await ledger.outbox.release(now)).toBe(true);
    expect((await ledger.outbox.claim(5)).map((row) => row.serial)).toEqual(['NOW', 'HELD']);
    expect(await ledger.outbox.claim(5)).toEqual([]);
    expect(await fixture.rows()).toEqual([
      { serial: 'LATER', state: 'pending', attempts: 1, last_error: 'service unreachable' },
      { serial: 'NOW', state: 'pending', attempts: 0, last_error: null },
      { serial: 'HELD', state: 'pending', attempts: 0, last_error: null },
    ]);
    // A restart of the desk: its leases were a run that ended, and the backoff is forgiven.
    await ledger.outbox.resume();
    expect(await ledger.outbox.nextDueIn()).toBe(0);
    const again = await ledger.outbox.claim(5);
    expect(again.map((row) => [row.serial, row.attempts])).toEqual([
      ['LATER', 1],
      ['NOW', 0],
      ['HELD', 0],
    ]);
    // The claim renew gives back still holds the row.
    const renewed = await ledger.outbox.renew(again[0]!);
    expect(renewed).not.toBeNull();
    expect(await ledger.outbox.finish(renewed!, 'done', null)).toBe(true);
  });

  it('never hands one row to two claimers, and hands out every row', async () => {
    const desks = [await fixture.open({ desk: 'desk-a' }), await fixture.open({ desk: 'desk-b' })];
    const ids = await enqueueAll(desks[0]!, Array.from({ length: 60 }, (_, i) => `S${i}`));
    const claimed: number[] = [];
    const claimer = async (ledger: Ledger) => {
      for (;;) {
        const rows = await ledger.outbox.claim(3);
        if (rows.length === 0) return;
        claimed.push(...rows.map((row) => row.id));
      }
    };
    await Promise.all(desks.flatMap((ledger) => [claimer(ledger), claimer(ledger), claimer(ledger)]));
    expect(claimed.sort((a, b) => a - b)).toEqual(ids);
  });

  it('lets a lapsed lease be taken over; the old holder then changes nothing', async () => {
    const dying = await fixture.open({ desk: 'desk-dying', leaseMs: 300 });
    const rescuer = await fixture.open({ desk: 'desk-rescuer' });
    const [id] = await enqueueAll(dying, ['S1']);
    const [old] = (await dying.outbox.claim(5)) as [OutboxClaim];
    expect(old.id).toBe(id);

    let taken: OutboxClaim[] = [];
    await expect.poll(async () => (taken = await rescuer.outbox.claim(5)).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(taken[0]).toMatchObject({ id, serial: 'S1' });

    // The first holder wakes up with its answer: nothing it writes counts, inside a transaction or not.
    const applied: string[] = [];
    await dying.transaction(async (tx) => {
      if (await tx.outbox.finish(old, 'done', null)) applied.push('late outcome');
    });
    expect(applied).toEqual([]);
    expect(await dying.outbox.renew(old)).toBeNull();
    expect(await dying.outbox.reschedule(old, 0, 'late')).toBe(false);
    expect(await dying.outbox.release(old)).toBe(false);
    expect(await rescuer.outbox.finish(taken[0]!, 'done', null)).toBe(true);
    expect(await fixture.rows()).toEqual([{ serial: 'S1', state: 'done', attempts: 1, last_error: null }]);
  });

  it('leaves nothing of a transaction that throws, and the serial may be queued again', async () => {
    const ledger = await fixture.open();
    await expect(
      ledger.transaction(async (tx) => {
        await tx.outbox.enqueue(entry('S1'));
        // The ledger's own store, called from the body, is in the same transaction.
        await ledger.outbox.enqueue(entry('S2'));
        expect(await tx.outbox.pendingCount()).toBe(2);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await fixture.rows()).toEqual([]);
    expect(await ledger.outbox.pendingCount()).toBe(0);
    await ledger.outbox.enqueue(entry('S1'));
    expect(await ledger.outbox.pendingCount()).toBe(1);
  });

  it('rolls the finish back when the apply after it throws, so the outcome is stored once, later', async () => {
    const ledger = await fixture.open();
    await enqueueAll(ledger, ['S1']);
    const [claim] = (await ledger.outbox.claim(1)) as [OutboxClaim];
    await expect(
      ledger.transaction(async (tx) => {
        if (await tx.outbox.finish(claim, 'done', null)) throw new Error('apply failed');
      }),
    ).rejects.toThrow('apply failed');
    expect(await fixture.rows()).toEqual([{ serial: 'S1', state: 'pending', attempts: 0, last_error: null }]);
    expect(await ledger.transaction((tx) => tx.outbox.finish(claim, 'done', null))).toBe(true);
    expect(await fixture.rows()).toEqual([{ serial: 'S1', state: 'done', attempts: 1, last_error: null }]);
  });

  it('runs a nested transaction as a savepoint: its throw undoes only its own writes', async () => {
    const ledger = await fixture.open();
    await ledger.transaction(async (tx) => {
      await tx.outbox.enqueue(entry('OUTER'));
      await expect(
        ledger.transaction(async (inner) => {
          await inner.outbox.enqueue(entry('INNER-UNDONE'));
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      await ledger.transaction((inner) => inner.outbox.enqueue(entry('INNER-KEPT')));
      await tx.outbox.enqueue(entry('AFTER'));
    });
    expect((await fixture.rows()).map((row) => row.serial)).toEqual(['OUTER', 'INNER-KEPT', 'AFTER']);

    // A nested transaction goes with its outer one when that throws.
    await expect(
      ledger.transaction(async () => {
        await ledger.transaction((inner) => inner.outbox.enqueue(entry('GONE')));
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(await ledger.outbox.pendingCount()).toBe(3);
  });

  it('refuses two nested transactions at once, and a transaction store used after its end', async () => {
    const ledger = await fixture.open();
    let kept: LedgerStores | undefined;
    const results = await ledger.transaction(async (tx) => {
      kept = tx;
      return Promise.allSettled([
        ledger.transaction((inner) => inner.outbox.enqueue(entry('FIRST'))),
        ledger.transaction((inner) => inner.outbox.enqueue(entry('SECOND'))),
      ]);
    });
    expect(results[0].status).toBe('fulfilled');
    expect(results[1]).toMatchObject({ status: 'rejected', reason: expect.any(LedgerTransactionError) });
    expect((await fixture.rows()).map((row) => row.serial)).toEqual(['FIRST']);
    await expect(kept!.outbox.enqueue(entry('LATE'))).rejects.toBeInstanceOf(LedgerTransactionError);
    expect(await ledger.outbox.pendingCount()).toBe(1);
  });
});
