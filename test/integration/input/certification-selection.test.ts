/**
 * Certification from the input ledger through the core against a seeded sandbox over real HTTP:
 * ineligible invoices are named with their reason and cannot be sent, YXSE may be lowered but never
 * raised, a red invoice ends RZCLZT 5 / SBYY 10 and is not offered again, certified invoices show in
 * the ledger with the change kept, a failure that may be requested again is resent in one action, and
 * the period summary adds up.
 */
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { CertificationBatchView, LedgerRow } from '../../../shared/ipc/index.js';
import { chunks, MAX_BATCH } from '../../../main/features/certification/selection.js';
import { CERTIFICATION_OUTCOME_CONTROL_PATH } from '../../../sandbox/index.js';
import { sandboxControl, startInputCore, type InputCore } from '../../support/input-core.js';

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

async function collectAll(input: InputCore): Promise<void> {
  const { runIds } = await input.call('collection:sync', {});
  await expect
    .poll(async () => (await input.call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 })
    .toBe(runIds.length);
}

async function finished(input: InputCore, pch: string): Promise<CertificationBatchView> {
  await expect.poll(async () => (await input.call('certification:get', { PCH: pch })).status, { timeout: 30_000 }).toBe('done');
  return input.call('certification:get', { PCH: pch });
}

const inWindow = (row: LedgerRow) => row.KPRQ !== null && row.GXRQQ !== null && row.KPRQ >= row.GXRQQ && row.KPRQ <= (row.GXRQZ ?? '');

describe('certification from the ledger', () => {
  it('checks, sends, ends each invoice final, keeps the outcome in the ledger and resends the retryable', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 1500 });
    await collectAll(input);
    const normal = await input.call('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 });
    const blue = normal.rows.filter((row) => inWindow(row) && !row.HJJE?.startsWith('-'));
    const red = normal.rows.find((row) => inWindow(row) && row.HJJE?.startsWith('-'));
    expect(blue.length).toBeGreaterThanOrEqual(3);
    expect(red).toBeDefined();
    const [first, second, third] = blue as [LedgerRow, LedgerRow, LedgerRow];

    // Ineligible invoices are named with their reason.
    const certified = (await input.call('collection:ledger', { RZZT: '1', FPLXDM: '01', limit: 1 })).rows[0]!;
    const voided = (await input.call('collection:ledger', { FPZT: '2', FPLXDM: '01', limit: 1 })).rows[0]!;
    const abnormal = (await input.call('collection:ledger', { GLZT: '1', FPZT: '0', FPLXDM: '01', RZZT: '0', limit: 1 })).rows[0];
    const checked = await input.call('certification:check', { ids: [first.id, certified.id, voided.id, ...(abnormal ? [abnormal.id] : [])], SQRZLX: '1' });
    expect(checked.map((row) => row.reason)).toEqual([null, 'certified', 'status', ...(abnormal ? ['management'] : [])]);
    await expect(input.call('certification:submitSelection', { ids: [first.id, certified.id], SQRZLX: '1' })).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { ineligible: [{ id: certified.id, reason: 'certified' }] } },
    });

    // YXSE: never above the tax, 2 decimals.
    const above = new Decimal(first.SE!).plus('0.01').toFixed(2);
    await expect(input.call('certification:submitSelection', { ids: [first.id], SQRZLX: '1', validTax: { [first.id]: above } })).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { validTax: [{ id: first.id, problem: 'aboveTax' }] } },
    });
    await expect(input.call('certification:submitSelection', { ids: [first.id], SQRZLX: '1', validTax: { [first.id]: '1.234' } })).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED' },
    });
    const lowered = new Decimal(first.SE!).minus('1.00').toFixed(2);

    // Three invoices: two blue (one with a lowered valid tax) and a red one.
    const { PCHs } = await input.call('certification:submitSelection', { ids: [first.id, second.id, red!.id], SQRZLX: '1', validTax: { [first.id]: lowered } });
    expect(PCHs).toHaveLength(1);
    // Still being processed: not sendable again.
    expect((await input.call('certification:check', { ids: [second.id], SQRZLX: '1' }))[0]!.reason).toBe('pending');
    const batch = await finished(input, PCHs[0]!);
    const byNumber = new Map(batch.items.map((item) => [item.FPHM, item]));
    expect(byNumber.get(first.FPHM)).toMatchObject({ RZCLZT: '4', RZZT: '1', YXSE: lowered, retryable: false });
    expect(byNumber.get(second.FPHM)).toMatchObject({ RZCLZT: '4', RZZT: '1' });
    expect(byNumber.get(red!.FPHM)).toMatchObject({ RZCLZT: '5', SBYY: '10', retryable: false });

    // The ledger takes the outcome and keeps the change.
    const after = (await input.call('collection:ledger', { RZZT: '1', FPLXDM: '01', limit: 200 })).rows.find((row) => row.id === first.id)!;
    expect(after).toMatchObject({ RZZT: '1', YXSE: lowered });
    expect((await input.call('collection:detail', { id: first.id })).changes.map((change) => change.field)).toContain('RZZT');

    // A failure that may be requested again (SBYY 2: the authority knew no such invoice at processing
    // time, forced through the sandbox's control API) is offered again and resent in one action; the red one is not.
    await sandboxControl(input, CERTIFICATION_OUTCOME_CONTROL_PATH, { FPDM: third.FPDM, FPHM: third.FPHM, SBYY: '2' });
    const failing = await input.call('certification:submitSelection', { ids: [third.id], SQRZLX: '1' });
    const failed = await finished(input, failing.PCHs[0]!);
    expect(failed.items[0]).toMatchObject({ RZCLZT: '5', SBYY: '2', retryable: true });
    await sandboxControl(input, CERTIFICATION_OUTCOME_CONTROL_PATH, { FPDM: third.FPDM, FPHM: third.FPHM, SBYY: null });
    expect((await input.call('certification:summary', {})).items.retryable).toBe(1);
    const resent = await input.call('certification:retry', {});
    expect(resent.PCHs).toHaveLength(1);
    expect((await finished(input, resent.PCHs[0]!)).items.map((item) => [item.FPHM, item.RZCLZT])).toEqual([[third.FPHM, '4']]);
    expect((await input.call('certification:get', { PCH: failing.PCHs[0]! })).items[0]!.retryable).toBe(false);
    expect((await input.call('certification:retry', {})).PCHs).toEqual([]);

    const summary = await input.call('certification:summary', {});
    expect(summary).toMatchObject({ items: { succeeded: 3, failed: 2, retryable: 0, pending: 0 } });
    expect(summary.certified.count).toBeGreaterThanOrEqual(3);
    expect(summary.deadline).toMatch(/^\d{8}$/);
    expect(summary.warn).toBe(summary.daysLeft! <= 3);
  }, 240_000);

  it('splits a selection into batches of at most 500', () => {
    const ids = Array.from({ length: 1234 }, (_, index) => index);
    expect(chunks(ids).map((chunk) => chunk.length)).toEqual([MAX_BATCH, MAX_BATCH, 234]);
  });
});
