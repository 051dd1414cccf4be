/**
 * The Electron sandbox launcher (main/electron/sandbox-launcher.ts) against a fake utilityProcess:
 * it forks the bundled entry with the config argument and the `fapiao-sandbox` service name, and the
 * app's sandbox handle (main/sandbox-service/service.ts) gets its address and credentials through it and
 * asks it to stop on close. The real process is exercised by test/integration/sandbox-service/.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createUtilityProcessLauncher, sandboxBundlePath, type UtilityLike, type UtilityProcessLike } from '../../../main/electron/sandbox-launcher.js';
import { startSandboxService } from '../../../main/sandbox-service/service.js';

class FakeChild extends EventEmitter {
  readonly pid = 4242;
  readonly posted: unknown[] = [];
  killed = false;
  postMessage(message: unknown) {
    this.posted.push(message);
    if ((message as { type?: string }).type === 'stop') setImmediate(() => this.emit('exit', 0));
  }
  kill() {
    this.killed = true;
    setImmediate(() => this.emit('exit', 1));
    return true;
  }
}

function fakeUtility() {
  const forks: { modulePath: string; args: string[] | undefined; options: unknown; child: FakeChild }[] = [];
  const utility: UtilityProcessLike = {
    fork(modulePath, args, options) {
      const child = new FakeChild();
      forks.push({ modulePath, args, options, child });
      setImmediate(() =>
        child.emit('message', {
          type: 'ready',
          baseUrl: 'http://127.0.0.1:45678',
          credentials: { appKey: 'k', appSecret: 's' },
          enterprise: { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' },
          controlApi: false,
        }),
      );
      return child as unknown as UtilityLike;
    },
  };
  return { utility, forks };
}

describe('utilityProcess sandbox launcher', () => {
  it('forks the bundle beside dist/main with the config and the service name, and stops it on close', async () => {
    const { utility, forks } = fakeUtility();
    const entry = sandboxBundlePath('/app/dist/main');
    expect(entry).toBe('/app/dist/sandbox/sandbox-service.cjs');
    const service = await startSandboxService(createUtilityProcessLauncher(utility, entry), { dataDir: '/data/sandbox', seed: 3 });
    expect(forks).toHaveLength(1);
    expect(forks[0]!.modulePath).toBe(entry);
    expect(forks[0]!.args).toEqual(['--config={"dataDir":"/data/sandbox","seed":3}']);
    expect(forks[0]!.options).toMatchObject({ serviceName: 'fapiao-sandbox' });
    expect(service.baseUrl).toBe('http://127.0.0.1:45678');
    expect(service.credentials).toEqual({ appKey: 'k', appSecret: 's' });
    expect(service.pid).toBe(4242);
    await service.close();
    expect(forks[0]!.child.posted).toEqual([{ type: 'stop' }]);
    expect(service.state).toBe('stopped');
  });

  it('restarts on the same port after the process dies', async () => {
    const { utility, forks } = fakeUtility();
    const service = await startSandboxService(createUtilityProcessLauncher(utility, '/x.cjs'), { dataDir: '/d' }, { restartDelaysMs: [0] });
    const states: string[] = [];
    service.onStateChange((state) => states.push(state));
    forks[0]!.child.emit('exit', 9);
    await expect.poll(() => states).toEqual(['down', 'restarting', 'running']);
    expect(forks[1]!.args).toEqual(['--config={"dataDir":"/d","port":45678}']);
    await service.close();
  });
});
