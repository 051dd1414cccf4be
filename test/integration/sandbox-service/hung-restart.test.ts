/**
 * 重新启动服务 against a sandbox that hangs rather than dies (issue 34 point 5), the real core and the real
 * sandbox process: the process is stopped (SIGSTOP) — alive, its address answering nothing. The poll says the
 * service does not answer; service:reconnect then ends it (SIGTERM is not heard by a stopped process, so it is
 * killed) and starts a new one on the same address, and the answer says that is what it did. A sandbox that
 * answers is left alone and the answer says so. And on a fake process, one that ends on SIGTERM is not killed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { SandboxChild, SandboxLauncher } from '../../../main/sandbox-service/launcher.js';
import { startSandboxService } from '../../../main/sandbox-service/service.js';
import type { ServiceStatus } from '../../../shared/ipc/channels/service.js';
import type { AppInfo } from '../../../shared/ipc/index.js';
import { childrenNamed, processName } from '../../support/sandbox-process.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dirs: string[] = [];
const cores: Core[] = [];
const stopped: number[] = [];
afterEach(async () => {
  // A process this test stopped and that is somehow still there is let go, then ended with its core.
  for (const pid of stopped.splice(0)) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // gone
    }
  }
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ core: Core; statuses: ServiceStatus[]; baseUrl: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-sandbox-hung-'));
  dirs.push(dataDir);
  const core = await createCore({ dataDir, appVersion: 'test', sandboxSeed: 3, serviceTimeoutMs: 3_000 }, { cipher: createTestCipher() });
  cores.push(core);
  const statuses: ServiceStatus[] = [];
  core.onEvent((event, payload) => void (event === 'service:statusChanged' && statuses.push(payload)));
  const info = await core.router.dispatch('app:info', {});
  if (!info.ok) throw new Error('app:info failed');
  return { core, statuses, baseUrl: (info.value as AppInfo).serviceBaseUrl };
}

const reconnect = async (core: Core) => {
  const answer = await core.router.dispatch('service:reconnect', {});
  if (!answer.ok) throw new Error(`service:reconnect: ${answer.error.key}`);
  return answer.value as ServiceStatus;
};

describe('重新启动服务 against a hung sandbox', () => {
  it('ends the stopped process (killed: it does not hear SIGTERM), starts a new one on the same address, and says so', async () => {
    const { core, statuses, baseUrl } = await start();
    const [hung] = childrenNamed('fapiao-sandbox');
    expect(hung).toBeDefined();
    // Answering: 重新启动服务 leaves it alone and says it answers.
    expect((await reconnect(core)).reconnect).toMatchObject({ did: 'answering' });
    expect(childrenNamed('fapiao-sandbox')).toEqual([hung]);

    process.kill(hung!, 'SIGSTOP');
    stopped.push(hung!);
    // Alive, but its address answers nothing (no exit is seen): 重新启动服务 ends it and starts another.
    expect(await reconnect(core)).toMatchObject({ state: 'reachable', cause: null, reconnect: { did: 'killed' } });
    await expect.poll(() => processName(hung!)).toBeUndefined();
    const [fresh] = childrenNamed('fapiao-sandbox');
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(hung);
    // The same address answers again, and the status went through restarting back to reachable.
    expect((await fetch(`${baseUrl}/`)).status).toBeLessThan(600);
    expect(statuses.map((status) => status.state)).toContain('restarting');
    expect(statuses.at(-1)).toMatchObject({ state: 'reachable', reconnect: { did: 'killed' } });
  });
});

describe('ending a hung sandbox process', () => {
  /** A fake process: ready at once; on SIGTERM it exits (or not, `deaf`); on SIGKILL it always exits. */
  function fakeLauncher(deaf: boolean) {
    const signals: string[] = [];
    let launched = 0;
    const launcher: SandboxLauncher = {
      launch() {
        launched += 1;
        const exits: Array<(exit: { code: number | null; signal: string | null }) => void> = [];
        const messages: Array<(message: unknown) => void> = [];
        const exit = (signal: string) => setImmediate(() => exits.forEach((listener) => listener({ code: null, signal })));
        setImmediate(() =>
          messages.forEach((listener) =>
            listener({ type: 'ready', baseUrl: 'http://127.0.0.1:45679', credentials: { appKey: 'k', appSecret: 's' }, enterprise: { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' }, controlApi: false }),
          ),
        );
        const child: SandboxChild = {
          pid: 100 + launched,
          onMessage: (listener) => void messages.push(listener),
          onExit: (listener) => void exits.push(listener),
          send: (message) => void ((message as { type?: string }).type === 'stop' && exit('stop')),
          terminate: () => {
            signals.push(`SIGTERM ${100 + launched}`);
            if (!deaf) exit('SIGTERM');
          },
          kill: () => {
            signals.push(`SIGKILL ${100 + launched}`);
            exit('SIGKILL');
          },
        };
        return child;
      },
    };
    return { launcher, signals, launched: () => launched };
  }

  it('asks first, and kills only a process that did not end on SIGTERM within the grace period', async () => {
    const hearing = fakeLauncher(false);
    const service = await startSandboxService(hearing.launcher, { dataDir: '/d' }, { endGraceMs: 200 });
    expect(await service.replace()).toEqual({ ended: 'terminated' });
    expect(hearing.signals).toEqual(['SIGTERM 101']);
    expect(service.state).toBe('running');
    expect(hearing.launched()).toBe(2);
    await service.close();

    const deaf = fakeLauncher(true);
    const deafService = await startSandboxService(deaf.launcher, { dataDir: '/d' }, { endGraceMs: 200 });
    expect(await deafService.replace()).toEqual({ ended: 'killed' });
    expect(deaf.signals).toEqual(['SIGTERM 101', 'SIGKILL 101']);
    expect(deafService.state).toBe('running');
    expect(deafService.pid).toBe(102);
    await deafService.close();
  });
});
