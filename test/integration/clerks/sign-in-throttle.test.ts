/**
 * Sign-in that cannot be guessed (issue 34 point 3), through the core's router as the hosts dispatch, on a
 * real SQLite file: a guesser who fires PINs at one clerk for 30 s of wall time — two at once, the whole
 * time — gets at most 10 answers, the clerk is then locked and even the right PIN is refused; the lock holds
 * across a restart, is one audit event, and only an admin lifts it. An unknown name gets the same answers.
 * While a guess waits, the desk answers other calls (the delay is a timer, not a blocked main process).
 * New PINs need 6 characters; a 4-digit PIN set before the rule still signs in.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import { hashPin } from '../../../main/features/clerks/pin.js';
import type { IpcResult } from '../../../shared/ipc/index.js';
import type { AuditPage } from '../../../shared/ipc/schemas/audit.js';
import type { Clerk } from '../../../shared/ipc/schemas/clerks.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { tempDir } from '../../support/sample-issuance.js';
import { call, refusal, value } from './support.js';

const cores: Core[] = [];
afterAll(async () => {
  for (const core of cores.splice(0)) await core.close();
});

async function start(dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher() });
  cores.push(core);
  return core;
}

async function stop(core: Core): Promise<void> {
  await core.close();
  cores.splice(cores.indexOf(core), 1);
}

async function restart(core: Core, dataDir: string): Promise<Core> {
  await stop(core);
  return start(dataDir);
}

const ADMIN = { name: '王管理', pin: 'admin-pin-9' };
const ISSUER = { name: '李开票', pin: '246810' };

/** A desk with an admin and an issuer, restarted so nobody is signed in. */
async function deskWithClerks(dataDir: string): Promise<Core> {
  const core = await start(dataDir);
  value(await call(core, 'clerks:add', { ...ADMIN, role: 'admin' }));
  value(await call(core, 'clerks:add', { ...ISSUER, role: 'issuer' }));
  return restart(core, dataDir);
}

const keyOf = (result: IpcResult<unknown>) => (result.ok ? 'signed in' : result.error.key);

