/**
 * A desk on the team ledger (main/ledger/team-desk.ts, core.ts, settings → 团队账本's switch) against the real
 * PostgreSQL: what one desk publishes after a commit reaches another desk's change feed as `remote` and not
 * its own twice, desk-only changes stay on the desk; with the database taken away (a TCP proxy closed, the
 * server untouched) the desk says it is unreachable, a call that needed the ledger fails as unreachable,
 * and once it is back the desk reconnects by itself and every view reloads; the
 * switch restarts the core on the team ledger after a connection and schema check, and back; clerks added
 * or changed at one desk hold the other desk's rights check at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeFeed } from '../../main/changes/feed.js';
import { createCore, type Core } from '../../main/core.js';
import { openTeamDesk, TeamLedgerRefusedError, type TeamChoice, type TeamDesk } from '../../main/ledger/team-desk.js';
import { DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import type { LedgerChange } from '../../shared/ipc/schemas/changes.js';
import type { Clerk, ClerkSession } from '../../shared/ipc/schemas/clerks.js';
import type { TeamConnection, TeamLedgerView } from '../../shared/ipc/schemas/team-ledger.js';
import { createTestDatabase, type TestDatabase } from '../support/pg.js';
import { tempDir } from '../support/sample-issuance.js';
import { createTestCipher } from '../support/test-cipher.js';
import { createTeamLedgerDb, sandboxAsService, type TeamLedgerDb } from './support/desks.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

let team: TeamLedgerDb;
let proxy: TcpProxy;
let sandbox: RunningSandbox;
const root = tempDir('fapiao-team-desk-');
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  team = await createTeamLedgerDb();
  proxy = await startTcpProxy(team.database.address);
  sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), onError: () => {} });
});

afterAll(async () => {
  for (const item of opened.reverse()) await item.close().catch(() => undefined);
  await proxy?.close();
  await sandbox?.close();
  await team?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const choice = (desk: string, through?: TcpProxy): TeamChoice => ({
  kind: 'team',
  address: { ...team.desk.address, ...(through ? { port: through.port } : {}) },
  password: team.desk.password,
  desk,
  backoffMs: [100, 200, 400],
});

/** A desk's change feed with the team source attached: what its views would be told. */
function deskFeed(desk: TeamDesk): { changes: LedgerChange[]; publish: ReturnType<TeamDesk['publishing']> } {
  const changes: LedgerChange[] = [];
  const feed = createChangeFeed({ now: () => new Date(), deliver: (change) => changes.push(change) });
  const detach = feed.attach(desk.changeSource);
  opened.push({ close: detach });
  return { changes, publish: desk.publishing(feed) };
}

async function open(desk: string, through?: TcpProxy): Promise<TeamDesk> {
  const opening = await openTeamDesk(choice(desk, through), { log: () => undefined });
  opened.push(opening);
  return opening;
}

describe('a desk on the team ledger', () => {
  it("hears the other desks' changes as remote, its own once, and keeps desk-only changes to itself", async () => {
    const a = await open('desk-a');
    const b = await open('desk-b');
    const feedA = deskFeed(a);
    const feedB = deskFeed(b);
    await expect.poll(() => [a.connection().state, b.connection().state]).toEqual(['connected', 'connected']);

    feedA.publish.publish({ aggregate: 'settings', action: 'updated', ids: [], enterprise: null });
    feedA.publish.publish({ aggregate: 'invoice', action: 'created', ids: [41], enterprise: DEMO_ENTERPRISE.taxNumber });
    await expect.poll(() => feedB.changes.map((change) => `${change.origin.kind} ${change.aggregate} ${change.ids.join()}`)).toEqual(['remote invoice 41']);
    expect(feedB.changes[0]!.origin.source).toBe('team-ledger');
    // B answers; A hears it, and its own two changes stayed local, each once.
    feedB.publish.publish({ aggregate: 'print', action: 'created', ids: [7], enterprise: DEMO_ENTERPRISE.taxNumber });
    await expect.poll(() => feedA.changes.map((change) => `${change.origin.kind} ${change.aggregate}`)).toEqual(['local settings', 'local invoice', 'remote print']);
  });

  it('says it is unreachable while the database is away, answers calls with the cause, and comes back by itself', async () => {
    const desk = await open('desk-proxied', proxy);
    const feed = deskFeed(desk);
    const states: string[] = [];
    desk.onConnection((state) => states.push(state.state));
    await expect.poll(() => desk.connection().state).toBe('connected');
    states.length = 0;

    await proxy.close();
    await expect.poll(() => desk.connection().state).toBe('unreachable');
    const failure = await desk.ledger.outbox.pendingCount().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(desk.unreachable(failure)).toBe(true);

    await proxy.open();
    await expect.poll(() => desk.connection().state).toBe('connected');
    expect(states).toEqual(['unreachable', 'connected']);
    await expect(desk.ledger.outbox.pendingCount()).resolves.toBe(0);
    // What was missed is not replayed: the whole ledger is announced, so every view reloads.
    expect(feed.changes.map((change) => `${change.origin.kind} ${change.aggregate} ${change.action}`)).toContain('remote ledger replaced');
  });

  it('refuses a database without a team ledger', async () => {
    const empty: TestDatabase = await createTestDatabase();
    opened.push({ close: () => empty.drop() });
    await expect(openTeamDesk({ ...choice('desk-empty'), address: empty.address, password: empty.password }, { log: () => undefined })).rejects.toBeInstanceOf(TeamLedgerRefusedError);
  });
});

