/**
 * Exactly once across desks (docs/team-ledger.md §4) on a real PostgreSQL: four desks, each with its own
 * pool of four connections, claim from one outbox all at once — no row is ever claimed twice while its
 * lease holds, and every row is claimed. A desk that stops mid-send leaves its lease; once it lapses
 * another desk takes the row over, and the first desk's late outcome then changes nothing. Each desk connects
 * as a desk's own login (the rights of pg migration 17, whose triggers bind a row to the login that claimed
 * it); the rows are queued by the owner, as they are made-up kinds with no invoice behind them.
 */
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createPgOutbox, type PgOutbox } from '../../../main/ledger/pg/outbox.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { inTeamTransaction } from '../../../main/ledger/pg/transaction.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function ledger(): Promise<{ db: TestDatabase; owner: pg.Pool; pool: () => Promise<pg.Pool> }> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  const open = (address: TestDatabase['address'], password: string) => {
    const created = createTeamPool(address, password);
    cleanups.push(() => created.end());
    return created;
  };
  const owner = open(db.address, db.password);
  await migrateTeamLedger(owner);
  // A desk's own login, with exactly a desk's rights.
  const pool = async () => {
    const login = await db.createRole();
    await owner.query('SELECT fapiao_grant_desk($1)', [login.user]);
    return open({ ...db.address, user: login.user }, login.password);
  };
  return { db, owner, pool };
}

async function enqueueMany(outbox: PgOutbox, pool: pg.Pool, count: number): Promise<number[]> {
  return inTeamTransaction(pool, async (client) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(await outbox.enqueue(client, { kind: 'issue', serial: `LSH-${i}`, requestJson: JSON.stringify({ i }), enterprise: '91110000000000000X' }));
    }
    return ids;
  });
}

describe('the team outbox claimed by several desks', () => {
  it('never hands one row to two desks, and hands out every row', async () => {
    const { owner, pool } = await ledger();
    const desks: PgOutbox[] = [];
    const pools: pg.Pool[] = [];
    for (const desk of ['desk-a', 'desk-b', 'desk-c', 'desk-d']) {
      pools.push(await pool());
      desks.push(createPgOutbox(pools.at(-1)!, { desk }));
    }
    const ids = await enqueueMany(createPgOutbox(owner, { desk: 'owner' }), owner, 400);

    // Each desk runs four claimers at once (its whole pool), small batches, until nothing is left.
    const claims: Array<{ desk: string; id: number }> = [];
    const claimer = async (outbox: PgOutbox) => {
      for (;;) {
        const rows = await outbox.claim(3);
        if (rows.length === 0) return;
        for (const row of rows) {
          expect(row.lease_owner).toBe(outbox.desk);
          claims.push({ desk: outbox.desk, id: row.id });
        }
      }
    };
    await Promise.all(desks.flatMap((outbox) => [claimer(outbox), claimer(outbox), claimer(outbox), claimer(outbox)]));

    const claimedIds = claims.map((claim) => claim.id).sort((a, b) => a - b);
    expect(claimedIds).toEqual(ids); // each row exactly once
    // The work really was shared: more than one desk got rows.
    expect(new Set(claims.map((claim) => claim.desk)).size).toBeGreaterThan(1);

    // Each desk writes the outcome of its own rows; nobody can write another desk's.
    const [a, b] = desks as [PgOutbox, PgOutbox];
    const ofA = claims.find((claim) => claim.desk === 'desk-a');
    const notOfB = claims.find((claim) => claim.desk !== 'desk-b');
    if (notOfB) expect(await b.finish(pools[1]!, notOfB.id, 'done', null)).toBe(false);
    if (ofA) expect(await a.finish(pools[0]!, ofA.id, 'done', null)).toBe(true);
  });

  it('lets another desk take a row over when the lease lapsed; the first desk then changes nothing', async () => {
    const { owner, pool } = await ledger();
    const shared = await pool();
    const dying = createPgOutbox(shared, { desk: 'desk-dying', leaseSeconds: 0.3 });
    const rescuerPool = await pool();
    const rescuer = createPgOutbox(rescuerPool, { desk: 'desk-rescuer' });
    const [id] = await enqueueMany(dying, owner, 1);

    const first = await dying.claim(10);
    expect(first.map((row) => row.id)).toEqual([id]);
    // While the lease holds, nobody else gets the row.
    expect(await rescuer.claim(10)).toEqual([]);

    // The dying desk sends nothing more; once its lease lapses the rescuer claims the row, same serial.
    let taken: Awaited<ReturnType<PgOutbox['claim']>> = [];
    await expect.poll(async () => (taken = await rescuer.claim(10)).length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(taken[0]).toMatchObject({ id, serial: 'LSH-0', lease_owner: 'desk-rescuer' });

    // The first desk wakes up with its answer: 0 rows — it must apply nothing, the rescuer's outcome counts.
    expect(await inTeamTransaction(shared, (client) => dying.finish(client, id!, 'done', null))).toBe(false);
    expect(await dying.renew(id!)).toBe(false);
    expect(await inTeamTransaction(rescuerPool, (client) => rescuer.finish(client, id!, 'done', null))).toBe(true);
    const row = await owner.query(`SELECT state, attempts, lease_owner FROM outbox WHERE id = $1`, [id]);
    expect(row.rows[0]).toEqual({ state: 'done', attempts: 1, lease_owner: null });
    expect(await rescuer.pendingCount()).toBe(0);
  });

  it('a rescheduled row waits for its time, then any desk may claim it', async () => {
    const { owner, pool } = await ledger();
    const poolA = await pool();
    const a = createPgOutbox(poolA, { desk: 'desk-a' });
    const b = createPgOutbox(await pool(), { desk: 'desk-b' });
    const [id] = await enqueueMany(a, owner, 1);
    await a.claim(1);
    expect(await a.reschedule(poolA, id!, 0.3, 'service unreachable')).toBe(true);
    expect(await b.claim(1)).toEqual([]);
    await expect.poll(async () => (await b.claim(1)).map((row) => row.lease_owner), { timeout: 10_000, interval: 100 }).toEqual(['desk-b']);
  });
});
