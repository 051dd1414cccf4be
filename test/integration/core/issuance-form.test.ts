/**
 * The issuance form's back end against the real core and the embedded sandbox: main runs the same rule
 * book as the form and refuses before anything is stored or sent; a 028 with a discount and an 81 with
 * tspz 54 are issued; drafts are saved, listed, loaded and deleted; an issued invoice's PDF, OFD and XML
 * are downloaded, checked and handed to the FileOpener port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { DraftSummary, InvoiceSummary, SavedDraft } from '../../../shared/ipc/index.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';
import { createTestCipher } from '../../support/test-cipher.js';

const BUYER_ID = '91310115MA1K4ABCD' + usccCheckCharacter('91310115MA1K4ABCD');
const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ core: Core; opened: string[]; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-core-form-'));
  dirs.push(dataDir);
  const opened: string[] = [];
  const opener = { open: (file: string) => (opened.push(file), Promise.resolve()) };
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 200, outboxBaseDelayMs: 50 }, { cipher: createTestCipher(), opener });
  cores.push(core);
  return { core, opened, dataDir };
}

function waitForStatus(core: Core, lsh: string, status: InvoiceSummary['status']): Promise<InvoiceSummary> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${lsh} did not reach ${status}`)), 15_000);
    const stop = core.onEvent((event, payload) => {
      if (event === 'issuance:updated' && (payload as InvoiceSummary).lsh === lsh && (payload as InvoiceSummary).status === status) {
        clearTimeout(timer);
        stop();
        resolve(payload as InvoiceSummary);
      }
    });
  });
}

const line = { name: '办公用品', taxCode: '1060201070000000000', quantity: '3', unitPrice: '33.33', rate: '0.13' };
const special = {
  invoiceType: '028',
  buyerName: '上海星河贸易有限公司',
  buyerTaxNumber: BUYER_ID,
  buyerAddress: '上海市浦东新区世纪大道100号',
  buyerPhone: '021-58881234',
  buyerBank: '中国银行上海浦东支行',
  buyerAccount: '6222000011112222333',
  issuer: '李四',
  lines: [
    { ...line, kind: 'discounted' },
    { name: '办公用品', kind: 'discount', amount: '9.99', rate: '0.13' },
    { ...line, name: '文件夹', quantity: '10', unitPrice: '5.50' },
  ],
};

describe('core issuance form', () => {
  it('refuses a draft that breaks the rule book with each issue on its draft path, storing nothing', async () => {
    const { core } = await start();
    const result = await core.router.dispatch('issuance:submit', { ...special, buyerTaxNumber: undefined, buyerAccount: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('VALIDATION_FAILED');
    // Messages by code: the failure names its sentence by key, each issue its rule key and params.
    expect(result.error.key).toBe('issuance.draftInvalid');
    const issues = (result.error.details as { issues: { path: (string | number)[]; key: string; params: Record<string, unknown> }[] }).issues;
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['buyerTaxNumber', 'buyerAccount']));
    expect(issues).toContainEqual({ path: ['buyerTaxNumber'], key: 'buyerTaxIdRequired', params: { field: 'ghdwsbh', type: '028' } });
    const history = await core.router.dispatch('history:list', { limit: 10 });
    expect(history.ok && JSON.stringify(history.value)).not.toContain('上海星河');
  });

  it('issues a 028 with a discount line and an 81 with tspz 54, and opens their files', async () => {
    const { core, opened, dataDir } = await start();
    const submitted = await core.router.dispatch('issuance:submit', special);
    expect(submitted.ok).toBe(true);
    if (!submitted.ok) return;
    const queued = submitted.value as InvoiceSummary;
    expect(queued.total).toBe('145.00');
    const issued = await waitForStatus(core, queued.lsh, 'issued');

    for (const [format, magic] of [['pdf', '%PDF-'], ['ofd', 'PK\u0003\u0004'], ['xml', '<']] as const) {
      const file = await core.router.dispatch('issuance:openFile', { id: issued.id, format });
      expect(file.ok).toBe(true);
      if (!file.ok) continue;
      const { path: stored, bytes } = file.value as { path: string; bytes: number };
      expect(stored.startsWith(path.join(dataDir, 'invoice-files'))).toBe(true);
      expect(fs.statSync(stored).size).toBe(bytes);
      expect(fs.readFileSync(stored).subarray(0, magic.length).toString('latin1').trimStart().startsWith(magic)).toBe(true);
    }
    expect(opened).toHaveLength(3);
    // A second open uses the verified local copy.
    await core.router.dispatch('issuance:openFile', { id: issued.id, format: 'pdf' });
    expect(opened[3]).toBe(opened[0]);

    const freight = await core.router.dispatch('issuance:submit', {
      invoiceType: '81',
      specialKind: '54',
      buyerName: '杭州顺达物流有限公司',
      buyerTaxNumber: BUYER_ID,
      issuer: '李四',
      lines: [{ name: '运输服务', taxCode: '3010102020100000000', quantity: '1', unitPrice: '1090', rate: '0.09' }],
      specificBusiness: { hwysfw: [{ qyd: '浙江省杭州市西湖区', ddd: '上海市浦东新区', ysgjhp: '浙A12345', ysgjzl: '1', yshwmc: '电子元件' }] },
    });
    expect(freight.ok).toBe(true);
    if (freight.ok) await waitForStatus(core, (freight.value as InvoiceSummary).lsh, 'issued');
  });

  it('refuses to open files of an invoice that is not issued, or does not exist', async () => {
    const { core } = await start();
    const missing = await core.router.dispatch('issuance:openFile', { id: 999, format: 'pdf' });
    expect(missing.ok ? null : missing.error.code).toBe('NOT_FOUND');
    const submitted = await core.router.dispatch('issuance:submit', { ...special, isAuto: 0 });
    if (!submitted.ok) throw new Error(submitted.error.message);
    const early = await core.router.dispatch('issuance:openFile', { id: (submitted.value as InvoiceSummary).id, format: 'pdf' });
    // Just queued (the sandbox keeps it pending for 200 ms): there is no file yet, and main says so.
    expect(early.ok ? null : early.error).toMatchObject({ code: 'VALIDATION_FAILED', key: 'issuance.fileNotYet', params: { format: 'PDF' } });
  });

  it('saves, lists, loads, overwrites and deletes drafts, incomplete ones included', async () => {
    const { core } = await start();
    const content = { buyerName: '草稿客户', lines: [{ name: '半截', quantity: '' }] };
    const saved = await core.router.dispatch('issuance:saveDraft', { invoiceType: '028', buyerName: '草稿客户', total: '0.00', content });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const { id } = saved.value as DraftSummary;
    const again = await core.router.dispatch('issuance:saveDraft', { id, invoiceType: '028', buyerName: '草稿客户二', total: '1.00', content: { ...content, buyerName: '草稿客户二' } });
    expect(again.ok && (again.value as DraftSummary).id).toBe(id);
    const list = await core.router.dispatch('issuance:listDrafts', {});
    expect(list.ok && (list.value as { rows: DraftSummary[] }).rows.map((row) => row.buyerName)).toEqual(['草稿客户二']);
    const loaded = await core.router.dispatch('issuance:loadDraft', { id });
    expect(loaded.ok && (loaded.value as SavedDraft).content).toEqual({ ...content, buyerName: '草稿客户二' });
    const deleted = await core.router.dispatch('issuance:deleteDraft', { id });
    expect(deleted.ok && deleted.value).toEqual({ deleted: true });
    const gone = await core.router.dispatch('issuance:saveDraft', { id, invoiceType: '028', buyerName: 'x', total: '0.00', content });
    expect(gone.ok ? null : gone.error.code).toBe('NOT_FOUND');
  });
});
