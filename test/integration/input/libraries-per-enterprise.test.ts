/**
 * Issue 23 point 2 (data): customer and product libraries and 常用发票 belong to the enterprise they were made
 * under — through the real core against the sandbox over HTTP. Switching the active enterprise shows its
 * own (a new one starts empty, the same buyer can be a customer of both), a library can be copied from
 * another enterprise (entries already there are kept), and every write is announced on the change feed
 * with its enterprise.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { EnterpriseInput, LedgerChange } from '../../../shared/ipc/index.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';

const OTHER: EnterpriseInput = {
  taxNumber: '91320100MA1W5T3K8N',
  agencyName: '南京代账分库测试有限公司',
  address: '南京市鼓楼区中山路 1 号',
  phone: '025-86001234',
  bank: '建设银行南京分行',
  account: '320900112233',
  taxUser: { idCard: '320102199001011234', name: '周会计', phone: '13700137000', loginIdentity: '1', email: '', identityPwd: 'lib-id-pwd', taxPwd: 'lib-tax-pwd' },
};
const XINGHE = { name: '北京星河贸易有限公司', taxNumber: '91110105MA01ABCD13' };

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

describe('libraries per enterprise', () => {
  it('keeps each enterprise its own customers, products and templates, and copies a library on request', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 0 });
    const { call } = input;
    const changes: LedgerChange[] = [];
    input.core.onEvent((event, payload) => event === 'ledger:changed' && changes.push(payload as LedgerChange));
    const names = async (channel: 'customers:list' | 'products:list') => (await call(channel, {})).rows.map((row) => row.name).sort();

    // The desk's own enterprise (the sandbox's demo seller) fills its library.
    const xinghe = await call('customers:save', XINGHE);
    await call('customers:save', { name: '张三' });
    await call('products:save', { name: '打印纸', taxCode: '1060201070000000000', rate: '0.13', specification: 'A4' });
    await call('templates:save', { name: '星河月结', invoiceType: '026', buyerName: XINGHE.name, content: { invoiceType: '026' } });
    expect(changes.filter((c) => c.aggregate === 'library').map((c) => [c.action, c.enterprise])).toEqual([
      ['created', DEMO_ENTERPRISE.taxNumber],
      ['created', DEMO_ENTERPRISE.taxNumber],
      ['created', DEMO_ENTERPRISE.taxNumber],
    ]);
    expect(changes.find((c) => c.aggregate === 'template')).toMatchObject({ action: 'created', enterprise: DEMO_ENTERPRISE.taxNumber });

    // Another enterprise starts empty; the same buyer becomes its customer too, as a separate entry.
    await call('enterprises:initialise', OTHER);
    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    expect(await call('customers:list', {})).toEqual({ rows: [], total: 0 });
    expect(await call('products:list', {})).toEqual({ rows: [], total: 0 });
    expect((await call('templates:list', {})).rows).toEqual([]);
    const own = await call('customers:save', { ...XINGHE, address: '南京分公司收' });
    expect(own).toMatchObject({ merged: false });
    expect(own.entry.id).not.toBe(xinghe.entry.id);
    // The demo enterprise's entries cannot be reached by id from here.
    await expect(call('customers:save', { ...XINGHE, id: xinghe.entry.id! })).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await call('customers:delete', { id: xinghe.entry.id! })).toEqual({ deleted: false });
    await expect(call('templates:load', { id: 1 })).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
    // Its own template may take a name the demo enterprise uses.
    await call('templates:save', { name: '星河月结', invoiceType: '007', buyerName: XINGHE.name, content: { invoiceType: '007' } });

    // Copy: what it has already (星河, by tax ID) is kept as it is; the rest is added.
    const before = changes.length;
    expect(await call('libraries:copy', { kind: 'customers', from: DEMO_ENTERPRISE.taxNumber })).toEqual({ copied: 1, skipped: 1 });
    expect(await call('libraries:copy', { kind: 'products', from: DEMO_ENTERPRISE.taxNumber })).toEqual({ copied: 1, skipped: 0 });
    expect(await call('libraries:copy', { kind: 'products', from: DEMO_ENTERPRISE.taxNumber })).toEqual({ copied: 0, skipped: 1 });
    expect(changes.slice(before).map((c) => [c.aggregate, c.action, c.enterprise, c.ids.length])).toEqual([
      ['library', 'created', OTHER.taxNumber, 1],
      ['library', 'created', OTHER.taxNumber, 1],
    ]);
    expect(await names('customers:list')).toEqual(['北京星河贸易有限公司', '张三']);
    expect((await call('customers:list', { query: '星河' })).rows).toMatchObject([{ address: '南京分公司收' }]);
    await expect(call('libraries:copy', { kind: 'customers', from: OTHER.taxNumber })).rejects.toMatchObject({ error: { code: 'VALIDATION_FAILED', key: 'libraries.copySelf' } });

    // Back to the demo enterprise: its library as it was, untouched by the other's edits.
    await call('enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber });
    expect((await call('customers:list', { query: '星河' })).rows).toEqual([{ id: xinghe.entry.id, name: XINGHE.name, taxNumber: XINGHE.taxNumber }]);
    expect(await names('products:list')).toEqual(['打印纸']);
    expect((await call('templates:list', {})).rows).toMatchObject([{ name: '星河月结', invoiceType: '026' }]);
  }, 120_000);
});
