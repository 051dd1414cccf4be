/**
 * The ledger port's contract for the clerk store (main/features/clerks/store.ts) on both adapters — a real
 * SQLite history.db and a real PostgreSQL team ledger, the latter used as a desk's login (pg migration 0650):
 * clerks created with a PIN prepared by the store (hashed on the desk for SQLite, by the database for
 * PostgreSQL) and never handed back; listed active first then by name; found by name and id; signing in with
 * the right PIN, a wrong one, an unknown name and a deactivated clerk answered alike on both; the sign-in rule's
 * first steps alike on both (a wrong PIN makes the name wait 1 s, a try within it is not checked, known name or
 * not); their role, active flag and PIN changed with who and when — by a signed-in admin, as the team's database
 * requires; a clerk's own PIN changed only after the current one is checked; a taken name refused; counts of
 * clerks and active admins; and the feature's rule that the first clerk must be 管理员, run in one ledger
 * transaction. The lock after five wrong PINs is tested per database where time can be moved on
 * (test/integration/team-ledger/sign-in.test.ts, test/integration/clerks/sign-in-throttle.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../main/ledger/port.js';
import type { ClerkRole } from '../../../shared/ipc/schemas/clerks.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const T0 = '2026-11-27T08:00:00.000Z';
const T1 = '2026-11-27T09:15:30.250Z';

/** What clerks:add does: the PIN prepared first, then the first clerk must be an admin, checked and written in one transaction. */
const addClerk = async (ledger: Ledger, name: string, role: ClerkRole, pin: string, by: string | null) => {
  const prepared = await ledger.clerks.preparePin(pin);
  return ledger.transaction(async (tx) => {
    if ((await tx.clerks.count()) === 0 && role !== 'admin') throw new Error('the first clerk must be an admin');
    return tx.clerks.insert({ name, role, pin: prepared }, by, T0);
  });
};

