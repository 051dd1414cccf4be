/**
 * The ledger port's contract for the template store (main/features/templates/store.ts) on both adapters — a
 * real SQLite history.db and a real PostgreSQL team ledger: 常用发票 kept per enterprise, found by name or
 * buyer literally, recently used first (then by name, bytewise), replaced in place, opened with their content
 * (which marks them used), deleted, and signed by the acting clerk.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const OWN = { enterprise: '91330100MA2B3C4D5E', own: true };
const OTHER = { enterprise: '91110108MA01ABCD2X', own: false };
const form = (buyer: string) => JSON.stringify({ buyer, lines: [{ name: '咨询服务', amount: '100.00' }] });

describe.each(ledgerDatabases())('the template store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('keeps templates per enterprise, lists them recently used first, replaces, opens and deletes them', async () => {
    let clerk = '李开票';
    const { templates } = await fixture.open({ actor: () => clerk });
    const monthly = await templates.save(OWN, { name: '月度咨询', invoiceType: '82', buyerName: '杭州甲公司', content: form('甲') }, '2026-11-01T08:00:00.000Z');
    expect(monthly).toEqual({ id: 1, name: '月度咨询', invoiceType: '82', buyerName: '杭州甲公司', usedAt: null });
    await templates.save(OWN, { name: 'B_50%', invoiceType: '004', buyerName: '北京乙公司', content: form('乙') }, '2026-11-01T08:00:00.000Z');
    await templates.save(OWN, { name: 'A 年费', invoiceType: '026', buyerName: '上海丙公司', content: form('丙') }, '2026-11-01T08:00:00.000Z');
    await templates.save(OTHER, { name: '月度咨询', invoiceType: '82', buyerName: '别家', content: form('别') }, '2026-11-01T08:00:00.000Z');

    // Never used: by name, bytewise (Latin before CJK); then one is opened and comes first.
    expect((await templates.list(OWN, '', 10)).map((t) => t.name)).toEqual(['A 年费', 'B_50%', '月度咨询']);
    const opened = await templates.open(OWN, monthly.id, '2026-11-20T09:30:00.000Z');
    expect(opened).toEqual({ ...monthly, usedAt: '2026-11-20T09:30:00.000Z', content: form('甲') });
    expect(await templates.list(OWN, '', 10)).toEqual([
      { ...monthly, usedAt: '2026-11-20T09:30:00.000Z' },
      { id: 3, name: 'A 年费', invoiceType: '026', buyerName: '上海丙公司', usedAt: null },
      { id: 2, name: 'B_50%', invoiceType: '004', buyerName: '北京乙公司', usedAt: null },
    ]);
    expect((await templates.list(OWN, '%', 10)).map((t) => t.name)).toEqual(['B_50%']);
    expect((await templates.list(OWN, '乙公', 10)).map((t) => t.name)).toEqual(['B_50%']);
    expect((await templates.list(OWN, '', 1)).map((t) => t.name)).toEqual(['月度咨询']);
    expect((await templates.list(OTHER, '', 10)).map((t) => [t.id, t.buyerName])).toEqual([[4, '别家']]);
    expect(await templates.byName(OTHER, 'A 年费')).toBeNull();

    clerk = '钱复核';
    const replaced = await templates.save(OWN, { name: '月度咨询', invoiceType: '81', buyerName: '杭州甲公司（新）', content: form('新') }, '2026-11-21T08:00:00.000Z', monthly.id);
    expect(replaced).toEqual({ id: 1, name: '月度咨询', invoiceType: '81', buyerName: '杭州甲公司（新）', usedAt: '2026-11-20T09:30:00.000Z' });
    expect(await fixture.query(`SELECT name, enterprise, content, created_by, updated_by FROM invoice_template WHERE id IN (1, 4) ORDER BY id`)).toEqual([
      { name: '月度咨询', enterprise: null, content: form('新'), created_by: '李开票', updated_by: '钱复核' },
      { name: '月度咨询', enterprise: OTHER.enterprise, content: form('别'), created_by: '李开票', updated_by: '李开票' },
    ]);
    // Another enterprise's template is neither opened nor deleted from here.
    expect(await templates.open(OTHER, monthly.id, '2026-11-22T08:00:00.000Z')).toBeNull();
    expect(await templates.delete(OTHER, monthly.id)).toBe(false);
    expect(await templates.delete(OWN, monthly.id)).toBe(true);
    expect(await templates.byName(OWN, '月度咨询')).toBeNull();
    expect(await templates.open(OWN, monthly.id, '2026-11-22T08:00:00.000Z')).toBeNull();
  });
});
