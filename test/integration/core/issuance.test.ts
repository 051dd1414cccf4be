/**
 * The core as the Electron adapter and the harness run it: a draft submitted over the IPC router is
 * stored, sent to the embedded sandbox over real HTTP, re-asked with the same lsh until issued, and kept
 * in the history database across a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 200, outboxBaseDelayMs: 50 }, { cipher: createTestCipher() });
  cores.push(core);
  return core;
}

const draft = {
  invoiceType: '026',
  buyerName: '杭州云栖商贸有限公司',
  issuer: '李四',
  lines: [
    { name: '打印纸', taxCode: '1060201070000000000', quantity: '10', unitPrice: '25.00', rate: '0.13' },
    { name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060.00', rate: '0.06' },
  ],
};

function waitForStatus(core: Core, lsh: string, status: InvoiceSummary['status']): Promise<InvoiceSummary> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${lsh} did not reach ${status}`)), 15_000);
    const stop = core.onEvent((event, payload) => {
      if (event === 'issuance:updated' && payload.lsh === lsh && payload.status === status) {
        clearTimeout(timer);
        stop();
        resolve(payload);
      }
    });
  });
}

describe('core issuance', () => {
  it('issues a submitted draft exactly once and keeps it across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-core-'));
    dirs.push(dataDir);
    const core = await start(dataDir);

    const submitted = await core.router.dispatch('issuance:submit', draft);
    expect(submitted.ok).toBe(true);
    if (!submitted.ok) return;
    const queued = submitted.value as InvoiceSummary;
    expect(queued).toMatchObject({ status: 'queued', total: '1310.00', environment: 'sandbox', invoiceNumber: null });

    const issued = await waitForStatus(core, queued.lsh, 'issued');
    expect(issued.invoiceNumber).toMatch(/^\d{8}$/);
    expect(issued.invoiceCode).toMatch(/^\d{12}$/);

    await core.close();
    cores.splice(cores.indexOf(core), 1);
    const again = await start(dataDir);
    const list = await again.router.dispatch('history:list', {});
    expect(list.ok).toBe(true);
    if (list.ok) {
      const rows = list.value as InvoiceSummary[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ lsh: queued.lsh, status: 'issued', invoiceNumber: issued.invoiceNumber });
    }
  });

  it('refuses a draft the rules refuse, and stores nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-core-'));
    dirs.push(dataDir);
    const core = await start(dataDir);
    const bad = await core.router.dispatch('issuance:submit', { ...draft, lines: [{ ...draft.lines[0], quantity: 'abc' }] });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    if (!bad.ok) expect(bad.error.message).toContain('quantity');
    const list = await core.router.dispatch('history:list', {});
    expect(list).toEqual({ ok: true, value: [] });
  });

  it('closes cleanly, twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-core-'));
    dirs.push(dataDir);
    const core = await start(dataDir);
    await core.close();
    await core.close();
    // The database is closed and checkpointed: a fresh open works and no stray lock remains.
    const next = await start(dataDir);
    expect((await next.router.dispatch('app:info', {})).ok).toBe(true);
  });
});