describe('the core on the team ledger', () => {
  const service = () => sandboxAsService(sandbox.baseUrl);

  async function core(name: string, config: Partial<Parameters<typeof createCore>[0]> = {}): Promise<{ core: Core; events: Array<[string, unknown]> }> {
    const started = await createCore({ dataDir: path.join(root, name), appVersion: 'team-test', dailyBackups: false, service: service(), ...config }, { cipher: createTestCipher(Buffer.alloc(32, 7)) });
    opened.push(started);
    const events: Array<[string, unknown]> = [];
    started.onEvent((event, payload) => void events.push([event, payload]));
    return { core: started, events };
  }

  async function view(core: Core): Promise<TeamLedgerView> {
    const answer = await core.router.dispatch('teamLedger:get', {});
    if (!answer.ok) throw new Error(answer.error.key);
    return answer.value as TeamLedgerView;
  }

  it('shows the connection and follows its loss and return in events', async () => {
    const { core: desk, events } = await core('core-proxied', { ledger: choice('core-proxied', proxy) });
    await expect.poll(async () => (await view(desk)).connection?.state).toBe('connected');
    expect((await view(desk)).enabled).toBe(true);

    const before = events.length;
    await proxy.close();
    const connection = () => events.slice(before).filter(([event]) => event === 'teamLedger:connection').map(([, payload]) => (payload as TeamConnection).state);
    await expect.poll(connection).toEqual(['unreachable']);
    await proxy.open();
    await expect.poll(connection).toEqual(['unreachable', 'connected']);
    await expect
      .poll(() => events.some(([event, payload]) => event === 'ledger:changed' && (payload as LedgerChange).aggregate === 'ledger' && (payload as LedgerChange).origin.kind === 'remote'))
      .toBe(true);
  });

  it('switches to the team ledger after a connection and schema check, restarting on it, and back', async () => {
    const { core: desk, events } = await core('core-switch');
    const { address, password } = team.database;
    expect(await desk.router.dispatch('teamLedger:save', { ...address, password })).toMatchObject({ ok: true });
    expect((await view(desk)).enabled).toBe(false);

    const switched = await desk.router.dispatch('teamLedger:switch', { to: 'team' });
    expect(switched).toMatchObject({ ok: true, value: { enabled: true } });
    // The restart ends with the whole ledger replaced, and the core now answers from the team ledger.
    await expect.poll(() => events.some(([event, payload]) => event === 'ledger:changed' && (payload as LedgerChange).aggregate === 'ledger')).toBe(true);
    await expect.poll(async () => (await view(desk)).connection?.state).toBe('connected');
    expect((await view(desk)).enabled).toBe(true);

    expect(await desk.router.dispatch('teamLedger:switch', { to: 'team' })).toMatchObject({ ok: false, error: { key: 'ledger.team.errors.alreadyTeam' } });
    expect(await desk.router.dispatch('teamLedger:switch', { to: 'desk' })).toMatchObject({ ok: true, value: { enabled: false } });
    await expect.poll(async () => (await view(desk)).enabled).toBe(false);
    expect((await view(desk)).connection).toBeNull();
  });

  it('refuses to switch to a database without a team ledger and stays on its own', async () => {
    const empty = await createTestDatabase();
    opened.push({ close: () => empty.drop() });
    const { core: desk } = await core('core-empty');
    expect(await desk.router.dispatch('teamLedger:save', { ...empty.address, password: empty.password })).toMatchObject({ ok: true });
    expect(await desk.router.dispatch('teamLedger:switch', { to: 'team' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'ledger.team.errors.noLedgerYet' } });
    expect((await view(desk)).enabled).toBe(false);
  });

  // Last in the file: the clerks it adds to the team ledger would sign out the desks of the tests after it.
  it("holds a desk to clerks added or changed at another desk at once, without its page's session read", async () => {
    const { core: deskA } = await core('clerks-a', { ledger: choice('clerks-a') });
    const { core: deskB } = await core('clerks-b', { ledger: choice('clerks-b') });
    const dispatch = async (desk: Core, channel: string, payload: unknown) => {
      const answer = await desk.router.dispatch(channel, payload);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.key}`);
      return answer.value;
    };
    // No clerk on the team yet: desk B works as before clerks.
    expect(await deskB.router.dispatch('enterprises:list', {})).toMatchObject({ ok: true });

    await dispatch(deskA, 'clerks:add', { name: '张管理', role: 'admin', pin: '975310' });
    await expect.poll(async () => (await deskB.router.dispatch('enterprises:list', {})).ok ? 'open' : 'refused').toBe('refused');
    expect(await deskB.router.dispatch('enterprises:list', {})).toMatchObject({ ok: false, error: { code: 'SIGNED_OUT' } });

    const added = (await dispatch(deskA, 'clerks:add', { name: '李四', role: 'reviewer', pin: '135790' })) as ClerkSession;
    expect(added.clerk?.name).toBe('张管理');
    await dispatch(deskB, 'clerks:signIn', { name: '李四', pin: '135790' });
    expect(await deskB.router.dispatch('reversal:start', {})).not.toMatchObject({ error: { code: 'FORBIDDEN' } });
    const li = ((await dispatch(deskA, 'clerks:list', {})) as Clerk[]).find((clerk) => clerk.name === '李四')!;
    await dispatch(deskA, 'clerks:setRole', { id: li.id, role: 'issuer' });
    await expect
      .poll(async () => deskB.router.dispatch('reversal:start', {}))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', params: { right: 'review', role: 'issuer' } } });
    await dispatch(deskA, 'clerks:setActive', { id: li.id, active: false });
    await expect.poll(async () => deskB.router.dispatch('enterprises:list', {})).toMatchObject({ ok: false, error: { code: 'SIGNED_OUT' } });
  });
});
