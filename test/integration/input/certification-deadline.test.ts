/**
 * The selection deadline (GXJZR) through the core, its clock set around the deadline the sandbox's
 * collection records carry: the summary warns from three days before it (not four), still on the day
 * itself, and says so once it has passed; from the day after, an invoice is named 'pastDeadline' and
 * cannot be sent. The wall clock stays the sandbox's; only the app's clock moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startInputCore, type InputCore } from '../../support/input-core.js';

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

/** Noon in China (UTC+8) of a yyyyMMdd, `days` later. */
const chinaNoon = (compact: string, days = 0) => Date.UTC(Number(compact.slice(0, 4)), Number(compact.slice(4, 6)) - 1, Number(compact.slice(6, 8)) + days, 4);

describe('certification deadline (GXJZR)', () => {
  it('warns three days before the deadline or less, and refuses after it', async () => {
    let clockMs = Date.now();
    input = await startInputCore({ seedInvoicesPerBuyer: 300, core: { clock: () => new Date(clockMs) } });
    const { runIds } = await input.call('collection:sync', {});
    await expect
      .poll(async () => (await input!.call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 })
      .toBe(runIds.length);

    const deadline = (await input.call('certification:summary', {})).deadline!;
    expect(deadline).toMatch(/^\d{6}15$/);
    const rows = (await input.call('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 })).rows;
    const candidate = (await input.call('certification:check', { ids: rows.map((row) => row.id), SQRZLX: '1' })).find((row) => row.reason === null)!;
    expect(candidate).toBeDefined();

    const at = async (days: number) => {
      clockMs = chinaNoon(deadline, days);
      const summary = await input!.call('certification:summary', {});
      const [checked] = await input!.call('certification:check', { ids: [candidate.id], SQRZLX: '1' });
      return { daysLeft: summary.daysLeft, warn: summary.warn, reason: checked!.reason };
    };
    expect(await at(-4)).toEqual({ daysLeft: 4, warn: false, reason: null });
    expect(await at(-3)).toEqual({ daysLeft: 3, warn: true, reason: null });
    expect(await at(0)).toEqual({ daysLeft: 0, warn: true, reason: null });
    expect(await at(1)).toEqual({ daysLeft: -1, warn: true, reason: 'pastDeadline' });
    await expect(input.call('certification:submitSelection', { ids: [candidate.id], SQRZLX: '1' })).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED', key: 'certification.errors.ineligible', details: { ineligible: [{ id: candidate.id, reason: 'pastDeadline' }] } },
    });
    // 00:30 in China three days before, still the day before in UTC: days are counted in China days.
    clockMs = chinaNoon(deadline, -3) - 11 * 3_600_000 - 30 * 60_000;
    expect(new Date(clockMs).getUTCDate()).not.toBe(new Date(chinaNoon(deadline, -3)).getUTCDate());
    expect(await input.call('certification:summary', {})).toMatchObject({ daysLeft: 3, warn: true });
  }, 180_000);
});
