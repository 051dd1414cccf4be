/**
 * The sandbox is a separate process the app starts (issue 9.3): it is recognisable by name, and when it
 * dies (SIGKILL) the app's service status turns 服务不可达 (the renderer's banner follows this event), the
 * history and the outbox stay intact, the app starts the sandbox again on the same address, the status
 * turns reachable, and the invoices that were pending issue exactly once (counted through the sandbox's
 * test-only control API, not its internals).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { createNodeSandboxLauncher, type SandboxLauncher } from '../../../main/sandbox-service/launcher.js';
import type { ServiceStatus } from '../../../shared/ipc/channels/service.js';
import type { AppInfo, InvoiceSummary } from '../../../shared/ipc/index.js';
import { childrenNamed, processName } from '../../support/sandbox-process.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The Node launcher with the sandbox's test-only control API switched on, so the test can count what it issued. */
const node = createNodeSandboxLauncher();
const withControlApi: SandboxLauncher = { launch: (config) => node.launch({ ...config, controlApi: true }) };

async function start(): Promise<{ core: Core; statuses: ServiceStatus[]; baseUrl: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-sandbox-crash-'));
  dirs.push(dataDir);
  const core = await createCore(
    { dataDir, appVersion: 'test', sandboxSeed: 3, sandboxIssueDelayMs: 1_500, outboxBaseDelayMs: 50, outboxMaxDelayMs: 400, serviceTimeoutMs: 3_000 },
    { cipher: createTestCipher(), sandbox: withControlApi },
  );
  cores.push(core);
  const statuses: ServiceStatus[] = [];
  core.onEvent((event, payload) => {
    if (event === 'service:statusChanged') statuses.push(payload);
  });
  const info = await core.router.dispatch('app:info', {});
  if (!info.ok) throw new Error('app:info failed');
  return { core, statuses, baseUrl: (info.value as AppInfo).serviceBaseUrl };
}

const draft = (n: number) => ({
  invoiceType: '026',
  buyerName: `崩溃重启测试客户${n}`,
  issuer: '测试',
  lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '1', unitPrice: `${100 + n}.00`, rate: '0.13' }],
});

async function history(core: Core): Promise<InvoiceSummary[]> {
  const list = await core.router.dispatch('history:list', { limit: 500 });
  if (!list.ok) throw new Error(`history:list failed: ${list.error.code}`);
  return list.value as InvoiceSummary[];
}

function onlySandbox(): number {
  const pids = childrenNamed('fapiao-sandbox');
  expect(pids).toHaveLength(1);
  return pids[0]!;
}

describe('the sandbox service process', () => {
  it('dies under SIGKILL: the status turns unreachable, the app restarts it, pending invoices issue exactly once', async () => {
    const { core, statuses, baseUrl } = await start();
    const first = onlySandbox();
    expect(processName(first)).toBe('fapiao-sandbox');
    expect((await core.router.dispatch('service:status', {})).ok).toBe(true);

    const lshs: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const submitted = await core.router.dispatch('issuance:submit', draft(n));
      if (!submitted.ok) throw new Error(`submit refused: ${submitted.error.code}`);
      lshs.push((submitted.value as InvoiceSummary).lsh);
    }
    // Some are accepted and pending in the sandbox (1.5 s issue delay), some not yet sent.
    process.kill(first, 'SIGKILL');

    await expect.poll(() => statuses.some((s) => s.state === 'unreachable' && s.cause === 'sandbox-exited'), { timeout: 20_000 }).toBe(true);
    // History and outbox are intact while it is down: every submission is still there, none lost or failed.
    expect((await history(core)).map((row) => row.lsh).sort()).toEqual([...lshs].sort());

    await expect.poll(() => statuses.at(-1)?.state, { timeout: 30_000 }).toBe('reachable');
    const second = onlySandbox();
    expect(second).not.toBe(first);
    const after = await core.router.dispatch('app:info', {});
    expect(after.ok && (after.value as AppInfo).serviceBaseUrl).toBe(baseUrl);

    await expect.poll(async () => (await history(core)).filter((row) => row.status === 'issued').length, { timeout: 60_000 }).toBe(6);
    expect((await history(core)).filter((row) => row.status === 'failed')).toEqual([]);

    const issued = (await (await fetch(`${baseUrl}/sandbox/control/issued`)).json()) as { invoices: { lsh: string }[] };
    const perLsh = new Map<string, number>();
    for (const invoice of issued.invoices) perLsh.set(invoice.lsh, (perLsh.get(invoice.lsh) ?? 0) + 1);
    const duplicates = [...perLsh.values()].filter((count) => count > 1).length + [...perLsh.keys()].filter((lsh) => !lshs.includes(lsh)).length;
    const lost = lshs.filter((lsh) => !perLsh.has(lsh)).length;
    console.log(`sandbox crash and restart: invoices=${lshs.length} duplicates=${duplicates} lost=${lost}`);
    expect({ duplicates, lost }).toEqual({ duplicates: 0, lost: 0 });
  });

  it('the clerk can ask to reconnect: service:reconnect starts the killed sandbox again at once', async () => {
    const { core, statuses } = await start();
    process.kill(onlySandbox(), 'SIGKILL');
    await expect.poll(() => statuses.some((s) => s.state !== 'reachable'), { timeout: 20_000 }).toBe(true);
    const answer = await core.router.dispatch('service:reconnect', {});
    expect(answer.ok && (answer.value as ServiceStatus)).toMatchObject({ state: 'reachable', cause: null, canRestart: true, environment: 'sandbox' });
    expect(childrenNamed('fapiao-sandbox')).toHaveLength(1);
  });

  it('stops with the app: no sandbox process is left once the core is closed', async () => {
    const { core } = await start();
    const pid = onlySandbox();
    await core.close();
    await expect.poll(() => processName(pid)).toBeUndefined();
  });
});
