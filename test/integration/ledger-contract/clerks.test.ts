/**
 * The ledger port's contract for the clerk store (main/features/clerks/store.ts) on both adapters — a real
 * SQLite history.db and a real PostgreSQL team ledger: clerks created with a scrypt PIN hash (checked with the
 * feature's own verifyPin), listed active first then by name without the hash, found by name and id, their
 * role, active flag and PIN changed with who and when, a taken name refused, counts of clerks and active
 * admins; and the feature's rule that the first clerk must be 管理员, run in one ledger transaction. And the
 * sign-in tries (clerk_lockout): counted per name typed, known or not, each try one count even when several
 * come at once; a lock stops the count, shows on the clerk, is set once, survives a good PIN and goes only
 * when lifted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from '../../../main/features/clerks/pin.js';
import type { Ledger } from '../../../main/ledger/port.js';
import type { ClerkRole } from '../../../shared/ipc/schemas/clerks.js';
import { postgresFixture, sqliteFixture, type LedgerFixture } from './adapters.js';

const T0 = '2026-11-27T08:00:00.000Z';
const T1 = '2026-11-27T09:15:30.250Z';

/** What clerks:add does: the first clerk must be an admin, checked and written in one transaction. */
const addClerk = (ledger: Ledger, name: string, role: ClerkRole, pinHash: string, by: string | null) =>
  ledger.transaction(async (tx) => {
    if ((await tx.clerks.count()) === 0 && role !== 'admin') throw new Error('the first clerk must be an admin');
    return tx.clerks.insert({ name, role, pinHash }, by, T0);
  });

describe.each([
  ['SQLite', () => Promise.resolve(sqliteFixture())],
  ['PostgreSQL', postgresFixture],
] as const)('the clerk store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  let pin: string;
  beforeAll(async () => {
    fixture = await makeFixture();
    pin = await hashPin('2468');
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('creates clerks (the first an admin), finds them, checks the PIN and lists them without it', async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    expect(await clerks.count()).toBe(0);
    await expect(addClerk(ledger, '李开票', 'issuer', pin, null)).rejects.toThrow('first clerk must be an admin');
    expect(await clerks.count()).toBe(0);
    const admin = await addClerk(ledger, '王管理', 'admin', pin, null);
    const issuer = await addClerk(ledger, '李开票', 'issuer', await hashPin('1357'), '王管理');
    await addClerk(ledger, 'Amy', 'reviewer', pin, '王管理');
    await expect(clerks.insert({ name: '李开票', role: 'admin', pinHash: pin }, '王管理', T0)).rejects.toThrow();
    expect(await clerks.count()).toBe(3);
    expect(await clerks.activeAdmins()).toBe(1);

    const found = await clerks.byName('李开票');
    expect(found).toEqual({
      id: issuer,
      name: '李开票',
      role: 'issuer',
      active: true,
      createdAt: T0,
      createdBy: '王管理',
      updatedAt: T0,
      updatedBy: '王管理',
      lockedAt: null,
      pinHash: expect.stringMatching(/^scrypt\$16384\$8\$1\$/),
    });
    expect(await verifyPin('1357', found!.pinHash)).toBe(true);
    expect(await verifyPin('2468', found!.pinHash)).toBe(false);
    expect(await clerks.byId(admin)).toMatchObject({ name: '王管理', role: 'admin', createdBy: null });
    expect(await clerks.byName('无此人')).toBeNull();
    expect(await clerks.byId(99)).toBeNull();
    // Bytewise by name (Latin before CJK), and never with the hash.
    const listed = await clerks.list();
    expect(listed.map((clerk) => clerk.name)).toEqual(['Amy', '李开票', '王管理']);
    expect(listed.every((clerk) => !('pinHash' in clerk))).toBe(true);
  });

  it('changes roles, deactivates and resets PINs, recording who and when', async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    const admin = await addClerk(ledger, '王管理', 'admin', pin, null);
    const issuer = await addClerk(ledger, '李开票', 'issuer', pin, '王管理');
    expect(await clerks.setRole(issuer, 'admin', '王管理', T1)).toBe(true);
    expect(await clerks.activeAdmins()).toBe(2);
    expect(await clerks.setActive(admin, false, '李开票', T1)).toBe(true);
    expect(await clerks.activeAdmins()).toBe(1);
    expect(await clerks.byId(admin)).toMatchObject({ active: false, updatedAt: T1, updatedBy: '李开票', createdAt: T0 });
    // A deactivated clerk stays (their name is on their work), listed after the active ones.
    expect((await clerks.list()).map((clerk) => [clerk.name, clerk.active])).toEqual([
      ['李开票', true],
      ['王管理', false],
    ]);
    const newPin = await hashPin('9999');
    expect(await clerks.setPin(issuer, newPin, '李开票', T1)).toBe(true);
    expect(await verifyPin('9999', (await clerks.byId(issuer))!.pinHash)).toBe(true);
    expect(await clerks.setRole(99, 'issuer', '王管理', T1)).toBe(false);
    expect(await clerks.setActive(99, true, '王管理', T1)).toBe(false);
    expect(await clerks.setPin(99, newPin, '王管理', T1)).toBe(false);
    expect(await fixture.query(`SELECT name, role, updated_by FROM clerk ORDER BY id`)).toEqual([
      { name: '王管理', role: 'admin', updated_by: '李开票' },
      { name: '李开票', role: 'admin', updated_by: '李开票' },
    ]);
  });

  it('counts sign-in tries per name, each one even at once, and keeps a lock until it is lifted', async () => {
    const ledger = await fixture.open();
    const { clerks } = ledger;
    const issuer = await addClerk(ledger, '王管理', 'admin', pin, null);
    // Ten tries at once for one name: ten counts, none lost.
    const counted = await Promise.all(Array.from({ length: 10 }, () => clerks.countTry('王管理', T0)));
    expect(counted.map((tries) => tries.failures).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // A good PIN starts the count again.
    await clerks.clearTries('王管理');
    expect(await clerks.countTry('王管理', T0)).toEqual({ failures: 1, lockedAt: null });
    // Locked once; a locked name's count stays, the lock shows on the clerk, a good PIN does not lift it.
    expect(await clerks.lock('王管理', T1)).toBe(true);
    expect(await clerks.lock('王管理', T0)).toBe(false);
    expect(await clerks.countTry('王管理', T0)).toEqual({ failures: 1, lockedAt: T1 });
    await clerks.clearTries('王管理');
    expect(await clerks.byId(issuer)).toMatchObject({ lockedAt: T1 });
    expect((await clerks.list())[0]).toMatchObject({ name: '王管理', lockedAt: T1 });
    // An unknown name is counted and locked alike.
    expect(await clerks.countTry('无此人', T0)).toEqual({ failures: 1, lockedAt: null });
    expect(await clerks.lock('无此人', T1)).toBe(true);
    // Lifted: gone with its count.
    expect(await clerks.unlock('王管理')).toBe(true);
    expect(await clerks.unlock('王管理')).toBe(false);
    expect(await clerks.byId(issuer)).toMatchObject({ lockedAt: null });
    expect(await clerks.countTry('王管理', T1)).toEqual({ failures: 1, lockedAt: null });
  });
});
