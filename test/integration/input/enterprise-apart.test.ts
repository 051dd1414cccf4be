/**
 * An agency clerk never mixes two companies' data: after real use by the demo enterprise (an issued
 * invoice, a red-letter form for it, a draft, a collection and a certification), switching the active
 * enterprise shows none of it — issued invoices, drafts, red-letter forms, collection runs, the received
 * ledger, certification batches and the period summary are the new enterprise's own (empty until it
 * works) — and switching back shows all of it again. History SEARCH scoping is tested with the search.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { EnterpriseInput, RedStarted } from '../../../shared/ipc/index.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';
import { BUYER_004, GOODS, issueBlue, waitForForm } from '../core/red-support.js';

const OTHER: EnterpriseInput = {
  taxNumber: '91320100MA1W5T3K8N',
  agencyName: '南京代账分离测试有限公司',
  address: '南京市鼓楼区中山路 1 号',
  phone: '025-86001234',
  bank: '建设银行南京分行',
  account: '320900112233',
  taxUser: { idCard: '320102199001011234', name: '周会计', phone: '13700137000', loginIdentity: '1', email: '', identityPwd: 'apart-id-pwd', taxPwd: 'apart-tax-pwd' },
};

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

describe('each enterprise kept apart', () => {
  it('shows the active enterprise its own invoices, drafts, forms, collections and certifications only', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 200 });
    const { call, core } = input;

    // Real use by the demo enterprise.
    const blue = await issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    const started = (await call('reversal:start', { blueInvoiceId: blue.id, reason: '2', letterReason: '2', letterSubReason: 'not-delivered', terminal: 'kpzd-01' })) as RedStarted;
    if (started.kind !== 'form') throw new Error('expected a red-letter form');
    await waitForForm(core, started.form.lsh, (form) => form.status !== 'queued');
    await call('issuance:saveDraft', { invoiceType: '026', buyerName: '演示的草稿', total: '10.00', content: {} });
    const { runIds } = await call('collection:sync', {});
    await expect.poll(async () => (await call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 }).toBe(runIds.length);
    const rows = (await call('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 })).rows;
    const eligible = (await call('certification:check', { ids: rows.map((row) => row.id), SQRZLX: '1' })).find((row) => row.reason === null)!;
    const { PCHs } = await call('certification:submitSelection', { ids: [eligible.id], SQRZLX: '1' });
    await expect.poll(async () => (await call('certification:get', { PCH: PCHs[0]! })).status, { timeout: 60_000 }).toBe('done');

    const seen = async () => ({
      issued: (await call('history:list', {})).map((row) => row.lsh),
      drafts: (await call('issuance:listDrafts', {})).rows.map((row) => row.buyerName),
      forms: (await call('reversal:listForms', {})).rows.map((row) => row.lsh),
      runs: (await call('collection:runs', {})).length,
      ledger: (await call('collection:ledger', { limit: 1 })).totals?.count,
      batches: (await call('certification:list', {})).map((batch) => batch.PCH),
      succeeded: (await call('certification:summary', {})).items.succeeded,
    });
    const demo = await seen();
    expect(demo.issued).toContain(blue.lsh);
    expect(demo.drafts).toEqual(['演示的草稿']);
    expect(demo.forms).toEqual([started.form.lsh]);
    expect(demo.runs).toBe(runIds.length);
    expect(demo.ledger).toBeGreaterThan(0);
    expect(demo.batches).toEqual(PCHs);
    expect(demo.succeeded).toBe(1);

    await call('enterprises:initialise', OTHER);
    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    expect(await seen()).toEqual({ issued: [], drafts: [], forms: [], runs: 0, ledger: 0, batches: [], succeeded: 0 });

    await call('enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber });
    expect(await seen()).toEqual(demo);
  }, 240_000);
});
