/**
 * The ledger port's `afterCommit` (main/ledger/port.ts), on both adapters — a real SQLite history.db and a
 * real PostgreSQL team ledger: what follows a write (the change event another desk re-reads on) runs once the
 * outermost transaction committed, sees the committed row from another connection, and never runs for writes
 * rolled back, whether the whole transaction or only a savepoint.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const entry = (serial: string) => ({ kind: 'issue', serial, requestJson: JSON.stringify({ serial }), enterprise: '91330100MA2B3C4D5E' });

// Rows of made-up kinds with nothing behind them: only the team's owner may queue those (adapters.ts).
describe.each(ledgerDatabases({ owner: true }))('effects after commit on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  /** What another connection sees of the outbox: the serials committed so far. */
  const committedSerials = async () => (await fixture.rows()).map((row) => row.serial);

  it('runs at once outside a transaction, and after the commit inside one, seeing the committed row', async () => {
    const ledger = await fixture.open();
    const ran: string[] = [];
    ledger.afterCommit(() => ran.push('outside'));
    expect(ran).toEqual(['outside']);

    let seen: Promise<string[]> | undefined;
    await ledger.transaction(async (tx) => {
      await tx.outbox.enqueue(entry('S1'));
      ledger.afterCommit(() => {
        ran.push('inside');
        seen = committedSerials();
      });
      await tx.outbox.pendingCount();
      expect(ran).toEqual(['outside']);
    });
    expect(ran).toEqual(['outside', 'inside']);
    expect(await seen).toEqual(['S1']);
  });

  it('waits for the outermost commit when called in a savepoint, and drops what a rollback undid', async () => {
    const ledger = await fixture.open();
    const ran: string[] = [];
    await ledger.transaction(async (tx) => {
      await ledger.transaction(async (inner) => {
        await inner.outbox.enqueue(entry('kept'));
        ledger.afterCommit(() => ran.push('kept'));
      });
      // Released, but not committed yet.
      expect(ran).toEqual([]);
      await ledger
        .transaction(async (inner) => {
          await inner.outbox.enqueue(entry('undone'));
          ledger.afterCommit(() => ran.push('undone'));
          throw new Error('the savepoint rolls back');
        })
        .catch(() => undefined);
      await tx.outbox.enqueue(entry('outer'));
      ledger.afterCommit(() => ran.push('outer'));
    });
    expect(ran).toEqual(['kept', 'outer']);
    expect((await committedSerials()).sort()).toEqual(['kept', 'outer']);

    await expect(
      ledger.transaction(async (tx) => {
        await tx.outbox.enqueue(entry('never'));
        ledger.afterCommit(() => ran.push('never'));
        throw new Error('the whole transaction rolls back');
      }),
    ).rejects.toThrow('the whole transaction rolls back');
    expect(ran).toEqual(['kept', 'outer']);
    expect((await committedSerials()).sort()).toEqual(['kept', 'outer']);
  });

  it('runs every effect even when one of them throws', async () => {
    const ledger = await fixture.open();
    const ran: string[] = [];
    await ledger.transaction(async (tx) => {
      await tx.outbox.enqueue(entry('S1'));
      ledger.afterCommit(() => {
        throw new Error('a listener failed');
      });
      ledger.afterCommit(() => ran.push('second'));
    });
    expect(ran).toEqual(['second']);
  });
});
