/**
 * 今日同步 at start-up: with the option on, a core started on the same data folder collects every kind
 * by itself, from where the last successful collection of each kind ended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { CollectionRunView } from '../../../shared/ipc/index.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';
import { createTestCipher } from '../../support/test-cipher.js';

let input: InputCore | undefined;
let second: Core | undefined;
afterEach(async () => {
  await second?.close();
  await input?.close();
  input = second = undefined;
});

describe('sync at start-up', () => {
  it('collects every kind since the last collection when the app starts, when asked to', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 60 });
    const { runIds } = await input.call('collection:sync', {});
    await expect.poll(async () => (await input!.call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 }).toBe(6);
    const first = await input.call('collection:runs', {});
    expect(await input.call('collection:setSyncOnStart', { syncOnStart: true })).toEqual({ syncOnStart: true });
    await input.core.close();

    second = await createCore(
      {
        dataDir: input.appDir,
        appVersion: 'test',
        service: { kind: 'remote', baseUrl: input.sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      },
      { cipher: createTestCipher() },
    );
    const runs = async () => {
      const result = await second!.router.dispatch('collection:runs', {});
      return result.ok ? (result.value as CollectionRunView[]) : [];
    };
    await expect.poll(async () => (await runs()).filter((run) => !runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 }).toBe(6);
    for (const run of (await runs()).filter((r) => !runIds.includes(r.id))) {
      // Each kind starts where its last successful run ended.
      expect(run.from).toBe(first.find((r) => r.kind === run.kind)!.to);
    }
  }, 120_000);
});
