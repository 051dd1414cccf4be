/**
 * Live across desks (docs/team-ledger.md §5) on a real PostgreSQL: a write committed on one connection with
 * `pg_notify('ledger_changed', …)` reaches the change feed of a desk listening on another, as a remote
 * change; a rolled-back write announces nothing; the desk's own notifications are not delivered twice; and
 * when the listening connection is lost the bridge listens again and announces the whole ledger changed.
 */
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createChangeFeed } from '../../../main/changes/feed.js';
import { createTeamChangeSource, notifyLedgerChanged } from '../../../main/ledger/pg/notify.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { inTeamTransaction } from '../../../main/ledger/pg/transaction.js';
import type { LedgerChange } from '../../../shared/ipc/index.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ db: TestDatabase; writer: pg.Pool; changes: LedgerChange[] }> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  const writer = createTeamPool(db.address, db.password);
  cleanups.push(() => writer.end());
  const changes: LedgerChange[] = [];
  const feed = createChangeFeed({ now: () => new Date(), deliver: (change) => changes.push(change) });
  feed.attach(createTeamChangeSource({ address: db.address, password: db.password, desk: 'desk-b', backoffMs: [100] }));
  cleanups.push(() => feed.stop());
  return { db, writer, changes };
}

/** Waits until desk-b's listening connection is up (the server lists it). */
async function listening(writer: pg.Pool): Promise<void> {
  await expect
    .poll(async () => (await writer.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'fapiao-desk listen' AND datname = current_database()`)).rows[0].n, { timeout: 10_000 })
    .toBe(1);
}

describe('the LISTEN/NOTIFY bridge', () => {
  it("feeds another desk's committed writes into this desk's feed as remote changes, and only those", async () => {
    const { writer, changes } = await setup();
    await listening(writer);

    // Rolled back: nothing is announced. The desk's own write: already announced locally, not again.
    await expect(
      inTeamTransaction(writer, async (client) => {
        await notifyLedgerChanged(client, 'desk-a', { aggregate: 'invoice', action: 'created', ids: ['999'], enterprise: 'E1' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await inTeamTransaction(writer, (client) => notifyLedgerChanged(client, 'desk-b', { aggregate: 'print', action: 'created', ids: ['5'], enterprise: 'E1' }));
    // A malformed payload from anywhere is ignored.
    await writer.query(`SELECT pg_notify('ledger_changed', '{"desk":"x","aggregate":"nonsense"}')`);
    await inTeamTransaction(writer, (client) => notifyLedgerChanged(client, 'desk-a', { aggregate: 'invoice', action: 'created', ids: [42, '43'], enterprise: '91110000000000000X' }));

    await expect.poll(() => changes.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Notifications arrive in commit order, so everything before the good one has been heard by now.
    expect(changes.map(({ aggregate, action, ids, enterprise, origin }) => ({ aggregate, action, ids, enterprise, origin }))).toEqual([
      { aggregate: 'invoice', action: 'created', ids: ['42', '43'], enterprise: '91110000000000000X', origin: { kind: 'remote', source: 'team-ledger' } },
    ]);
  });

  it('sends the whole aggregate when the ids do not fit in one notification', async () => {
    const { writer, changes } = await setup();
    await listening(writer);
    const ids = Array.from({ length: 2000 }, (_, i) => `INV-${i}`);
    await inTeamTransaction(writer, (client) => notifyLedgerChanged(client, 'desk-a', { aggregate: 'invoice', action: 'updated', ids, enterprise: 'E1' }));
    await expect.poll(() => changes.map((change) => [change.aggregate, change.ids.length]), { timeout: 10_000 }).toEqual([['invoice', 0]]);
  });

  it('listens again after losing its connection and announces the whole ledger changed', async () => {
    const { writer, changes } = await setup();
    await listening(writer);
    // The server drops the listening connection (an administrator, a restart, a network cut).
    await writer.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'fapiao-desk listen' AND datname = current_database()`);
    await expect.poll(() => changes.map((change) => `${change.aggregate}:${change.action}:${change.origin.kind}`), { timeout: 10_000 }).toEqual(['ledger:replaced:remote']);
    await listening(writer);
    await inTeamTransaction(writer, (client) => notifyLedgerChanged(client, 'desk-a', { aggregate: 'redForm', action: 'updated', ids: ['7'], enterprise: 'E1' }));
    await expect.poll(() => changes.map((change) => change.aggregate), { timeout: 10_000 }).toEqual(['ledger', 'redForm']);
  });
});
