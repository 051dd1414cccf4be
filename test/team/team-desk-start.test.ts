/**
 * A desk that starts while its team ledger is away (issue 34 point 4), the real core against the real
 * PostgreSQL behind a stand-in on one loopback port: with nothing listening there, and with a server that
 * answers every connection "the database system is shutting down" (57P03), the core starts — unconnected,
 * saying so — instead of failing; a call that needs the ledger answers TEAM_LEDGER_UNREACHABLE; once the
 * server is there the desk connects by itself and answers from the team ledger. And TLS: a team ledger off
 * this machine with TLS off is refused when saved, tested and connected, before anything is sent to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core.js';
import { TlsRequiredOffMachineError } from '../../main/ledger/pg/config.js';
import { testTeamConnection } from '../../main/ledger/pg/connection-test.js';
import type { TeamChoice } from '../../main/ledger/team-desk.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import type { TeamConnection, TeamLedgerView } from '../../shared/ipc/schemas/team-ledger.js';
import { tempDir } from '../support/sample-issuance.js';
import { createTestCipher } from '../support/test-cipher.js';
import { createTeamLedgerDb, sandboxAsService, type TeamLedgerDb } from './support/desks.js';
import { startPgStandIn, type PgStandIn, type StandInMode } from './support/pg-stand-in.js';

let team: TeamLedgerDb;
let sandbox: RunningSandbox;
const root = tempDir('fapiao-team-start-');
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  team = await createTeamLedgerDb();
  sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), onError: () => {} });
});

afterAll(async () => {
  for (const item of opened.reverse()) await item.close().catch(() => undefined);
  await sandbox?.close();
  await team?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function standIn(mode: StandInMode): Promise<PgStandIn> {
  const started = await startPgStandIn(team.database.address, mode);
  opened.push(started);
  return started;
}

const choice = (desk: string, port: number): TeamChoice => ({
  kind: 'team',
  address: { ...team.database.address, port },
  password: team.database.password,
  desk,
  backoffMs: [100, 200, 400],
});

async function core(name: string, ledger?: TeamChoice): Promise<Core> {
  const started = await createCore(
    { dataDir: path.join(root, name), appVersion: 'team-test', dailyBackups: false, service: sandboxAsService(sandbox.baseUrl), ...(ledger ? { ledger } : {}) },
    { cipher: createTestCipher(Buffer.alloc(32, 7)) },
  );
  opened.push(started);
  return started;
}

async function view(desk: Core): Promise<TeamLedgerView> {
  const answer = await desk.router.dispatch('teamLedger:get', {});
  if (!answer.ok) throw new Error(answer.error.key);
  return answer.value as TeamLedgerView;
}

describe('a desk that starts while its team ledger is away', () => {
  for (const away of ['closed', 'shuttingDown'] as const) {
    it(`starts unconnected when the server is ${away === 'closed' ? 'not listening' : 'shutting down (57P03)'}, and connects once it is there`, async () => {
      const server = await standIn(away);
      const desk = await core(`start-${away}`, choice(`start-${away}`, server.port));
      const states: string[] = [];
      desk.onEvent((event, payload) => void (event === 'teamLedger:connection' && states.push((payload as TeamConnection).state)));
      // Started, unconnected: it says so, and what needs the ledger answers that it is out of reach.
      await expect.poll(() => states).toEqual(['unreachable']);
      expect(await desk.router.dispatch('clerks:session', {})).toMatchObject({ ok: false, error: { code: 'TEAM_LEDGER_UNREACHABLE' } });

      await server.set('open');
      await expect.poll(() => states).toEqual(['unreachable', 'connected']);
      await expect.poll(async () => desk.router.dispatch('clerks:session', {})).toMatchObject({ ok: true, value: { clerksExist: false } });
      expect((await view(desk)).connection?.state).toBe('connected');
      expect(await desk.router.dispatch('history:list', {})).toMatchObject({ ok: true });
    });
  }
});

describe('TLS off the machine', () => {
  // A name under .invalid (RFC 2606) never resolves: were the rule to fail, nothing would be reached either.
  const offMachine = { host: 'team-ledger.invalid', port: 5432, database: 'fapiao', user: 'desk', tls: 'disable' as const, caFile: null };

  it('refuses to save TLS off for a host off this machine, naming why; loopback may go without', async () => {
    const desk = await core('tls-save');
    expect(await desk.router.dispatch('teamLedger:save', { ...offMachine, password: 'pw' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', key: 'ledger.team.errors.tlsOffMachine', params: { host: 'team-ledger.invalid' } },
    });
    expect((await view(desk)).address).toBeNull();
    for (const host of ['127.0.0.1', 'localhost', '::1', '/var/run/postgresql']) {
      expect(await desk.router.dispatch('teamLedger:save', { ...offMachine, host, password: 'pw' })).toMatchObject({ ok: true, value: { address: { host, tls: 'disable' } } });
    }
    expect(await desk.router.dispatch('teamLedger:save', { ...offMachine, tls: 'require', password: 'pw' })).toMatchObject({ ok: true, value: { address: { host: offMachine.host, tls: 'require' } } });
  });

  it('refuses to connect without TLS to a host off this machine: the test says why, a desk does not start on it', async () => {
    expect(await testTeamConnection(offMachine, 'pw')).toMatchObject({ ok: false, key: 'tlsOffMachine', params: { host: 'team-ledger.invalid' } });
    const refused = await core('tls-connect', { kind: 'team', address: offMachine, password: 'pw', desk: 'tls-connect' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TlsRequiredOffMachineError);
  });
});
