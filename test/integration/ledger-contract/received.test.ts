/**
 * The ledger port's contract for the received-invoice store (main/features/intake/store.ts), run unchanged
 * against both adapters — a real SQLite history.db and a real PostgreSQL team ledger — with the same rows
 * out and the same refusals: a received invoice stored and read back; the same file and a second original
 * of an invoice refused with DuplicateReceivedError, also when two desks take it at once; its states from
 * recognised through reviewed to verified or failed, a local refusal never replacing the authority's
 * answer; the ledger listed, filtered and totalled per enterprise and environment, page by page;
 * verification records counted per day; a transaction that throws leaving nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateReceivedError, type NewReceived, type ReceivedRow } from '../../../main/features/intake/store.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { invoiceKey, type IntakeFields } from '../../../shared/rules/intake-fields.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const MINE = '91310000MA1FL8XQ5D';
const THEIRS = '91440300MA5G00000X';
const SELLER = '91330100MA2B3C4D5E';

function received(fphm: string, { fields: given, ...overrides }: Partial<NewReceived> = {}): NewReceived {
  const fields: IntakeFields = { fpzl: '01', fpdm: '3100231130', fphm, kprq: '20250228', fpje: '100.00', fpse: '13.00', jshj: '113.00', xhfsbh: SELLER, gmfsbh: MINE, ...given };
  return {
    fileHash: `hash-${fphm}`, fileName: `${fphm}.pdf`, fileType: 'pdf', source: 'qr', fields, sources: { fphm: 'qr' }, names: { xhfmc: '杭州云栖商贸有限公司' }, data: { qrTexts: [] },
    invoiceKey: invoiceKey(fields) ?? null, duplicateOf: null, storedPath: `/data/intake/files/${fphm}.pdf`, origin: 'drop', fplxdm: null, enterprise: MINE, ...overrides,
  };
}

/** What both databases must answer alike: everything but the clocks (the store's own). */
const seen = (row: ReceivedRow | undefined) => {
  if (!row) return row;
  const { created_at, updated_at, ...rest } = row;
  expect(created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  return rest;
};
const numbers = (rows: ReceivedRow[]) => rows.map((row) => row.fphm);

/** Stores a received invoice and accepts it as the clerk's review does (its fields, key and link unchanged). */
async function accepted(ledger: Ledger, row: NewReceived, environment: 'sandbox' | 'remote' = 'sandbox'): Promise<number> {
  const id = await ledger.received.insert(environment, row);
  await ledger.received.updateFields(environment, id, row.fields, row.sources, row.invoiceKey, row.duplicateOf);
  return id;
}

async function refusal(work: Promise<unknown>): Promise<DuplicateReceivedError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DuplicateReceivedError);
  return error as DuplicateReceivedError;
}

