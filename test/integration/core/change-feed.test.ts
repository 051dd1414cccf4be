/**
 * The change feed through the real core (docs/architecture.md §12): each feature's writes, made over IPC
 * against the sandbox over real HTTP on a real SQLite file, announce the right change — aggregate, ids,
 * enterprise — and a plugged-in source's changes (another desk's) arrive on the same stream as remote.
 * A restore is announced as the whole ledger replaced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeSource } from '../../../main/changes/feed.js';
import { createCore } from '../../../main/core.js';
import { DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { LedgerChange } from '../../../shared/ipc/index.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';
import { tempDir } from '../../support/sample-issuance.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';
import type { EnterpriseInput } from '../../../shared/ipc/index.js';

const uscc = (first17: string) => `${first17}${usccCheckCharacter(first17)}`;
const OTHER: EnterpriseInput = {
  taxNumber: uscc('91440300MA5G8K2X7'),
  agencyName: '深圳变更测试贸易有限公司',
  address: '深圳市南山区科技园 1 号',
  phone: '0755-86001234',
  bank: '招商银行深圳分行',
  account: '755900112233',
  taxUser: { idCard: '440301199001011234', name: '李会计', phone: '13800138000', loginIdentity: '7', email: '', identityPwd: 'Id-Pwd-feed', taxPwd: 'Tax-Pwd-feed' },
};

let input: InputCore | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await input?.close();
  input = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const DEMO = DEMO_ENTERPRISE.taxNumber;

function record(core: InputCore['core']): LedgerChange[] {
  const changes: LedgerChange[] = [];
  core.onEvent((event, payload) => {
    if (event === 'ledger:changed') changes.push(payload);
  });
  return changes;
}

/** The changes recorded since `from`, as (aggregate, action, ids, enterprise). */
const since = (changes: LedgerChange[], from: number) => changes.slice(from).map(({ aggregate, action, ids, enterprise }) => ({ aggregate, action, ids, enterprise }));

