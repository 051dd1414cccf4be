/**
 * More than 500 invoices selected at once, through the core against the sandbox over real HTTP: the
 * selection goes out as batches of at most 500 (one PCH each, FHHS equal to its count), every invoice in
 * exactly one of them, each ends final; a lowered valid tax (YXSE) reaches the service with two decimals.
 * The service's side is read through its test-only control API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CERTIFICATION_BATCHES_CONTROL_PATH, DEMO_ENTERPRISE, RECEIVED_BULK_CONTROL_PATH } from '../../../sandbox/index.js';
import type { LedgerRow } from '../../../shared/ipc/index.js';
import { sandboxControl, startInputCore, type InputCore } from '../../support/input-core.js';

const COUNT = 620;

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

interface ServiceBatch {
  PCH: string;
  settled: boolean;
  items: Array<{ FPDM: string; FPHM: string; YXSE: string | null; RZCLZT: string | null }>;
}

describe('certification of more than 500 invoices', () => {
  it('sends batches of at most 500, each invoice once, all ending final', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 20 });
    const bulk = { buyer: DEMO_ENTERPRISE.taxNumber, buyerName: DEMO_ENTERPRISE.name, count: COUNT, lines: 1, first: 70_000_000 };
    expect(await sandboxControl(input, RECEIVED_BULK_CONTROL_PATH, bulk)).toEqual({ added: COUNT });
    const { runIds } = await input.call('collection:sync', {});
    await expect
      .poll(async () => (await input!.call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 })
      .toBe(runIds.length);

    const rows: LedgerRow[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await input.call('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200, ...(cursor ? { cursor } : {}) });
      rows.push(...page.rows.filter((row) => row.FPHM >= '70000000' && row.FPHM < '70001000'));
      if (page.next === null) break;
      cursor = page.next;
    }
    expect(rows).toHaveLength(COUNT);
    const lowered = rows[0]!;
    const { PCHs } = await input.call('certification:submitSelection', { ids: rows.map((row) => row.id), SQRZLX: '1', validTax: { [lowered.id]: '7.5' } });
    expect(PCHs).toHaveLength(2);
    for (const pch of PCHs) {
      await expect.poll(async () => (await input!.call('certification:get', { PCH: pch })).status, { timeout: 120_000 }).toBe('done');
    }
    const views = await Promise.all(PCHs.map((pch) => input!.call('certification:get', { PCH: pch })));
    expect(views.map((view) => view.items.length)).toEqual([500, COUNT - 500]);
    expect(views.flatMap((view) => view.items).every((item) => item.RZCLZT === '4')).toBe(true);

    // At the service: the same two PCHs, each invoice in exactly one, the lowered YXSE with two decimals.
    const { batches } = await sandboxControl<{ batches: ServiceBatch[] }>(input, `${CERTIFICATION_BATCHES_CONTROL_PATH}?buyer=${DEMO_ENTERPRISE.taxNumber}`);
    expect(batches.map((batch) => [batch.PCH, batch.items.length])).toEqual([
      [PCHs[0], 500],
      [PCHs[1], COUNT - 500],
    ]);
    const sent = batches.flatMap((batch) => batch.items);
    expect(new Set(sent.map((item) => `${item.FPDM}/${item.FPHM}`)).size).toBe(COUNT);
    expect(sent.find((item) => item.FPHM === lowered.FPHM)!.YXSE).toBe('7.50');
    expect(sent.filter((item) => item.FPHM !== lowered.FPHM).every((item) => item.YXSE === '13.00')).toBe(true);
    expect((await input.call('certification:summary', {})).items).toMatchObject({ succeeded: COUNT, failed: 0, pending: 0 });
  }, 240_000);
});