describe.each(ledgerDatabases())('the received-invoice store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  let ledger: Ledger;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());
  const open = async () => (ledger = await fixture.open());

  it('stores a received invoice and reads it back by id, file hash and key, apart per environment', async () => {
    await open();
    const id = await ledger.received.insert('sandbox', received('00000001'));
    const row = await ledger.received.get('sandbox', id);
    expect(seen(row)).toEqual({
      id, environment: 'sandbox', file_hash: 'hash-00000001', file_name: '00000001.pdf', file_type: 'pdf', source: 'qr', fplxdm: null, fpdm: '3100231130', fphm: '00000001',
      kprq: '20250228', jym: null, hjje: '100.00', hjse: '13.00', jshj: '113.00', xhfmc: '杭州云栖商贸有限公司', xhfsbh: SELLER, gmfmc: null, gmfsbh: MINE,
      data_json: '{"qrTexts":[]}', status: 'recognised', fpzl: '01', sources_json: '{"fphm":"qr"}', invoice_key: '01:3100231130:00000001', duplicate_of: null,
      original_key: '01:3100231130:00000001', stored_path: '/data/intake/files/00000001.pdf', origin: 'drop', last_code: null, zfbz: null, enterprise: MINE,
      verify_state: null, verify_reason: null, verify_fields: null, buyer_reason: null, created_by: null, updated_by: null,
    });
    expect((await ledger.received.byHash('sandbox', 'hash-00000001'))?.id).toBe(id);
    expect((await ledger.received.firstByKey('sandbox', '01:3100231130:00000001'))?.id).toBe(id);
    expect(await ledger.received.firstByKey('sandbox', '01:3100231130:00000001', id)).toBeUndefined();
    // The live service's rows are kept apart from the sandbox's.
    expect(await ledger.received.get('remote', id)).toBeUndefined();
    expect(await ledger.received.byHash('remote', 'hash-00000001')).toBeUndefined();
    const remote = await ledger.received.insert('remote', received('00000001'));
    expect(remote).not.toBe(id);
    // A kind the service cannot verify is stored in that state at once.
    const railway = await ledger.received.insert('sandbox', received('00000002', { state: { state: 'unverifiable', reason: 'railway-eticket', fields: [] } }));
    expect(await ledger.received.get('sandbox', railway)).toMatchObject({ verify_state: 'unverifiable', verify_reason: 'railway-eticket', status: 'recognised' });
  });

  it('refuses the same file and a second original of an invoice with DuplicateReceivedError, and keeps the first', async () => {
    await open();
    const first = await ledger.received.insert('sandbox', received('00000001'));
    expect((await refusal(ledger.received.insert('sandbox', received('00000001', { invoiceKey: null })))).reason).toBe('file');
    const second = received('00000001', { fileHash: 'hash-another-scan' });
    expect((await refusal(ledger.received.insert('sandbox', second))).reason).toBe('invoice');
    // Linked to the first, the same invoice in another file is stored: listed, flagged, counted once.
    const duplicate = await ledger.received.insert('sandbox', { ...second, duplicateOf: first });
    expect(await ledger.received.get('sandbox', duplicate)).toMatchObject({ duplicate_of: first, original_key: null, invoice_key: '01:3100231130:00000001' });
    const third = await ledger.received.insert('sandbox', { ...received('00000001', { fileHash: 'hash-third' }), duplicateOf: first });
    expect(await ledger.received.get('sandbox', first)).toMatchObject({ duplicate_of: null, original_key: '01:3100231130:00000001' });
    // None accepted yet: the ledger holds none of them.
    expect(await ledger.received.ledgerTotals('sandbox', MINE, {})).toEqual({ count: 0, rows: 0, incomplete: 0, fpje: '0.00', fpse: '0.00', jshj: '0.00' });
    for (const id of [first, duplicate]) await ledger.received.setVerified('sandbox', id, '0001', 'N', { state: 'consistent', reason: null, fields: [] });
    expect(await ledger.received.ledgerTotals('sandbox', MINE, {})).toEqual({ count: 1, rows: 2, incomplete: 0, fpje: '100.00', fpse: '13.00', jshj: '113.00' });
    // A review that would make a duplicate a second original is refused the same way; nothing of it is written.
    const fields = { fpzl: '01', fpdm: '3100231130', fphm: '00000001', kprq: '20250301' };
    expect((await refusal(ledger.received.updateFields('sandbox', third, fields, {}, '01:3100231130:00000001', null))).reason).toBe('invoice');
    expect(await ledger.received.get('sandbox', third)).toMatchObject({ kprq: '20250228', duplicate_of: first, status: 'recognised' });
  });

  it('lets only one of two desks taking the same invoice at once store it as the original', async () => {
    const one = await fixture.open();
    const two = await fixture.open();
    const outcomes = await Promise.allSettled([
      one.received.insert('sandbox', received('00000007', { fileHash: 'desk-one-scan' })),
      two.received.insert('sandbox', received('00000007', { fileHash: 'desk-two-photo' })),
    ]);
    const stored = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(stored).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(DuplicateReceivedError);
    expect((refused[0] as DuplicateReceivedError).reason).toBe('invoice');
    const [kept] = await fixture.query<{ id: number }>(`SELECT id FROM received_invoice WHERE fphm = '00000007'`);
    await one.received.setVerified('sandbox', Number(kept!.id), '0001', 'N', { state: 'consistent', reason: null, fields: [] });
    expect((await one.received.ledgerTotals('sandbox', MINE, {})).rows).toBe(1);
  });

  it('moves a received invoice through its states: reviewed, verified or failed, a local refusal never over an answer', async () => {
    await open();
    const id = await ledger.received.insert('sandbox', received('00000001'));
    const reviewed = { fpzl: '01', fpdm: '3100231130', fphm: '00000001', kprq: '20250228', fpje: '100.00', jym: '12345678901234567890' };
    await ledger.received.updateFields('sandbox', id, reviewed, { fphm: 'qr', jym: 'typed' }, '01:3100231130:00000001', null);
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ status: 'reviewed', jym: '12345678901234567890', hjse: null, xhfsbh: null, sources_json: '{"fphm":"qr","jym":"typed"}' });

    // Refused before a call (unreachable): stored, as nothing better is known.
    expect(await ledger.received.setLocalState('sandbox', id, { state: 'failed', reason: 'unreachable', fields: [] })).toBe(true);
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ status: 'reviewed', verify_state: 'failed', verify_reason: 'unreachable' });
    await ledger.received.setVerified('sandbox', id, '0006', null, { state: 'inconsistent', reason: null, fields: ['kprq', 'fpje'] });
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ status: 'verify-failed', last_code: '0006', verify_state: 'inconsistent', verify_fields: 'kprq,fpje' });
    // The authority answered: a later local refusal changes nothing.
    expect(await ledger.received.setLocalState('sandbox', id, { state: 'failed', reason: '0002', fields: [] })).toBe(false);
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ verify_state: 'inconsistent' });
    await ledger.received.setVerified('sandbox', id, '0001', 'N', { state: 'consistent', reason: null, fields: [] });
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ status: 'verified', last_code: '0001', zfbz: 'N', verify_state: 'consistent', verify_reason: null, verify_fields: null });

    // What the authority's record carries fills only what the file did not.
    // The reviewed row said 金额 100.00 only: 税额 and 价税合计 come from the record, 金额 stays the clerk's.
    await ledger.received.fillFromAuthority(
      'sandbox', id, { xhfmc: '别的名字', gmfmc: '上海演示科技有限公司', xhfsbh: SELLER, gmfsbh: null, fpje: '99.00', fpse: '13.00', jshj: '113.00' },
      { fphm: 'qr', xhfsbh: 'authority', fpse: 'authority', jshj: 'authority' },
    );
    expect(await ledger.received.get('sandbox', id)).toMatchObject({
      xhfmc: '杭州云栖商贸有限公司', gmfmc: '上海演示科技有限公司', xhfsbh: SELLER, gmfsbh: null, hjje: '100.00', hjse: '13.00', jshj: '113.00',
      sources_json: '{"fphm":"qr","xhfsbh":"authority","fpse":"authority","jshj":"authority"}',
    });
    await ledger.received.setBuyerReason('sandbox', id, '代垫费用');
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ buyer_reason: '代垫费用' });
    expect(await ledger.received.setLocalState('sandbox', 999, { state: 'failed', reason: 'unreachable', fields: [] })).toBe(false);
    expect(await ledger.received.claimUnassigned('sandbox', MINE)).toBe(0);
  });

  it('links later originals of a key to the earlier row a review gave that key', async () => {
    await open();
    const early = await ledger.received.insert('sandbox', received('00000001'));
    const later = await ledger.received.insert('sandbox', received('00000002'));
    const key = '01:3100231130:00000002';
    // Before the early row may hold the key, the later original becomes its duplicate.
    expect(await ledger.received.linkLaterOriginals('sandbox', key, early)).toEqual([later]);
    await ledger.received.updateFields('sandbox', early, { fpzl: '01', fpdm: '3100231130', fphm: '00000002' }, {}, key, null);
    expect(await ledger.received.get('sandbox', later)).toMatchObject({ duplicate_of: early, original_key: null });
    expect(await ledger.received.get('sandbox', early)).toMatchObject({ duplicate_of: null, original_key: key });
    expect(await ledger.received.linkLaterOriginals('sandbox', key, early)).toEqual([]);
  });

  it('signs what it writes with the acting clerk', async () => {
    let clerk = '张开票';
    ledger = await fixture.open({ actor: () => clerk });
    const id = await ledger.received.insert('sandbox', received('00000001'));
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ created_by: '张开票', updated_by: '张开票' });
    clerk = '李复核';
    await ledger.received.setBuyerReason('sandbox', id, '代垫费用');
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ created_by: '张开票', updated_by: '李复核' });
  });

  it('lists, filters and totals each enterprise its own ledger, newest first, page by page', async () => {
    await open();
    const kinds = ['01', '10', '01', '31', '01'];
    for (const [index, fpzl] of kinds.entries()) {
      const fphm = String(index + 1).padStart(8, '0');
      const fields: IntakeFields = { fpzl, fphm, kprq: `2025030${index + 1}`, fpje: `${index + 1}0.50`, fpse: '1.25', jshj: `${index + 1}1.75`, xhfsbh: index === 3 ? '91110105MA01ABCD13' : SELLER };
      await accepted(ledger, received(fphm, { fields, names: index === 3 ? { xhfmc: '北京星河贸易有限公司' } : {} }));
    }
    const copy = await accepted(ledger, { ...received('00000001', { fileHash: 'copy', fields: { fpzl: '01', fphm: '00000001', kprq: '20250301', fpje: '10.50', jshj: '11.75' } }), duplicateOf: 1 });
    await accepted(ledger, received('00000009', { enterprise: THEIRS }));
    await ledger.received.setVerified('sandbox', 2, '0001', 'N', { state: 'consistent', reason: null, fields: [] });
    // A railway ticket read but never accepted (its kind still empty): not in the ledger, its list, totals or export.
    await ledger.received.insert('sandbox', received('24119110000001234567', {
      fields: { fpzl: undefined, fpdm: undefined, fphm: '24119110000001234567', kprq: '20250302', fpje: '507.34', fpse: '45.66', jshj: '553.00' }, state: { state: 'unverifiable', reason: 'railway-eticket', fields: [] },
    }));

    const page = (query = {}, afterId: number | null = null, limit = 50) => ledger.received.ledgerPage('sandbox', MINE, query, afterId, limit);
    expect(numbers((await page()).rows)).toEqual(['00000001', '00000005', '00000004', '00000003', '00000002', '00000001']);
    const first = await page({}, null, 4);
    expect({ rows: first.rows.map((row) => row.id), hasMore: first.hasMore }).toEqual({ rows: [copy, 5, 4, 3], hasMore: true });
    const second = await page({}, 3, 4);
    expect({ rows: second.rows.map((row) => row.id), hasMore: second.hasMore }).toEqual({ rows: [2, 1], hasMore: false });
    expect(numbers((await page({ fpzl: '01' })).rows)).toEqual(['00000001', '00000005', '00000003', '00000001']);
    expect(numbers((await page({ from: '20250302', to: '20250304' })).rows)).toEqual(['00000004', '00000003', '00000002']);
    expect(numbers((await page({ seller: '星河' })).rows)).toEqual(['00000004']);
    expect(numbers((await page({ seller: '91110105ma01' })).rows)).toEqual(['00000004']);
    expect(numbers((await page({ state: 'consistent' })).rows)).toEqual(['00000002']);
    expect(numbers((await page({ state: 'unverified' })).rows)).toHaveLength(5);
    expect(numbers((await page({ duplicatesOnly: true })).rows)).toEqual(['00000001']);
    expect(numbers(await ledger.received.ledgerAll('sandbox', MINE, { fpzl: '01' }))).toEqual(['00000001', '00000005', '00000003', '00000001']);

    // Duplicates are listed but counted once; sums are exact in yuan.
    expect(await ledger.received.ledgerTotals('sandbox', MINE, {})).toEqual({ count: 5, rows: 6, incomplete: 0, fpje: '152.50', fpse: '6.25', jshj: '158.75' });
    expect(await ledger.received.ledgerTotals('sandbox', MINE, { state: 'unverified' })).toEqual({ count: 4, rows: 5, incomplete: 0, fpje: '132.00', fpse: '5.00', jshj: '137.00' });
    expect(await ledger.received.ledgerTotals('sandbox', THEIRS, {})).toEqual({ count: 1, rows: 1, incomplete: 0, fpje: '100.00', fpse: '13.00', jshj: '113.00' });
    expect(await ledger.received.ledgerTotals('sandbox', MINE, { fpzl: '99' })).toEqual({ count: 0, rows: 0, incomplete: 0, fpje: '0.00', fpse: '0.00', jshj: '0.00' });
    expect(await ledger.received.ledgerTotals('remote', MINE, {})).toEqual({ count: 0, rows: 0, incomplete: 0, fpje: '0.00', fpse: '0.00', jshj: '0.00' });
  });

  it('totals 金额, 税额 and 价税合计 of the same invoices: one amount worked out from the other two, an invoice with one amount counted apart', async () => {
    await open();
    // Only the amounts given (the helper's defaults left out).
    const only = (amounts: IntakeFields): IntakeFields => ({ fpje: undefined, fpse: undefined, jshj: undefined, ...amounts });
    const digital = (fphm: string, amounts: IntakeFields) => received(fphm, { fields: { fpzl: '21', fpdm: undefined, fphm, kprq: '20250310', ...only(amounts) } });
    const vat = (fphm: string, amounts: IntakeFields) => received(fphm, { fields: { fpzl: '01', fphm, kprq: '20250310', ...only(amounts) } });
    // A VAT invoice read from its QR (金额 only) and a 数电 one (价税合计 only): neither can be summed whole.
    const special = await accepted(ledger, vat('10000001', { fpje: '3000.00' }));
    const shudian = await accepted(ledger, digital('25312000000000000001', { jshj: '4449.00' }));
    // Two of three known: the third is their difference or sum.
    await accepted(ledger, vat('10000002', { fpje: '200.00', fpse: '26.00' }));
    await accepted(ledger, digital('25312000000000000002', { fpse: '14.55', jshj: '1470.00' }));
    await accepted(ledger, digital('25312000000000000003', { fpje: '16.64', jshj: '17.14' }));
    await accepted(ledger, vat('10000003', { fpje: '100.00', fpse: '13.00', jshj: '113.00' }));
    expect(await ledger.received.ledgerTotals('sandbox', MINE, {})).toEqual({
      count: 6, rows: 6, incomplete: 2,
      // 200.00 + 1455.45 + 16.64 + 100.00 | 26.00 + 14.55 + 0.50 + 13.00 | 226.00 + 1470.00 + 17.14 + 113.00
      fpje: '1772.09', fpse: '54.05', jshj: '1826.14',
    });
    // The verification fills the first two in: now all six are summed.
    const names = { xhfmc: null, gmfmc: null, xhfsbh: null, gmfsbh: null };
    await ledger.received.fillFromAuthority('sandbox', special, { ...names, fpje: '3000.00', fpse: '210.00', jshj: '3210.00' }, {});
    await ledger.received.fillFromAuthority('sandbox', shudian, { ...names, fpje: '4197.17', fpse: '251.83', jshj: '4449.00' }, {});
    expect(await ledger.received.get('sandbox', shudian)).toMatchObject({ hjje: '4197.17', hjse: '251.83', jshj: '4449.00' });
    expect(await ledger.received.ledgerTotals('sandbox', MINE, {})).toEqual({ count: 6, rows: 6, incomplete: 0, fpje: '8969.26', fpse: '515.88', jshj: '9485.14' });
  });

  it('counts an invoice once: its original, or the first accepted duplicate when the original was never accepted', async () => {
    await open();
    const first = await ledger.received.insert('sandbox', received('00000001'));
    const key = '01:3100231130:00000001';
    const copy = (hash: string) => ({ ...received('00000001', { fileHash: hash, fields: { fpzl: '01', fpdm: '3100231130', fphm: '00000001', kprq: '20250228', fpje: '100.00', fpse: '13.00' } }), duplicateOf: first });
    const second = await accepted(ledger, copy('scan-two'));
    const third = await accepted(ledger, copy('scan-three'));
    expect(numbers((await ledger.received.ledgerPage('sandbox', MINE, {}, null, 10)).rows)).toEqual(['00000001', '00000001']);
    expect(await ledger.received.ledgerTotals('sandbox', MINE, {})).toEqual({ count: 1, rows: 2, incomplete: 0, fpje: '100.00', fpse: '13.00', jshj: '113.00' });
    // The original accepted after all: it is the one counted, its duplicates listed beside it.
    await ledger.received.updateFields('sandbox', first, received('00000001').fields, {}, key, null);
    expect(await ledger.received.ledgerTotals('sandbox', MINE, {})).toEqual({ count: 1, rows: 3, incomplete: 0, fpje: '100.00', fpse: '13.00', jshj: '113.00' });
    expect(await ledger.received.ledgerTotals('sandbox', MINE, { duplicatesOnly: true })).toMatchObject({ count: 0, rows: 2 });
    expect([second, third].every((id) => id > first)).toBe(true);
  });

  it('keeps verification records and counts the calls spent on an invoice within a day', async () => {
    await open();
    const id = await ledger.received.insert('sandbox', received('00000001'));
    const record = (verifiedAt: string, code = '0001') => ({
      receivedId: id, fpzl: '01', fpdm: '3100231130', fphm: '00000001', kprq: '20250228', fpje: '100.00', jym: null, code, message: null, cyjg: null, cycs: '1', zfbz: 'N',
      resultJson: '{"cycs":"1"}', verifiedAt,
    });
    await ledger.received.recordVerification('sandbox', record('2025-03-02T15:59:59.000Z'));
    await ledger.received.recordVerification('sandbox', record('2025-03-02T16:00:00.000Z', '0006'));
    await ledger.received.recordVerification('sandbox', record('2025-03-03T15:59:59.999Z'));
    await ledger.received.recordVerification('remote', record('2025-03-03T01:00:00.000Z'));
    // The China day 2025-03-03 runs from 16:00 UTC the day before.
    const day = ['2025-03-02T16:00:00.000Z', '2025-03-03T16:00:00.000Z'] as const;
    expect(await ledger.received.countVerifications('sandbox', '3100231130', '00000001', ...day)).toBe(2);
    expect(await ledger.received.countVerifications('sandbox', '3100231130', '00000002', ...day)).toBe(0);
    expect(await ledger.received.countVerifications('remote', '3100231130', '00000001', ...day)).toBe(1);
  });

  it('leaves nothing of a transaction that throws, and the same invoice may be stored again', async () => {
    await open();
    await expect(
      ledger.transaction(async (tx) => {
        const id = await tx.received.insert('sandbox', received('00000001'));
        await tx.received.recordVerification('sandbox', {
          receivedId: id, fpzl: '01', fpdm: '3100231130', fphm: '00000001', kprq: '20250228', fpje: null, jym: null, code: '0001', message: null, cyjg: null, cycs: null,
          zfbz: null, resultJson: null, verifiedAt: '2025-03-03T01:00:00.000Z',
        });
        // The ledger's own store, called from the body, is in the same transaction.
        await ledger.received.setVerified('sandbox', id, '0001', 'N', { state: 'consistent', reason: null, fields: [] });
        throw new Error('the clerk closed the desk');
      }),
    ).rejects.toThrow('the clerk closed the desk');
    expect(await ledger.received.byHash('sandbox', 'hash-00000001')).toBeUndefined();
    expect(await ledger.received.countVerifications('sandbox', '3100231130', '00000001', '2025-03-02T16:00:00.000Z', '2025-03-03T16:00:00.000Z')).toBe(0);
    const id = await ledger.received.insert('sandbox', received('00000001'));
    expect(await ledger.received.get('sandbox', id)).toMatchObject({ status: 'recognised', verify_state: null });
  });
});