describe.each(ledgerDatabases())('the clerk store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('creates clerks (the first an admin), finds them, checks PINs and lists them without them', async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    expect(await clerks.count()).toBe(0);
    await expect(addClerk(ledger, '李开票', 'issuer', '1357', null)).rejects.toThrow('first clerk must be an admin');
    expect(await clerks.count()).toBe(0);
    const admin = await addClerk(ledger, '王管理', 'admin', '2468', null);
    // The first admin signs in (as clerks:add does) and adds the others.
    expect(await clerks.signIn('王管理', '2468')).toMatchObject({ ok: true, clerk: { id: admin, name: '王管理', role: 'admin' } });
    const issuer = await addClerk(ledger, '李开票', 'issuer', '1357', '王管理');
    await addClerk(ledger, 'Amy', 'reviewer', '2468', '王管理');
    await expect(addClerk(ledger, '李开票', 'admin', '2468', '王管理')).rejects.toThrow();
    expect(await clerks.count()).toBe(3);
    expect(await clerks.activeAdmins()).toBe(1);

    const found = await clerks.byName('李开票');
    expect(found).toEqual({ id: issuer, name: '李开票', role: 'issuer', active: true, createdAt: T0, createdBy: '王管理', updatedAt: T0, updatedBy: '王管理', lockedAt: null, enterprises: [] });
    expect(await clerks.byId(admin)).toMatchObject({ name: '王管理', role: 'admin', createdBy: null });
    expect(await clerks.byName('无此人')).toBeNull();
    expect(await clerks.byId(99)).toBeNull();
    // Bytewise by name (Latin before CJK), and never with the PIN or its hash.
    const listed = await clerks.list();
    expect(listed.map((clerk) => clerk.name)).toEqual(['Amy', '李开票', '王管理']);
    expect(listed.every((clerk) => Object.keys(clerk).every((key) => !/pin/i.test(key)))).toBe(true);

    // Another desk of the same ledger signs in with each clerk's PIN; a wrong PIN and an unknown name alike are 'pin'.
    const other = await fixture.open();
    expect(await other.clerks.signIn('李开票', '1357')).toMatchObject({ ok: true, clerk: { id: issuer, role: 'issuer' } });
    expect(await other.clerks.sessionHolds()).toBe(true);
    expect(await other.clerks.signIn('Amy', '0000')).toEqual({ ok: false, reason: 'pin', retryAfterMs: 1000 });
    expect(await other.clerks.signIn('无此人', '1357')).toEqual({ ok: false, reason: 'pin', retryAfterMs: 1000 });
  });

  it('changes roles, deactivates and resets PINs, recording who and when', async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    const admin = await addClerk(ledger, '王管理', 'admin', '2468', null);
    expect(await clerks.signIn('王管理', '2468')).toMatchObject({ ok: true });
    const issuer = await addClerk(ledger, '李开票', 'issuer', '1357', '王管理');
    expect(await clerks.setRole(issuer, 'admin', '王管理', T1)).toBe(true);
    expect(await clerks.activeAdmins()).toBe(2);
    // 李开票, an admin now, deactivates 王管理 from another desk.
    const second = await fixture.open();
    expect(await second.clerks.signIn('李开票', '1357')).toMatchObject({ ok: true });
    expect(await second.clerks.setActive(admin, false, '李开票', T1)).toBe(true);
    expect(await clerks.activeAdmins()).toBe(1);
    expect(await clerks.byId(admin)).toMatchObject({ active: false, updatedAt: T1, updatedBy: '李开票', createdAt: T0 });
    // A deactivated clerk stays (their name is on their work), listed after the active ones, and signs in no more.
    expect((await clerks.list()).map((clerk) => [clerk.name, clerk.active])).toEqual([
      ['李开票', true],
      ['王管理', false],
    ]);
    expect(await second.clerks.signIn('王管理', '2468')).toMatchObject({ ok: false, reason: 'inactive' });
    expect(await second.clerks.setPin(issuer, await second.clerks.preparePin('9999'), '李开票', T1)).toBe(true);
    expect(await second.clerks.signIn('李开票', '9999')).toMatchObject({ ok: true });
    expect(await second.clerks.setRole(99, 'issuer', '李开票', T1)).toBe(false);
    expect(await second.clerks.setActive(99, true, '李开票', T1)).toBe(false);
    expect(await second.clerks.setPin(99, await second.clerks.preparePin('9999'), '李开票', T1)).toBe(false);
    expect(await fixture.query(`SELECT name, role, updated_by FROM clerk ORDER BY id`)).toEqual([
      { name: '王管理', role: 'admin', updated_by: '李开票' },
      { name: '李开票', role: 'admin', updated_by: '李开票' },
    ]);
  });

  it('keeps a clerk to listed enterprises, bytewise, and gives them all back with an empty list', async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    await addClerk(ledger, '王管理', 'admin', '2468', null);
    expect(await clerks.signIn('王管理', '2468')).toMatchObject({ ok: true });
    const issuer = await addClerk(ledger, '李开票', 'issuer', '1357', '王管理');
    expect(await clerks.setEnterprises(issuer, ['91440300MA5F6G7H8J', '91330100MA2B3C4D5E'])).toBe(true);
    expect((await clerks.byId(issuer))?.enterprises).toEqual(['91330100MA2B3C4D5E', '91440300MA5F6G7H8J']);
    expect((await clerks.list()).find((clerk) => clerk.id === issuer)?.enterprises).toEqual(['91330100MA2B3C4D5E', '91440300MA5F6G7H8J']);
    expect(await clerks.setEnterprises(issuer, [])).toBe(true);
    expect((await clerks.byName('李开票'))?.enterprises).toEqual([]);
    expect(await clerks.setEnterprises(99, ['91330100MA2B3C4D5E'])).toBe(false);
  });

  it("changes a clerk's own PIN only after the current one", async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    const admin = await addClerk(ledger, '王管理', 'admin', '2468', null);
    expect(await clerks.signIn('王管理', '2468')).toMatchObject({ ok: true });
    expect(await clerks.changeOwnPin(admin, '0000', await clerks.preparePin('8642'), T1)).toBe('wrong');
    // The desk's SQLite counts the wrong one as a sign-in try: the right one is checked once the name's wait is over.
    const next = await clerks.preparePin('8642');
    await expect.poll(() => clerks.changeOwnPin(admin, '2468', next, T1), { timeout: 10_000 }).toBe('changed');
    const other = await fixture.open();
    expect(await other.clerks.signIn('王管理', '8642')).toMatchObject({ ok: true });
    expect(await clerks.byId(admin)).toMatchObject({ updatedAt: T1, updatedBy: '王管理' });
    await other.clerks.signOut();
    expect(await other.clerks.sessionHolds()).toBe(fixture.kind === 'sqlite');
  });

  it('makes a name wait after a wrong PIN, known or not, and does not check a try within the wait', async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    await addClerk(ledger, '王管理', 'admin', '246810', null);
    for (const name of ['王管理', '无此人']) {
      expect(await clerks.signIn(name, '000001')).toEqual({ ok: false, reason: 'pin', retryAfterMs: 1000 });
      // At once again, even with the right PIN: not checked.
      const again = await clerks.signIn(name, '246810');
      expect(again).toMatchObject({ ok: false, reason: 'wait' });
      expect(again.ok ? 0 : again.retryAfterMs).toBeGreaterThan(0);
      expect(again.ok ? 0 : again.retryAfterMs).toBeLessThanOrEqual(1000);
    }
    expect((await clerks.byName('王管理'))?.lockedAt).toBeNull();
  });
});
