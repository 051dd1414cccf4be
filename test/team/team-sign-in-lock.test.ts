/**
 * Sign-in locks on a team ledger (issue 34 point 3) against the real PostgreSQL: wrong PINs typed for one
 * clerk at two desks count together — three at desk A and two at desk B lock the clerk at both, the right PIN
 * then refused at either; the lockout is one event in the team's audit trail, and an admin at desk B lifts it
 * for desk A too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core.js';
import type { TeamChoice } from '../../main/ledger/team-desk.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import type { AuditPage } from '../../shared/ipc/schemas/audit.js';
import type { Clerk } from '../../shared/ipc/schemas/clerks.js';
import { tempDir } from '../support/sample-issuance.js';
import { createTestCipher } from '../support/test-cipher.js';
import { createTeamLedgerDb, sandboxAsService, type TeamLedgerDb } from './support/desks.js';

let team: TeamLedgerDb;
let sandbox: RunningSandbox;
const root = tempDir('fapiao-team-lock-');
const cores: Core[] = [];

beforeAll(async () => {
  team = await createTeamLedgerDb();
  sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), onError: () => {} });
});

afterAll(async () => {
  for (const core of cores.reverse()) await core.close().catch(() => undefined);
  await sandbox?.close();
  await team?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const choice = (desk: string): TeamChoice => ({ kind: 'team', address: team.database.address, password: team.database.password, desk, backoffMs: [100, 200, 400] });

async function desk(name: string): Promise<Core> {
  const core = await createCore(
    { dataDir: path.join(root, name), appVersion: 'team-test', dailyBackups: false, service: sandboxAsService(sandbox.baseUrl), ledger: choice(name) },
    { cipher: createTestCipher(Buffer.alloc(32, 7)) },
  );
  cores.push(core);
  return core;
}

const keyOf = async (core: Core, name: string, pin: string) => {
  const answer = await core.router.dispatch('clerks:signIn', { name, pin });
  return answer.ok ? 'signed in' : answer.error.key;
};
async function value<T>(core: Core, channel: string, payload: unknown = {}): Promise<T> {
  const answer = await core.router.dispatch(channel, payload);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.key}`);
  return answer.value as T;
}

describe('sign-in locks on a team ledger', () => {
  it('counts wrong PINs across desks, locks the clerk at every desk, and an admin anywhere lifts it', async () => {
    const a = await desk('lock-a');
    const b = await desk('lock-b');
    await value(a, 'clerks:add', { name: '张管理', role: 'admin', pin: 'team-admin-1' });
    await value(a, 'clerks:add', { name: '王五', role: 'issuer', pin: '424242' });
    await value(a, 'clerks:signOut');

    const atA = [];
    for (const pin of ['000001', '000002', '000003']) atA.push(await keyOf(a, '王五', pin));
    const atB = [];
    for (const pin of ['000004', '000005']) atB.push(await keyOf(b, '王五', pin));
    expect(atA).toEqual(['clerks.signInRefused', 'clerks.signInRefused', 'clerks.signInRefused']);
    expect(atB).toEqual(['clerks.signInRefused', 'clerks.locked']);
    expect(await keyOf(a, '王五', '424242')).toBe('clerks.locked');

    expect(await keyOf(b, '张管理', 'team-admin-1')).toBe('signed in');
    const locked = (await value<Clerk[]>(b, 'clerks:list')).find((clerk) => clerk.name === '王五')!;
    expect(locked.lockedAt).not.toBeNull();
    const events = (await value<AuditPage>(b, 'audit:list', { action: 'clerk.lockedOut' })).rows;
    expect(events.map((event) => [event.desk, event.detail])).toEqual([['lock-b', { name: '王五', failures: 5, known: true }]]);
    await value(b, 'clerks:unlock', { id: locked.id });
    expect(await keyOf(a, '王五', '424242')).toBe('signed in');
  });
});
