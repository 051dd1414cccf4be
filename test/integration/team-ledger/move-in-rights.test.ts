/**
 * Issue 34: 迁入团队账本 with a desk's ordinary login was refused as "这个账号没有使用团队账本的权限" right after
 * 测试连接 said "可以读写账本" — the cause, no UPDATE on a sequence (the move sets each identity sequence past
 * the moved ids), showed only in the server's log. Against the real PostgreSQL, with a login that reads and
 * writes every table but lacks UPDATE on one sequence (and, later, INSERT on one table): 测试连接 still signs
 * in and names what moving in would lack; the move refuses before writing anything, naming the same sequence
 * and right, through the settings channel too, in the words the clerk reads; granted the right, both say
 * yes and the move goes through. A right the check did not foresee, refused by the server mid-write, is
 * named from the server's own refusal.
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { TeamMoveError } from '../../../main/ledger/move/errors.js';
import { moveDeskToTeam } from '../../../main/ledger/move/move-in.js';
import { refusedObject } from '../../../main/ledger/move/rights.js';
import { testTeamConnection } from '../../../main/ledger/pg/connection-test.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { zhCN } from '../../../renderer/src/app/locales/zh-CN.js';
import { missingOf, missingRightsText } from '../../../renderer/src/features/team-ledger/missing-rights.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import type { IpcResult } from '../../../shared/ipc/index.js';
import type { TeamConnectionTestResult, TeamLedgerAddress } from '../../../shared/ipc/schemas/team-ledger.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dir = tempDir('fapiao-move-rights-');
let sandbox: RunningSandbox;
const cleanups: Array<() => Promise<void>> = [];
/** The renderer's zh-CN words, through i18next as the page uses them. */
const zh = i18next.createInstance();

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: path.join(dir, 'sandbox'), onError: () => {} });
  await zh.init({ lng: 'zh', resources: { zh: { translation: zhCN } }, interpolation: { escapeValue: false } });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** i18next's typed `t` takes literal keys only; these keys are built at run time, as the page's are. */
const say = (key: string, options?: Record<string, unknown>) => (zh.t as unknown as (key: string, options: Record<string, unknown>) => string)(key, options ?? {});

