/**
 * Every certification failure reason (SBYY) of the spec's table, through the app: the sandbox is told
 * through its control API to fail one invoice with each reason; the clerk certifies them all in one
 * batch; the IPC answer gives each invoice RZCLZT 5, its SBYY and the spec's "may be requested again"
 * rule; the summary counts the retryable ones, and one action resends exactly those (once the service
 * would accept them) and never the others. The Chinese and English texts of each reason are checked in
 * test/unit/renderer/certification-locale.test.ts; the e2e shows a few in the page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CERTIFICATION_OUTCOME_CONTROL_PATH } from '../../../sandbox/index.js';
import type { CertificationBatchView, LedgerRow } from '../../../shared/ipc/index.js';
import { CERTIFICATION_FAILURE_REASONS, FAILURE_REASON_CODES } from '../../../shared/spec/codes-input.js';
import { sandboxControl, startInputCore, type InputCore } from '../../support/input-core.js';

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

async function finished(input: InputCore, pch: string): Promise<CertificationBatchView> {
  await expect.poll(async () => (await input.call('certification:get', { PCH: pch })).status, { timeout: 60_000 }).toBe('done');
  return input.call('certification:get', { PCH: pch });
}

describe('certification failure reasons', () => {
  it('shows every SBYY of the table with its retry rule, and resends only the retryable', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 1500 });
    const { runIds } = await input.call('collection:sync', {});
    await expect
      .poll(async () => (await input!.call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 })
      .toBe(runIds.length);

    // One eligible invoice (with a paper code, as the control API names it) per reason.
    const rows = (await input.call('collection:ledger', { RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 })).rows.filter(
      (row) => /^(?:\d{10}|\d{12})$/.test(row.FPDM ?? '') && !row.HJJE?.startsWith('-'),
    );
    const checked = await input.call('certification:check', { ids: rows.map((row) => row.id), SQRZLX: '1' });
    const eligible = new Set(checked.filter((row) => row.reason === null).map((row) => row.id));
    const chosen = rows.filter((row) => eligible.has(row.id)).slice(0, FAILURE_REASON_CODES.length);
    expect(chosen).toHaveLength(FAILURE_REASON_CODES.length);
    const reasonOf = new Map<string, (typeof FAILURE_REASON_CODES)[number]>();
    for (const [index, sbyy] of FAILURE_REASON_CODES.entries()) {
      const row = chosen[index] as LedgerRow;
      reasonOf.set(row.FPHM, sbyy);
      await sandboxControl(input, CERTIFICATION_OUTCOME_CONTROL_PATH, { FPDM: row.FPDM, FPHM: row.FPHM, SBYY: sbyy });
    }

    const { PCHs } = await input.call('certification:submitSelection', { ids: chosen.map((row) => row.id), SQRZLX: '1' });
    expect(PCHs).toHaveLength(1);
    const batch = await finished(input, PCHs[0]!);
    expect(batch.items).toHaveLength(FAILURE_REASON_CODES.length);
    for (const item of batch.items) {
      const sbyy = reasonOf.get(item.FPHM)!;
      expect({ FPHM: item.FPHM, RZCLZT: item.RZCLZT, SBYY: item.SBYY, retryable: item.retryable }).toEqual({
        FPHM: item.FPHM,
        RZCLZT: '5',
        SBYY: sbyy,
        retryable: CERTIFICATION_FAILURE_REASONS[sbyy].mayRequestAgain,
      });
    }
    const retryable = FAILURE_REASON_CODES.filter((sbyy) => CERTIFICATION_FAILURE_REASONS[sbyy].mayRequestAgain);
    // The spec's table: 2, 7, 8, 9, 11, 13, 14, 15, 18 and 19 may be requested again.
    expect(retryable).toEqual(['2', '7', '8', '9', '11', '13', '14', '15', '18', '19']);
    expect((await input.call('certification:summary', {})).items).toMatchObject({ failed: FAILURE_REASON_CODES.length, retryable: retryable.length, pending: 0 });
    // The ledger still holds them as not certified.
    const ledger = await input.call('collection:ledger', { RZZT: '1', limit: 200 });
    expect(ledger.rows.filter((row) => reasonOf.has(row.FPHM))).toEqual([]);

    // The service would now accept them; one action resends exactly the retryable ones.
    for (const row of chosen) await sandboxControl(input, CERTIFICATION_OUTCOME_CONTROL_PATH, { FPDM: row.FPDM, FPHM: row.FPHM, SBYY: null });
    const resent = await input.call('certification:retry', {});
    expect(resent.PCHs).toHaveLength(1);
    const second = await finished(input, resent.PCHs[0]!);
    expect(second.items.map((item) => reasonOf.get(item.FPHM)).sort()).toEqual([...retryable].sort());
    expect(second.items.every((item) => item.RZCLZT === '4')).toBe(true);
    // Resent once: the first batch offers none of them again, and nothing is left to resend.
    expect((await input.call('certification:get', { PCH: PCHs[0]! })).items.filter((item) => item.retryable)).toEqual([]);
    expect((await input.call('certification:retry', {})).PCHs).toEqual([]);
    expect((await input.call('certification:summary', {})).items).toMatchObject({ retryable: 0, pending: 0 });
  }, 240_000);
});
