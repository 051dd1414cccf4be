/**
 * Certification through the outbox, against a seeded sandbox over real HTTP: the batch is stored before
 * sending, applied once even when the answer to the application is lost, then followed with the same PCH
 * until every item is final — and the result is kept in the history.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import {
  DEMO_CREDENTIALS,
  DEMO_ENTERPRISE,
  RECEIVED_CONTROL_PATH,
  createFaultPlan,
  seededRandom,
  startSandbox,
  type ReceivedInvoice,
  type RunningSandbox,
} from '../../../sandbox/index.js';
import type { CertificationBatchView } from '../../../shared/ipc/index.js';
import { tempDir } from '../../support/sample-issuance.js';
import { createTestCipher } from '../../support/test-cipher.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The current tax period (yyyyMM) in China time, as the sandbox checks it (SBYY 7 otherwise). */
const currentPeriod = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7).replace('-', '');

async function setup(faults?: Parameters<typeof createFaultPlan>[0]) {
  const root = tempDir('fapiao-cert-');
  const sandboxDir = path.join(root, 'sandbox');
  const sandbox: RunningSandbox = await startSandbox({
    dataDir: sandboxDir,
    seed: 11,
    seedInvoicesPerBuyer: 300,
    issueDelayMs: 60,
    onError: () => {},
    controlApi: true,
    ...(faults ? { faults: createFaultPlan(faults, seededRandom(5)) } : {}),
  });
  // Certifiable invoices of the demo buyer: special/electronic special, normal, not yet certified, and
  // recent enough not to be overdue (the sandbox refuses invoices issued over 360 days ago with SBYY 5).
  const recent = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  // Read through the sandbox's test-only control API, not its database.
  const received = (await (await fetch(`${sandbox.baseUrl}${RECEIVED_CONTROL_PATH}?buyer=${DEMO_ENTERPRISE.taxNumber}`)).json()) as { invoices: ReceivedInvoice[] };
  const candidates = received.invoices
    .filter((i) => (i.fplxdm === '01' || i.fplxdm === '08') && i.fpzt === '0' && i.glzt === '0' && i.rzzt === '0' && i.kprq >= recent && !i.hjje.startsWith('-'))
    .slice(0, 3);
  const core: Core = await createCore(
    {
      dataDir: path.join(root, 'app'),
      appVersion: 'test',
      service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      outboxBaseDelayMs: 30,
      outboxMaxDelayMs: 150,
      serviceTimeoutMs: 2000,
    },
    { cipher: createTestCipher() },
  );
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }), () => sandbox.close(), () => core.close());
  return { core, sandbox, candidates };
}

function waitFor(core: Core, pch: string, done: (batch: CertificationBatchView) => boolean): Promise<CertificationBatchView> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`batch ${pch} did not finish`)), 20_000);
    const stop = core.onEvent((event, payload) => {
      if (event === 'certification:updated' && payload.PCH === pch && done(payload)) {
        clearTimeout(timer);
        stop();
        resolve(payload);
      }
    });
  });
}

describe('certification through the outbox', () => {
  it('applies a batch, follows it with the same PCH until every item is certified, and keeps the result', async () => {
    const { core, candidates } = await setup();
    expect(candidates.length).toBe(3);
    const submitted = await core.router.dispatch('certification:submit', {
      period: currentPeriod(),
      items: candidates.map((i) => ({ FPDM: i.fpdm, FPHM: i.fphm, FPLXDM: i.fplxdm as '01' | '08', SQRZLX: '1' as const })),
    });
    expect(submitted.ok).toBe(true);
    if (!submitted.ok) return;
    const { PCH } = submitted.value as { PCH: string };
    expect(PCH).toMatch(/^[0-9A-F]{32}$/);

    const done = await waitFor(core, PCH, (batch) => batch.status === 'done');
    expect(done.items.map((item) => [item.RZCLZT, item.RZZT, item.SBYY])).toEqual([
      ['4', '1', null],
      ['4', '1', null],
      ['4', '1', null],
    ]);
    const again = await core.router.dispatch('certification:get', { PCH });
    expect(again).toMatchObject({ ok: true, value: { status: 'done', ZTDM: '0000' } });
  });

  it('survives lost answers to the application: one batch, one processing, a final result', async () => {
    const { core, candidates } = await setup({ dropRate: 0.5, endpoints: ['applyCertification', 'certificationResult'] });
    const submitted = await core.router.dispatch('certification:submit', {
      period: currentPeriod(),
      items: candidates.slice(0, 2).map((i) => ({ FPDM: i.fpdm, FPHM: i.fphm, FPLXDM: i.fplxdm as '01' | '08', SQRZLX: '1' as const })),
    });
    if (!submitted.ok) throw new Error(submitted.error.message);
    const { PCH } = submitted.value as { PCH: string };
    const done = await waitFor(core, PCH, (batch) => batch.status === 'done');
    expect(done.items.every((item) => item.RZCLZT === '4' && item.RZZT === '1')).toBe(true);
  });

  it('ends a batch for the wrong tax period with each item failed, SBYY 7 (application month mismatch)', async () => {
    const { core, candidates } = await setup();
    const submitted = await core.router.dispatch('certification:submit', {
      period: '201901',
      items: candidates.slice(0, 1).map((i) => ({ FPDM: i.fpdm, FPHM: i.fphm, FPLXDM: i.fplxdm as '01' | '08', SQRZLX: '1' as const })),
    });
    if (!submitted.ok) throw new Error(submitted.error.message);
    const { PCH } = submitted.value as { PCH: string };
    const final = await waitFor(core, PCH, (batch) => ['done', 'rejected', 'failed'].includes(batch.status));
    // The sandbox accepts the batch and fails the item with SBYY 7 (application month mismatch).
    expect(final.items[0]).toMatchObject({ RZCLZT: '5', SBYY: '7' });
  });

  it('refuses a malformed batch before anything is stored or sent', async () => {
    const { core } = await setup();
    const bad = await core.router.dispatch('certification:submit', { period: '2025-01', items: [] });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(await core.router.dispatch('certification:list', {})).toEqual({ ok: true, value: [] });
  });
});
