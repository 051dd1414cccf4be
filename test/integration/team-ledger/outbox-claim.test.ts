/**
 * Exactly once across desks (docs/team-ledger.md §4) on a real PostgreSQL: four desks, each with its own
 * pool of four connections, claim from one outbox all at once — no row is ever claimed twice while its
 * lease holds, and every row is claimed. A desk that stops mid-send leaves its lease; once it lapses
 * another desk takes the row over, and the first desk's late outcome then changes nothing. Each desk connects
 * as a desk's own login (the rights of pg migration 0650, whose triggers bind a row to the login that claimed
 * it); the rows are queued by the owner, as they are made-up kinds with no invoice behind them. Each desk claims
 * through the team ledger's outbox store (main/ledger/stores/outbox.ts).
 */
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createPgLedger } from '../../../main/ledger/pg/ledger.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import type { Ledger, OutboxClaim } from '../../../main/ledger/port.js';
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

/** A desk's outbox on its own pool: the team ledger's outbox store, whose leases carry the desk's name. */
interface Desk {
  desk: string;
  ledger: Ledger;
}
const deskOn = (pool: pg.Pool, desk: string, leaseSeconds?: number): Desk => ({
  desk,
  ledger: createPgLedger(pool, { desk, ...(leaseSeconds === undefined ? {} : { leaseSeconds }) }),
});

async function enqueueMany(pool: pg.Pool, count: number): Promise<number[]> {
  return deskOn(pool, 'owner').ledger.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(await tx.outbox.enqueue({ kind: 'issue', serial: `LSH-${i}`, requestJson: JSON.stringify({ i }), enterprise: '91110000000000000X' }));
    }
    return ids;
  });
}

describe('the team outbox claimed by several desks', () => {
  it('never hands one row to two desks, and hands out every row', async () => {
    const { owner, pool } = await ledger();
    const desks: Desk[] = [];
    for (const desk of ['desk-a', 'desk-b', 'desk-c', 'desk-d']) desks.push(deskOn(await pool(), desk));
    const ids = await enqueueMany(owner, 400);

    // Each desk runs four claimers at once (its whole pool), small batches, until nothing is left.
    const claims: Array<{ desk: string; id: number; claim: OutboxClaim }> = [];
    const claimer = async ({ desk, ledger }: Desk) => {
      for (;;) {
        const rows = await ledger.outbox.claim(3);
        if (rows.length === 0) return;
        for (const row of rows) {
          expect(row.lease).toBe(desk);
          claims.push({ desk, id: row.id, claim: row });
        }
      }
    };
    await Promise.all(desks.flatMap((outbox) => [claimer(outbox), claimer(outbox), claimer(outbox), claimer(outbox)]));

    const claimedIds = claims.map((claim) => claim.id).sort((a, b) => a - b);
    expect(claimedIds).toEqual(ids); // each row exactly once
    // The work really was shared: more than one desk got rows.
    expect(new Set(claims.map((claim) => claim.desk)).size).toBeGreaterThan(1);

    // Each desk writes the outcome of its own rows; nobody can write another desk's.
    // (desk-b claims the row as its own, so the database itself is asked and answers that desk-b holds nothing.)
    const [a, b] = desks as [Desk, Desk];
    const ofA = claims.find((claim) => claim.desk === 'desk-a');
    const notOfB = claims.find((claim) => claim.desk !== 'desk-b');
    if (notOfB) expect(await b.ledger.outbox.finish({ ...notOfB.claim, lease: b.desk }, 'done', null)).toBe(false);
    if (ofA) expect(await a.ledger.outbox.finish(ofA.claim, 'done', null)).toBe(true);
  });

  it('lets another desk take a row over when the lease lapsed; the first desk then changes nothing', async () => {
    const { owner, pool } = await ledger();
    const dying = deskOn(await pool(), 'desk-dying', 0.3).ledger;
    const rescuer = deskOn(await pool(), 'desk-rescuer').ledger;
    const [id] = await enqueueMany(owner, 1);

    const first = await dying.outbox.claim(10);
    expect(first.map((row) => row.id)).toEqual([id]);
    // While the lease holds, nobody else gets the row.
    expect(await rescuer.outbox.claim(10)).toEqual([]);

    // The dying desk sends nothing more; once its lease lapses the rescuer claims the row, same serial.
    let taken: OutboxClaim[] = [];
    await expect.poll(async () => (taken = await rescuer.outbox.claim(10)).length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(taken[0]).toMatchObject({ id, serial: 'LSH-0', lease: 'desk-rescuer' });

    // The first desk wakes up with its answer: 0 rows — it must apply nothing, the rescuer's outcome counts.
    expect(await dying.transaction((tx) => tx.outbox.finish(first[0]!, 'done', null))).toBe(false);
    expect(await dying.outbox.renew(first[0]!)).toBeNull();
    expect(await rescuer.transaction((tx) => tx.outbox.finish(taken[0]!, 'done', null))).toBe(true);
    const row = await owner.query(`SELECT state, attempts, lease_owner FROM outbox WHERE id = $1`, [id]);
    expect(row.rows[0]).toEqual({ state: 'done', attempts: 1, lease_owner: null });
    expect(await rescuer.outbox.pendingCount()).toBe(0);
  });

  it('a rescheduled row waits for its time, then any desk may claim it', async () => {
    const { owner, pool } = await ledger();
    const a = deskOn(await pool(), 'desk-a').ledger;
    const b = deskOn(await pool(), 'desk-b').ledger;
    const [id] = await enqueueMany(owner, 1);
    const [claim] = await a.outbox.claim(1);
    expect(claim?.id).toBe(id);
    expect(await a.outbox.reschedule(claim!, 300, 'service unreachable')).toBe(true);
    expect(await b.outbox.claim(1)).toEqual([]);
    await expect.poll(async () => (await b.outbox.claim(1)).map((row) => row.lease), { timeout: 10_000, interval: 100 }).toEqual(['desk-b']);
  });
});
