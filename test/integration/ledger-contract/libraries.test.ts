/**
 * The ledger port's contract for the library store (main/features/libraries/store.ts), run unchanged against
 * both adapters — a real SQLite history.db and a real PostgreSQL team ledger: customers and products kept per
 * enterprise (the desk's own also owning the unplaced rows), search and pages, an entry met again merged into
 * the one it is (through the feature's own storeCustomer/storeProduct), another enterprise's library copied
 * without touching what the target has, rows signed by the acting clerk, and a transaction that throws
 * leaving nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeCustomer, storeProduct } from '../../../main/features/libraries/entries.js';
import type { CustomerFields, ProductFields } from '../../../main/features/libraries/store.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const OWN = { enterprise: '91330100MA2B3C4D5E', own: true };
const OTHER = { enterprise: '91110108MA01ABCD2X', own: false };
const AT = '2026-11-27T08:00:00.000Z';
const LATER = '2026-11-27T09:00:00.000Z';

const customer = (name: string, taxNumber: string | null, extra: Partial<CustomerFields> = {}): CustomerFields => ({
  name,
  taxNumber,
  address: null,
  phone: null,
  bank: null,
  account: null,
  email: null,
  mobile: null,
  ...extra,
});
const product = (name: string, specification: string | null, extra: Partial<ProductFields> = {}): ProductFields => ({
  name,
  taxCode: '1060201070000000000',
  specification,
  unit: '件',
  unitPrice: '12.5',
  rate: '0.13',
  specialLevy: null,
  preferentialPolicy: null,
  ...extra,
});

describe.each(ledgerDatabases())('the library store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('keeps customers per enterprise, searches them literally, pages newest first and signs them', async () => {
    let clerk: string | null = '李开票';
    const { libraries } = await fixture.open({ actor: () => clerk });
    const a = await libraries.insertCustomer(OWN, customer('杭州甲公司', '91330100MA2B3C4D5E', { email: 'a@example.com' }), 'sandbox', AT);
    const b = await libraries.insertCustomer(OWN, customer('100%_商店', null), 'sandbox', LATER);
    const c = await libraries.insertCustomer(OTHER, customer('北京乙公司', '91110108MA01ABCD2X'), 'sandbox', AT);
    expect(await libraries.listCustomers(OWN, undefined, 10, 0)).toEqual({
      rows: [
        { id: b, name: '100%_商店' },
        { id: a, name: '杭州甲公司', taxNumber: '91330100MA2B3C4D5E', email: 'a@example.com' },
      ],
      total: 2,
    });
    expect(await libraries.listCustomers(OWN, undefined, 1, 1)).toEqual({ rows: [{ id: a, name: '杭州甲公司', taxNumber: '91330100MA2B3C4D5E', email: 'a@example.com' }], total: 2 });
    // % and _ are characters, not wildcards; the tax ID is searched too.
    expect((await libraries.listCustomers(OWN, '0%_', 10, 0)).rows.map((row) => row.id)).toEqual([b]);
    expect((await libraries.listCustomers(OWN, '%', 10, 0)).rows.map((row) => row.id)).toEqual([b]);
    expect((await libraries.listCustomers(OWN, 'MA2B3', 10, 0)).rows.map((row) => row.id)).toEqual([a]);
    expect((await libraries.listCustomers(OTHER, undefined, 10, 0)).rows.map((row) => row.id)).toEqual([c]);
    // Another enterprise's row is not this one's to read, change or delete.
    expect(await libraries.customer(OWN, c)).toBeNull();
    expect(await libraries.deleteCustomer(OWN, c)).toBe(false);
    expect(await libraries.customerByTaxNumber(OTHER, '91110108MA01ABCD2X')).toEqual({ id: c, name: '北京乙公司', taxNumber: '91110108MA01ABCD2X' });
    expect(await libraries.customerByUntaxedName(OWN, '100%_商店')).toEqual({ id: b, name: '100%_商店' });
    expect(await libraries.customerByUntaxedName(OWN, '杭州甲公司')).toBeNull();

    clerk = '钱复核';
    await libraries.updateCustomer(OWN, a, customer('杭州甲公司', '91330100MA2B3C4D5E', { phone: '0571-1234' }), LATER);
    expect(await libraries.customer(OWN, a)).toEqual({ id: a, name: '杭州甲公司', taxNumber: '91330100MA2B3C4D5E', phone: '0571-1234' });
    expect(await fixture.query(`SELECT ghdwmc, enterprise, created_by, updated_by FROM customer ORDER BY id`)).toEqual([
      { ghdwmc: '杭州甲公司', enterprise: null, created_by: '李开票', updated_by: '钱复核' },
      { ghdwmc: '100%_商店', enterprise: null, created_by: '李开票', updated_by: '李开票' },
      { ghdwmc: '北京乙公司', enterprise: OTHER.enterprise, created_by: '李开票', updated_by: '李开票' },
    ]);
    expect(await libraries.deleteCustomer(OWN, b)).toBe(true);
    expect(await libraries.deleteCustomer(OWN, b)).toBe(false);
    expect((await libraries.listCustomers(OWN, undefined, 10, 0)).total).toBe(1);
  });

  it('keeps products per enterprise by name and specification, with the unit price as decimal text', async () => {
    const { libraries } = await fixture.open();
    const plain = await libraries.insertProduct(OWN, product('办公椅', null), 'sandbox', AT);
    const big = await libraries.insertProduct(OWN, product('办公椅', '大号', { unitPrice: '1234.56789', preferentialPolicy: '01', rate: '0.06' }), 'sandbox', LATER);
    await libraries.insertProduct(OTHER, product('办公椅', null), 'remote', AT);
    expect(await libraries.productByIdentity(OWN, '办公椅', null)).toEqual({ id: plain, name: '办公椅', taxCode: '1060201070000000000', unit: '件', unitPrice: '12.5', rate: '0.13' });
    expect(await libraries.productByIdentity(OWN, '办公椅', '大号')).toEqual({
      id: big,
      name: '办公椅',
      taxCode: '1060201070000000000',
      specification: '大号',
      unit: '件',
      unitPrice: '1234.56789',
      rate: '0.06',
      preferentialPolicy: '01',
    });
    expect((await libraries.listProducts(OWN, '大', 10, 0)).rows.map((row) => row.id)).toEqual([big]);
    expect((await libraries.listProducts(OWN, '106020', 10, 0)).total).toBe(2);
    expect(await fixture.query(`SELECT yhzcbs FROM product ORDER BY id`)).toEqual([{ yhzcbs: '0' }, { yhzcbs: '1' }, { yhzcbs: '0' }]);
    await libraries.updateProduct(OWN, plain, product('办公椅', null, { unitPrice: null, unit: null }), LATER);
    expect(await libraries.product(OWN, plain)).toEqual({ id: plain, name: '办公椅', taxCode: '1060201070000000000', rate: '0.13' });
    expect(await libraries.product(OTHER, plain)).toBeNull();
    expect(await libraries.deleteProduct(OWN, big)).toBe(true);
  });

  it('merges an entry saved again with the identity of one it has, and refuses an edit that takes another one', async () => {
    const ledger = await fixture.open();
    const save = (fields: CustomerFields, id?: number) => ledger.transaction((tx) => storeCustomer({ store: tx.libraries, scope: OWN }, fields, id, 'sandbox', AT));
    const first = await save(customer('杭州甲公司', '91330100MA2B3C4D5E'));
    expect(first).toEqual({ ok: true, id: 1, merged: false, note: null });
    const again = await save(customer('杭州甲公司（新名）', '91330100MA2B3C4D5E'));
    expect(again).toMatchObject({ ok: true, id: 1, merged: true, note: { key: expect.stringContaining('customerTaxIdMerged') } });
    const untaxed = await save(customer('个人客户', null));
    expect(await save(customer('个人客户', null, { mobile: '13800000000' }))).toMatchObject({ ok: true, id: untaxed.ok ? untaxed.id : 0, merged: true });
    expect(await save(customer('个人客户', '91330100MA2B3C4D5E'), untaxed.ok ? untaxed.id : 0)).toMatchObject({ ok: false, status: 'conflict', other: '杭州甲公司（新名）' });
    expect(await save(customer('不存在', null), 99)).toMatchObject({ ok: false, status: 'not-found' });
    expect((await ledger.libraries.listCustomers(OWN, undefined, 10, 0)).rows.map((row) => [row.name, row.mobile])).toEqual([
      ['个人客户', '13800000000'],
      ['杭州甲公司（新名）', undefined],
    ]);

    const saveProduct = (fields: ProductFields) => ledger.transaction((tx) => storeProduct({ store: tx.libraries, scope: OTHER }, fields, undefined, 'sandbox', AT));
    expect(await saveProduct(product('办公椅', '大号'))).toMatchObject({ merged: false });
    expect(await saveProduct(product('办公椅', '大号', { unitPrice: '99' }))).toMatchObject({ merged: true });
    expect((await ledger.libraries.listProducts(OTHER, undefined, 10, 0)).rows.map((row) => row.unitPrice)).toEqual(['99']);
  });

  it("copies another enterprise's library, leaving what the target has as it is, in one transaction", async () => {
    const ledger = await fixture.open({ actor: () => '王管理' });
    const { libraries } = ledger;
    await libraries.insertCustomer(OTHER, customer('甲', '91330100MA2B3C4D5E'), 'sandbox', AT);
    await libraries.insertCustomer(OTHER, customer('乙', null, { phone: '1' }), 'sandbox', AT);
    await libraries.insertCustomer(OTHER, customer('丙', null), 'sandbox', AT);
    await libraries.insertCustomer(OWN, customer('乙', null, { phone: 'mine' }), 'sandbox', AT);
    const copied = await ledger.transaction((tx) => tx.libraries.copyLibrary(OWN, 'customers', OTHER, 'remote', LATER));
    expect(copied).toEqual({ ids: [5, 6], total: 3 });
    expect((await libraries.listCustomers(OWN, undefined, 10, 0)).rows.map((row) => [row.name, row.phone ?? null]).sort()).toEqual([
      ['丙', null],
      ['乙', 'mine'],
      ['甲', null],
    ]);
    expect(await fixture.query(`SELECT enterprise, environment, created_by FROM customer WHERE id >= 5 ORDER BY id`)).toEqual([
      { enterprise: null, environment: 'remote', created_by: '王管理' },
      { enterprise: null, environment: 'remote', created_by: '王管理' },
    ]);
    // Copying again adds nothing; the desk's own (with its unplaced rows) copies into another enterprise.
    expect(await libraries.copyLibrary(OWN, 'customers', OTHER, 'sandbox', LATER)).toEqual({ ids: [], total: 3 });
    await libraries.insertProduct(OWN, product('办公椅', null), 'sandbox', AT);
    expect(await libraries.copyLibrary(OTHER, 'products', OWN, 'sandbox', LATER)).toEqual({ ids: [2], total: 1 });
    expect((await libraries.listProducts(OTHER, undefined, 10, 0)).rows.map((row) => row.name)).toEqual(['办公椅']);

    // A transaction that throws after its writes leaves none of them.
    await expect(
      ledger.transaction(async (tx) => {
        await tx.libraries.insertCustomer(OWN, customer('丁', null), 'sandbox', AT);
        await tx.libraries.copyLibrary(OTHER, 'customers', OWN, 'sandbox', LATER);
        throw new Error('import refused');
      }),
    ).rejects.toThrow('import refused');
    expect((await libraries.listCustomers(OWN, undefined, 10, 0)).total).toBe(3);
    expect((await libraries.listCustomers(OTHER, undefined, 10, 0)).total).toBe(3);
  });
});