describe('the change feed through the core', () => {
  it("announces each feature's writes with the aggregate, ids and enterprise", async () => {
    let remote: Parameters<ChangeSource['start']>[0] = () => {};
    input = await startInputCore({
      seedInvoicesPerBuyer: 20,
      core: { changeSources: [{ name: 'team-ledger', start: (deliver) => ((remote = deliver), () => {}) }] },
    });
    const { call } = input;
    const changes = record(input.core);

    // Issuance: the invoice queued (created), then issued by the outbox (updated) — the same id.
    let mark = changes.length;
    const issued = await call('issuance:submit', {
      invoiceType: '026',
      buyerName: '变更测试客户',
      issuer: '测试',
      lines: [{ name: '测试商品', taxCode: '1060201070000000000', quantity: '1', unitPrice: '10.00', rate: '0.13' }],
    });
    expect(since(changes, mark)[0]).toEqual({ aggregate: 'invoice', action: 'created', ids: [String(issued.id)], enterprise: DEMO });
    await expect.poll(() => since(changes, mark).filter((c) => c.aggregate === 'invoice' && c.action === 'updated' && c.ids[0] === String(issued.id)).length, { timeout: 30_000 }).toBeGreaterThan(0);

    // Drafts, libraries, templates: each save and delete names its row and the active enterprise.
    mark = changes.length;
    const draft = await call('issuance:saveDraft', { invoiceType: '026', buyerName: '草稿', total: '10.00', content: {} });
    await call('issuance:deleteDraft', { id: draft.id! });
    const customer = await call('customers:save', { name: '变更测试客户', taxNumber: uscc('91110105MA01ABCD1') });
    const product = await call('products:save', { name: '打印纸', taxCode: '1060201070000000000', specification: 'A4', unit: '包', unitPrice: '25.50', rate: '0.13' });
    await call('customers:delete', { id: customer.entry.id! });
    const template = await call('templates:save', { name: '月结', invoiceType: '026', buyerName: '变更测试客户', content: {} });
    expect(since(changes, mark)).toEqual([
      { aggregate: 'draft', action: 'updated', ids: [String(draft.id)], enterprise: DEMO },
      { aggregate: 'draft', action: 'deleted', ids: [String(draft.id)], enterprise: DEMO },
      { aggregate: 'library', action: 'created', ids: [String(customer.entry.id)], enterprise: DEMO },
      { aggregate: 'library', action: 'created', ids: [String(product.entry.id)], enterprise: DEMO },
      { aggregate: 'library', action: 'deleted', ids: [String(customer.entry.id)], enterprise: DEMO },
      { aggregate: 'template', action: 'created', ids: [String(template.id)], enterprise: DEMO },
    ]);

    // A refused write announces nothing.
    mark = changes.length;
    await expect(call('customers:save', { name: '错误税号公司', taxNumber: '91110105MA01ABCD10' })).rejects.toThrow();
    expect(since(changes, mark)).toEqual([]);

    // Collection: the ledger of the buyer (the active enterprise) changed.
    mark = changes.length;
    const { runIds } = await call('collection:sync', {});
    await expect.poll(async () => (await call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 }).toBe(runIds.length);
    expect(since(changes, mark).some((c) => c.aggregate === 'collectedInvoice' && c.enterprise === DEMO)).toBe(true);

    // Certification: the batch by its PCH, then the certified invoices of the ledger by their ids.
    const candidates = (await call('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 })).rows;
    const check = await call('certification:check', { ids: candidates.map((row) => row.id), SQRZLX: '1' });
    const eligible = check.filter((row) => row.reason === null).slice(0, 2);
    expect(eligible.length).toBeGreaterThan(0);
    mark = changes.length;
    const { PCHs } = await call('certification:submitSelection', { ids: eligible.map((row) => row.id), SQRZLX: '1' });
    expect(since(changes, mark)[0]).toEqual({ aggregate: 'certification', action: 'updated', ids: [PCHs[0]!], enterprise: DEMO });
    await expect.poll(async () => (await call('certification:get', { PCH: PCHs[0]! })).status, { timeout: 60_000 }).toBe('done');
    const certified = (await call('certification:get', { PCH: PCHs[0]! })).items.filter((item) => item.RZCLZT === '4').map((item) => item.FPHM);
    const certifiedIds = candidates.filter((row) => certified.includes(row.FPHM)).map((row) => String(row.id));
    await expect
      .poll(() => since(changes, mark).filter((c) => c.aggregate === 'collectedInvoice').flatMap((c) => c.ids).sort())
      .toEqual(expect.arrayContaining(certifiedIds.sort()));

    // Enterprises: added and switched, each naming its tax number; settings have no enterprise.
    mark = changes.length;
    await call('enterprises:initialise', OTHER);
    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    await call('collection:setSyncOnStart', { syncOnStart: true });
    expect(since(changes, mark)).toEqual([
      { aggregate: 'enterprise', action: 'updated', ids: [OTHER.taxNumber], enterprise: OTHER.taxNumber },
      { aggregate: 'enterprise', action: 'activated', ids: [OTHER.taxNumber], enterprise: OTHER.taxNumber },
      { aggregate: 'settings', action: 'updated', ids: [], enterprise: null },
    ]);

    // Another desk's change, from a plugged-in source, on the same stream, marked remote.
    mark = changes.length;
    remote({ aggregate: 'redForm', action: 'updated', ids: ['R-7'], enterprise: DEMO });
    expect(changes.slice(mark)).toEqual([expect.objectContaining({ aggregate: 'redForm', ids: ['R-7'], enterprise: DEMO, origin: { kind: 'remote', source: 'team-ledger' } })]);
    expect(changes.slice(0, mark).every((change) => change.origin.kind === 'local')).toBe(true);
    // One order for all of them.
    expect(changes.map((change) => change.seq)).toEqual([...changes.map((change) => change.seq)].sort((a, b) => a - b));
  }, 240_000);

  it('announces a restore as the whole ledger replaced', async () => {
    const dataDir = tempDir('fapiao-feed-restore-');
    const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher(), dialog: { chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(null), confirm: () => Promise.resolve(true) } });
    cleanups.push(() => core.close());
    const changes = record(core);
    const backup = await core.router.dispatch('ledger:backupNow', {});
    if (!backup.ok) throw new Error(backup.error.message);
    const restored = await core.router.dispatch('ledger:restore', { name: (backup.value as { name: string }).name });
    expect(restored).toMatchObject({ ok: true, value: { mode: 'normal' } });
    expect(changes.map(({ aggregate, action, ids, enterprise }) => ({ aggregate, action, ids, enterprise }))).toEqual([{ aggregate: 'ledger', action: 'replaced', ids: [], enterprise: null }]);
  }, 120_000);
});
