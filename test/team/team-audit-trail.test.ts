/**
 * Moving in and switching ledgers in the audit trail (issue 34 point 5), the real core against the real
 * PostgreSQL: a desk's admin moves the desk's ledger into an empty team ledger — the team's own trail says it
 * was moved in, by whom and from which desk (read straight from the database) — then switches the desk to it:
 * the trail read after the switch, the team's, says so, with the clerk; switched back, the desk's own trail
 * has both switches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import type { AuditPage } from '../../shared/ipc/schemas/audit.js';
import type { LedgerChange } from '../../shared/ipc/schemas/changes.js';
import type { TeamLedgerView, TeamMoveResult } from '../../shared/ipc/schemas/team-ledger.js';
import { tempDir } from '../support/sample-issuance.js';
import { createTestCipher } from '../support/test-cipher.js';
import { createTeamLedgerDb, sandboxAsService, type TeamLedgerDb } from './support/desks.js';

let team: TeamLedgerDb;
let sandbox: RunningSandbox;
let core: Core | undefined;
const root = tempDir('fapiao-team-audit-');

beforeAll(async () => {
  team = await createTeamLedgerDb();
  sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), onError: () => {} });
});

afterAll(async () => {
  await core?.close().catch(() => undefined);
  await sandbox?.close();
  await team?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function value<T>(channel: string, payload: unknown = {}): Promise<T> {
  const answer = await core!.router.dispatch(channel, payload);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.key}`);
  return answer.value as T;
}
const view = () => value<TeamLedgerView>('teamLedger:get');
const switched = async () => (await value<AuditPage>('audit:list', { action: 'teamLedger.switched' })).rows.map((event) => event.detail);

describe('moving in and switching ledgers, in the trail', () => {
  it("is in the team's trail and the desk's, with the clerk who did it", async () => {
    core = await createCore(
      { dataDir: path.join(root, 'desk'), appVersion: 'team-test', dailyBackups: false, service: sandboxAsService(sandbox.baseUrl) },
      {
        cipher: createTestCipher(Buffer.alloc(32, 7)),
        dialog: { confirm: () => Promise.resolve(true), chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(null) },
      },
    );
    let replaced = 0;
    core.onEvent((event, payload) => void (event === 'ledger:changed' && (payload as LedgerChange).aggregate === 'ledger' && (replaced += 1)));
    // A switch restarts the core on the other ledger; it ends with the whole ledger announced replaced, signed out.
    const switchTo = async (to: 'team' | 'desk') => {
      const before = replaced;
      await value('teamLedger:switch', { to });
      await expect.poll(() => replaced).toBeGreaterThan(before);
      await value('clerks:signIn', { name: '王管理', pin: 'admin-pin-9' });
    };
    await value('clerks:add', { name: '王管理', role: 'admin', pin: 'admin-pin-9' });
    const { address, password } = team.database;
    await value('teamLedger:save', { ...address, password });

    const moved = await value<TeamMoveResult>('teamLedger:moveIn');
    const inTeam = await team.pool.query<{ actor: string; desk: string; detail: Record<string, unknown> }>(`SELECT actor, desk, detail FROM audit_event WHERE action = 'teamLedger.movedIn'`);
    expect(inTeam.rows).toHaveLength(1);
    expect(inTeam.rows[0]).toMatchObject({ actor: '王管理', detail: { rows: moved.total, enterprises: moved.enterprises, host: address.host, database: address.database } });
    expect(inTeam.rows[0]!.desk.length).toBeGreaterThan(0);

    await switchTo('team');
    await expect.poll(async () => (await view()).connection?.state).toBe('connected');
    expect(await switched()).toEqual([{ from: 'desk', to: 'team', by: '王管理' }]);

    await switchTo('desk');
    expect((await view()).enabled).toBe(false);
    // The desk's own trail: the switch away (recorded as it left) and the switch back (recorded when it opened).
    expect(await switched()).toEqual([
      { from: 'team', to: 'desk', by: '王管理' },
      { from: 'desk', to: 'team', by: '王管理' },
    ]);
  });
});