// The three cases run at once, each on its own desk: most of their time is the rule's waits (timers), and
// one after another they cost a worker ~90 s of mostly idle time.
describe.concurrent('sign-in that cannot be guessed', () => {
  it('answers a guesser at most 10 times in 30 s, then the clerk is locked until an admin unlocks', async () => {
    const dataDir = tempDir('fapiao-guess-');
    let core = await deskWithClerks(dataDir);

    // Six-digit guesses from 000000 up, two in flight at any time, for 30 s of wall time.
    const answers: string[] = [];
    let next = 0;
    let othersAnswered = 0;
    const end = Date.now() + 30_000;
    const guesser = async () => {
      while (Date.now() < end) {
        const guess = String(next++).padStart(6, '0');
        const answer = call(core, 'clerks:signIn', { name: ISSUER.name, pin: guess });
        // While this guess waits out its delay, the desk answers other calls at once.
        const other = await Promise.race([call(core, 'clerks:session').then(() => 'other first'), answer.then(() => 'guess first')]);
        if (other === 'other first') othersAnswered += 1;
        const result = await answer;
        if (Date.now() <= end) answers.push(keyOf(result));
      }
    };
    await Promise.all([guesser(), guesser()]);

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThanOrEqual(10);
    // Wrong PIN four times, then the fifth wrong one locks; nothing said "signed in".
    expect(answers.slice(0, 5)).toEqual(['clerks.signInRefused', 'clerks.signInRefused', 'clerks.signInRefused', 'clerks.signInRefused', 'clerks.locked']);
    expect(answers.slice(5).every((key) => key === 'clerks.locked')).toBe(true);
    expect(othersAnswered).toBeGreaterThan(0);

    // Locked: the right PIN is refused as locked too, also after a restart.
    expect(refusal(await call(core, 'clerks:signIn', ISSUER))).toMatchObject({ key: 'clerks.locked', params: { name: ISSUER.name } });
    core = await restart(core, dataDir);
    expect(refusal(await call(core, 'clerks:signIn', ISSUER))).toMatchObject({ key: 'clerks.locked' });

    // The admin sees the lock and one lockout event, and lifts it; the issuer signs in again.
    value(await call(core, 'clerks:signIn', ADMIN));
    const locked = value<Clerk[]>(await call(core, 'clerks:list')).find((clerk) => clerk.name === ISSUER.name)!;
    expect(locked.lockedAt).not.toBeNull();
    const lockouts = value<AuditPage>(await call(core, 'audit:list', { action: 'clerk.lockedOut' })).rows;
    expect(lockouts.map((event) => event.detail)).toEqual([{ name: ISSUER.name, failures: 5, known: true }]);
    expect(lockouts[0]!.recordIds).toEqual([String(locked.id)]);
    expect(value<Clerk[]>(await call(core, 'clerks:unlock', { id: locked.id })).find((clerk) => clerk.id === locked.id)!.lockedAt).toBeNull();
    expect(value<AuditPage>(await call(core, 'audit:list', { action: 'clerk.unlocked' })).rows.map((event) => event.detail)).toEqual([{ name: ISSUER.name }]);
    value(await call(core, 'clerks:signOut'));
    expect(value(await call(core, 'clerks:signIn', ISSUER))).toMatchObject({ clerk: { name: ISSUER.name, role: 'issuer' } });
    // Only an admin unlocks.
    expect(refusal(await call(core, 'clerks:unlock', { id: locked.id }))).toMatchObject({ code: 'FORBIDDEN', params: { right: 'admin' } });
  });

  it('gives an unknown name the same answers as a clerk with a wrong PIN, lock included', async () => {
    const core = await deskWithClerks(tempDir('fapiao-guess-'));
    const tries = async (name: string) => {
      const keys: Array<{ key: string; params: unknown }> = [];
      for (let n = 0; n < 6; n += 1) {
        const result = await call(core, 'clerks:signIn', { name, pin: `99999${n}` });
        keys.push(result.ok ? { key: 'signed in', params: {} } : { key: result.error.key, params: { ...result.error.params, name: result.error.params.name === undefined ? undefined : 'NAME' } });
      }
      return keys;
    };
    const [known, unknown] = await Promise.all([tries(ISSUER.name), tries('无此人')]);
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.key)).toEqual([...Array(4).fill('clerks.signInRefused'), 'clerks.locked', 'clerks.locked']);
    // A good PIN before the limit starts the count again: the admin's own sign-in is unaffected by the above.
    expect(value(await call(core, 'clerks:signIn', ADMIN))).toMatchObject({ clerk: { name: ADMIN.name } });
    const events = value<AuditPage>(await call(core, 'audit:list', { action: 'clerk.lockedOut' })).rows.map((event) => event.detail);
    expect(events).toEqual(expect.arrayContaining([{ name: '无此人', failures: 5, known: false }, { name: ISSUER.name, failures: 5, known: true }]));
  });

  it('wants 6 characters for a new PIN, while a 4-digit PIN set before the rule still signs in', async () => {
    const dataDir = tempDir('fapiao-pin-length-');
    let core = await start(dataDir);
    expect(refusal(await call(core, 'clerks:add', { name: ADMIN.name, role: 'admin', pin: '12345' }))).toMatchObject({ code: 'INVALID_PAYLOAD' });
    value(await call(core, 'clerks:add', { ...ADMIN, role: 'admin' }));
    value(await call(core, 'clerks:add', { ...ISSUER, role: 'issuer' }));
    const issuer = value<Clerk[]>(await call(core, 'clerks:list')).find((clerk) => clerk.name === ISSUER.name)!;
    expect(refusal(await call(core, 'clerks:resetPin', { id: issuer.id, pin: '1234' }))).toMatchObject({ code: 'INVALID_PAYLOAD' });
    expect(refusal(await call(core, 'clerks:changeOwnPin', { current: ADMIN.pin, pin: '1234' }))).toMatchObject({ code: 'INVALID_PAYLOAD' });
    await stop(core);

    // A PIN an older version let the issuer choose: 4 digits, hashed as it did.
    const file = new Database(path.join(dataDir, HISTORY_DB_FILE));
    file.prepare('UPDATE clerk SET pin_hash = ? WHERE name = ?').run(await hashPin('4321'), ISSUER.name);
    file.close();
    core = await start(dataDir);
    expect(value(await call(core, 'clerks:signIn', { name: ISSUER.name, pin: '4321' }))).toMatchObject({ clerk: { name: ISSUER.name } });
    // Changing it takes a PIN of the new length.
    expect(refusal(await call(core, 'clerks:changeOwnPin', { current: '4321', pin: '5678' }))).toMatchObject({ code: 'INVALID_PAYLOAD' });
    value(await call(core, 'clerks:changeOwnPin', { current: '4321', pin: '567890' }));
    value(await call(core, 'clerks:signOut'));
    expect(value(await call(core, 'clerks:signIn', { name: ISSUER.name, pin: '567890' }))).toMatchObject({ clerk: { name: ISSUER.name } });
  });
});
