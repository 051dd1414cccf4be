/**
 * 迁入团队账本 with a saved address whose CA file has gone (moved, deleted, no longer readable): opening the
 * move's connections fails at once. That failure must be told like any other failed move — in the words of
 * the CA file — and must not leave the desk thinking a move is still running: before the fix every later
 * move was refused with "a move is already running" until the app restarted. Against the real sandbox and a
 * real PostgreSQL (which runs here without TLS), through the settings channel as the page calls it: twice
 * the CA file's failure, never `running`; the file put back, the server's own answer about TLS; the address
 * saved without TLS (this machine's server may go without), the move goes through.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { zhCN } from '../../../renderer/src/app/locales/zh-CN.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import type { IpcResult } from '../../../shared/ipc/index.js';
import type { TeamMoveResult } from '../../../shared/ipc/schemas/team-ledger.js';
import { createTestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dir = tempDir('fapiao-move-ca-file-');
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

/** i18next's typed `t` takes literal keys only; these keys come from main at run time, as the page's do. */
const say = (key: string, options?: Record<string, unknown>) => (zh.t as unknown as (key: string, options: Record<string, unknown>) => string)(key, options ?? {});

describe('迁入团队账本 when the saved CA file cannot be read', () => {
  it('says so every time, never "already running", and moves once the address can be used', async () => {
    const team = await createTestDatabase();
    cleanups.push(() => team.drop());
    const owner = createTeamPool(team.address, team.password, { log: () => {} });
    await migrateTeamLedger(owner);
    await owner.end();

    // A real CA certificate file, as an administrator would hand one out.
    const caFile = path.join(dir, 'team-ca.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Fapiao Team CA', '-keyout', path.join(dir, 'team-ca.key'), '-out', caFile], { stdio: 'ignore' });
    const certificate = fs.readFileSync(caFile);

    const core: Core = await createCore(
      {
        dataDir: path.join(dir, 'desk'),
        appVersion: 'ca-file-test',
        dailyBackups: false,
        service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      },
      { cipher: createTestCipher(), dialog: { chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(null), confirm: () => Promise.resolve(true) } },
    );
    cleanups.push(() => core.close());
    const verified = { ...team.address, tls: 'verify-full' as const, caFile };
    expect(await core.router.dispatch('teamLedger:save', { ...verified, password: team.password })).toMatchObject({ ok: true });

    // The file goes away after it was saved: each move says the CA file cannot be read, in the clerk's words.
    fs.rmSync(caFile);
    const answers: Array<IpcResult<TeamMoveResult>> = [];
    for (let attempt = 0; attempt < 2; attempt++) answers.push((await core.router.dispatch('teamLedger:moveIn', {})) as IpcResult<TeamMoveResult>);
    // Both keys first, so that a failure shows what each attempt answered (before the fix: ipc.internal, then running).
    expect(answers.map((answer) => (answer.ok ? 'moved' : answer.error.key))).toEqual(['ledger.team.outcome.caFileUnreadable', 'ledger.team.outcome.caFileUnreadable']);
    for (const answer of answers) {
      expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', params: { file: caFile } } });
      if (answer.ok) return;
      const sentence = say(answer.error.key, answer.error.params);
      expect(sentence).toContain('CA 证书文件');
      expect(sentence).toContain(caFile);
      expect(sentence).toContain('请把文件放回原处');
    }

    // The file back: the CA file is read, and the answer is this server's own (it runs without TLS).
    fs.writeFileSync(caFile, certificate);
    const refused = (await core.router.dispatch('teamLedger:moveIn', {})) as IpcResult<TeamMoveResult>;
    expect(refused).toMatchObject({ ok: false, error: { key: 'ledger.team.outcome.tlsRefused' } });

    // Saved without TLS (this machine's server may go without): the move goes through.
    expect(await core.router.dispatch('teamLedger:save', { ...team.address, password: team.password })).toMatchObject({ ok: true });
    const done = (await core.router.dispatch('teamLedger:moveIn', {})) as IpcResult<TeamMoveResult>;
    expect(done).toMatchObject({ ok: true, value: { movedIn: { host: team.address.host, database: team.address.database } } });
  });
});
