/**
 * The ledger port's contract for the enterprise store (main/features/enterprises/store.ts) on both adapters: an
 * agency's enterprises stored as the service answered them (public members only), updated when met again,
 * found by environment and tax number, listed by name then tax number bytewise — the same on the desk's
 * SQLite and a team's PostgreSQL; which one a desk acts for is not the ledger's (it stays on the desk).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EnterpriseFields } from '../../../main/features/enterprises/store.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const enterprise = (taxNumber: string, agencyName: string, extra: Partial<EnterpriseFields> = {}): EnterpriseFields => ({
  tax_number: taxNumber,
  agency_name: agencyName,
  address: null,
  phone: null,
  bank: null,
  account: null,
  tax_user_id_card: null,
  tax_user_name: null,
  tax_user_phone: null,
  tax_user_login_identity: null,
  tax_user_email: null,
  ...extra,
});

describe.each(ledgerDatabases())('the enterprise store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it("keeps an agency's enterprises per environment, updates one met again and lists them by name", async () => {
    const ledger = await fixture.open();
    const { enterprises } = ledger;
    const star = enterprise('91110108MA01ABCD2X', '北京星河贸易有限公司', { address: '北京市海淀区', tax_user_name: '张三', tax_user_login_identity: '1' });
    await ledger.transaction(async (tx) => {
      await tx.enterprises.save('sandbox', star, '2026-11-27T08:00:00.000Z');
      await tx.enterprises.save('sandbox', enterprise('91330100MA2B3C4D5E', '杭州示例科技有限公司'), '2026-11-27T08:00:00.000Z');
      await tx.enterprises.save('sandbox', enterprise('91310000MA1FL8XQ5D', 'Acme 上海'), '2026-11-27T08:00:00.000Z');
      await tx.enterprises.save('remote', enterprise('91330100MA2B3C4D5E', '杭州示例科技有限公司（正式）'), '2026-11-27T08:00:00.000Z');
    });
    expect(await enterprises.find('sandbox', star.tax_number)).toEqual(star);
    expect(await enterprises.find('remote', star.tax_number)).toBeNull();
    expect((await enterprises.all('sandbox')).map((row) => row.agency_name)).toEqual(['Acme 上海', '北京星河贸易有限公司', '杭州示例科技有限公司']);
    expect((await enterprises.all('remote')).map((row) => row.tax_number)).toEqual(['91330100MA2B3C4D5E']);

    const renamed = { ...star, agency_name: '北京星河商贸有限公司', phone: '010-12345678', tax_user_email: 'z@example.com' };
    await enterprises.save('sandbox', renamed, '2026-11-28T08:00:00.000Z');
    expect(await enterprises.find('sandbox', star.tax_number)).toEqual(renamed);
    expect(await enterprises.all('sandbox')).toHaveLength(3);

    // A transaction that throws stores none of its enterprises.
    await expect(
      ledger.transaction(async (tx) => {
        await tx.enterprises.save('sandbox', enterprise('91440300MA5G0ABC1X', '深圳某公司'), '2026-11-28T08:00:00.000Z');
        throw new Error('page refused');
      }),
    ).rejects.toThrow('page refused');
    expect(await enterprises.find('sandbox', '91440300MA5G0ABC1X')).toBeNull();
  });
});