/** A team ledger, and a login that may read and write every table and use every sequence but not set the one named. */
async function ledgerWithDeskLogin(withoutUpdateOn: string): Promise<{ team: TestDatabase; address: TeamLedgerAddress; password: string }> {
  const team = await createTestDatabase();
  cleanups.push(() => team.drop());
  const owner = createTeamPool(team.address, team.password, { log: () => {} });
  await migrateTeamLedger(owner);
  await owner.end();
  const login = await team.createRole();
  await team.exec(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${login.user};
                   GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${login.user};
                   REVOKE UPDATE ON SEQUENCE ${withoutUpdateOn} FROM ${login.user}`);
  return { team, address: { ...team.address, user: login.user }, password: login.password };
}

/** An empty desk ledger (every table, no rows): moving it in still sets every sequence. */
function emptyDesk(name: string): string {
  const file = path.join(dir, name, 'history.db');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  closeDatabase(openDatabase(file));
  return file;
}

async function teamRows(team: TestDatabase): Promise<number> {
  const client = new pg.Client({ ...team.address, password: team.password });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(`SELECT (SELECT count(*) FROM clerk) + (SELECT count(*) FROM issued_invoice) + (SELECT count(*) FROM audit_event) AS n`)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe('迁入团队账本 says which right is missing', () => {
  it('测试连接 names the sequence right moving in lacks, and the move refuses before writing, naming it', async () => {
    const { team, address, password } = await ledgerWithDeskLogin('issued_invoice_id_seq');
    const expected = [{ object: 'sequence', name: 'public.issued_invoice_id_seq', right: 'UPDATE' }];

    const tested = await testTeamConnection(address, password);
    expect(tested).toMatchObject({ ok: true, key: 'ok' });
    expect(tested.moveIn?.missing).toEqual(expected);

    const pool = createTeamPool(address, password, { log: () => {} });
    cleanups.push(() => pool.end());
    const refused = await moveDeskToTeam({ deskFile: emptyDesk('direct'), pool }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TeamMoveError);
    expect(refused).toMatchObject({ code: 'missingRights', missing: expected });
    expect(await teamRows(team)).toBe(0);

    // A table right too: each is named, tables and sequences alike.
    await team.exec(`REVOKE INSERT ON audit_event FROM ${address.user}`);
    expect((await testTeamConnection(address, password)).moveIn?.missing).toEqual([{ object: 'table', name: 'audit_event', right: 'INSERT' }, ...expected]);

    await team.exec(`GRANT INSERT ON audit_event TO ${address.user}; GRANT UPDATE ON SEQUENCE issued_invoice_id_seq TO ${address.user}`);
    expect((await testTeamConnection(address, password)).moveIn?.missing).toEqual([]);
    const moved = await moveDeskToTeam({ deskFile: emptyDesk('granted'), pool });
    expect(moved.total).toBe(0);
  });

  it('through settings: the test and the refusal name the right in the words the clerk reads', async () => {
    const { address, password } = await ledgerWithDeskLogin('clerk_id_seq');
    const core: Core = await createCore(
      {
        dataDir: path.join(dir, 'desk'),
        appVersion: 'rights-test',
        dailyBackups: false,
        service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      },
      { cipher: createTestCipher(), dialog: { chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(null), confirm: () => Promise.resolve(true) } },
    );
    cleanups.push(() => core.close());
    expect(await core.router.dispatch('teamLedger:save', { ...address, password })).toMatchObject({ ok: true });

    const tested = (await core.router.dispatch('teamLedger:test', {})) as IpcResult<TeamConnectionTestResult>;
    if (!tested.ok) throw new Error(tested.error.key);
    expect(tested.value).toMatchObject({ ok: true, key: 'ok', moveIn: { missing: [{ object: 'sequence', name: 'public.clerk_id_seq', right: 'UPDATE' }] } });
    const warning = say('ledger.team.outcome.moveInMissing', { rights: missingRightsText(tested.value.moveIn!.missing, say) });
    expect(warning).toBe('但这个账号不能迁入本机账本，缺少：序列 public.clerk_id_seq 的 UPDATE 权限。迁入须由有这些权限的账号进行，或请管理员授权。');

    const moved = await core.router.dispatch('teamLedger:moveIn', {});
    expect(moved).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'ledger.team.move.errors.missingRights' } });
    if (moved.ok) return;
    const missing = missingOf(moved.error.details)!;
    expect(missing).toEqual([{ object: 'sequence', name: 'public.clerk_id_seq', right: 'UPDATE' }]);
    const sentence = say(moved.error.key, { ...moved.error.params, rights: missingRightsText(missing, say) });
    expect(sentence).toContain('这个账号不能迁入团队账本，缺少：序列 public.clerk_id_seq 的 UPDATE 权限');
    expect(sentence).not.toContain('没有使用团队账本的权限');
  });

  it("names a right from the server's own refusal when the check did not foresee it", async () => {
    const { team, address, password } = await ledgerWithDeskLogin('product_id_seq');
    await team.exec(`REVOKE INSERT ON schema_version FROM ${address.user}`);
    const client = new pg.Client({ ...address, password });
    await client.connect();
    cleanups.push(() => client.end());
    const refusal = await client.query(`SELECT setval('product_id_seq', 5)`).catch((error: unknown) => error);
    expect(refusedObject(refusal)).toEqual({ object: 'sequence', name: 'product_id_seq' });
    const insert = await client.query(`INSERT INTO schema_version (version, name) VALUES (999, 'x')`).catch((error: unknown) => error);
    expect(refusedObject(insert)).toEqual({ object: 'table', name: 'schema_version' });
  });
});
