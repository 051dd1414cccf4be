/**
 * The ledger port's contract for the certification store (main/features/certification/store.ts), run
 * unchanged against both adapters — a real SQLite history.db and a real PostgreSQL team ledger — with the
 * same answers and refusals: a batch stored with its items and its outbox row in one transaction, taken
 * through its states (queued, submitted, processing, done; rejected), items taking the service's outcomes,
 * the counts, failures and resends the selection reads; a PCH stored twice refused; a transaction that
 * throws leaving neither batch nor outbox row.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewCertificationBatch } from '../../../main/features/certification/store.js';
import type { Ledger } from '../../../main/ledger/port.js';
import type { CertificationItem, CertificationResultElement } from '../../../shared/spec/certification.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const ENT = '91330100MA2B3C4D5E';
const OTHER = '91440300MA5F6G7H8J';
const T0 = '2026-11-27T01:00:00.000Z';
const T1 = '2026-11-27T01:05:00.000Z';
const T2 = '2026-11-27T02:10:00.000Z';
const pch = (letter: string) => letter.repeat(32);

const item = (n: number, over: Partial<CertificationItem> = {}): CertificationItem => ({
  FPDM: '3300231130',
  FPHM: String(10_000_000 + n),
  GMFSBH: ENT,
  SQRZLX: '1',
  FPLXDM: '01',
  SQSKSSQ: '202611',
  YXSE: '13.00',
  ...over,
});

const batch = (PCH: string, items: CertificationItem[], over: Partial<NewCertificationBatch> = {}): NewCertificationBatch => ({
  environment: 'sandbox',
  PCH,
  GMFSBH: ENT,
  SQSKSSQ: '202611',
  items,
  requestJson: JSON.stringify({ PCH }),
  ...over,
});

const result = (n: number, over: Partial<CertificationResultElement> = {}): CertificationResultElement => ({
  FPDM: '3300231130',
  FPHM: String(10_000_000 + n),
  RZZT: '1',
  RZRQ: '2026-11-25',
  RZCLZT: '4',
  RZSQ: '202611',
  PCZT: 'Y',
  GLZT: '0',
  ...over,
});

/** A batch and its outbox row, as certification submits them. */
const submit = (ledger: Ledger, stored: NewCertificationBatch, at = T0) =>
  ledger.transaction(async (tx) => {
    const id = await tx.certification.insert(stored, at);
    await tx.outbox.enqueue({ kind: 'certification', serial: stored.PCH, requestJson: stored.requestJson, enterprise: stored.GMFSBH });
    return id;
  });

describe.each(ledgerDatabases())('the certification store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('stores a batch with its items and outbox row, and takes it through its states to done', async () => {
    const ledger = await fixture.open();
    const id = await submit(ledger, batch(pch('A'), [item(2), item(1, { YXSE: '' }), item(3, { FPLXDM: '14', SQRZLX: '4', YXSE: '5.50' })]));
    expect((await fixture.rows()).map((row) => [row.serial, row.state])).toEqual([[pch('A'), 'pending']]);
    expect(await ledger.certification.findByPch(pch('A'))).toEqual({
      id,
      environment: 'sandbox',
      pch: pch('A'),
      gmfsbh: ENT,
      sqskssq: '202611',
      fhhs: 3,
      status: 'queued',
      ztdm: null,
      ztxx: null,
      created_at: T0,
      updated_at: T0,
    });
    const fresh = { rzzt: null, rzrq: null, rzclzt: null, sbyy: null, pczt: null, glzt: null };
    // By code and number; a valid tax not given reads back empty.
    expect(await ledger.certification.items(id)).toEqual([
      { fpdm: '3300231130', fphm: '10000001', fplxdm: '01', sqrzlx: '1', yxse: '', ...fresh },
      { fpdm: '3300231130', fphm: '10000002', fplxdm: '01', sqrzlx: '1', yxse: '13.00', ...fresh },
      { fpdm: '3300231130', fphm: '10000003', fplxdm: '14', sqrzlx: '4', yxse: '5.50', ...fresh },
    ]);
    expect([...(await ledger.certification.pendingKeys('sandbox', ENT))].sort()).toEqual(['3300231130|10000001', '3300231130|10000002', '3300231130|10000003']);
    expect(await ledger.certification.countsFor('sandbox', ENT, '202611')).toEqual({ pending: 3 });

    await ledger.transaction((tx) => tx.certification.setStatus(pch('A'), 'submitted', T1, '0000', 'accepted'));
    await ledger.transaction(async (tx) => {
      await tx.certification.applyResults(id, [result(1), result(2, { RZZT: '0', RZRQ: '', RZCLZT: '1', GLZT: '' })]);
      await tx.certification.setStatus(pch('A'), 'processing', T1);
    });
    expect(await ledger.certification.findByPch(pch('A'))).toMatchObject({ status: 'processing', ztdm: '0000', ztxx: 'accepted', updated_at: T1 });
    expect(await ledger.certification.countsFor('sandbox', ENT, '202611')).toEqual({ pending: 2, succeeded: 1 });

    await ledger.transaction(async (tx) => {
      await tx.certification.applyResults(id, [result(2, { RZCLZT: '5', RZZT: '0', RZRQ: '', SBYY: '3' }), result(3)]);
      await tx.certification.setStatus(pch('A'), 'done', T2, null, 'finished');
    });
    expect(await ledger.certification.findByPch(pch('A'))).toMatchObject({ status: 'done', ztdm: '0000', ztxx: 'finished', updated_at: T2 });
    expect((await ledger.certification.items(id))[1]).toEqual({
      fpdm: '3300231130',
      fphm: '10000002',
      fplxdm: '01',
      sqrzlx: '1',
      yxse: '13.00',
      rzzt: '0',
      rzrq: '',
      rzclzt: '5',
      sbyy: '3',
      pczt: 'Y',
      glzt: '0',
    });
    expect(await ledger.certification.countsFor('sandbox', ENT, '202611')).toEqual({ succeeded: 2, failed: 1 });
    expect(await ledger.certification.pendingKeys('sandbox', ENT)).toEqual(new Set());
  });

  it('lists the buyer’s batches newest first, finds the last failures and what was sent again', async () => {
    const ledger = await fixture.open();
    const first = await submit(ledger, batch(pch('A'), [item(1), item(2)]), T0);
    const second = await submit(ledger, batch(pch('B'), [item(3)]), T1);
    await submit(ledger, batch(pch('C'), [item(1, { GMFSBH: OTHER })], { GMFSBH: OTHER }), T1);
    await ledger.transaction((tx) => tx.certification.applyResults(first, [result(1, { RZCLZT: '5', RZZT: '0', SBYY: '3' }), result(2, { RZCLZT: '5', RZZT: '0', SBYY: '7' })]));
    await ledger.transaction((tx) => tx.certification.setStatus(pch('A'), 'done', T1));
    expect((await ledger.certification.list('sandbox', ENT, 10)).map((row) => row.pch)).toEqual([pch('B'), pch('A')]);
    expect((await ledger.certification.list('sandbox', ENT, 1)).map((row) => row.id)).toEqual([second]);
    expect(await ledger.certification.list('remote', ENT, 10)).toEqual([]);
    const failed = await ledger.certification.lastFailed('sandbox', ENT);
    expect(failed.map((row) => [row.batch_id, row.fphm, row.sbyy, row.sqskssq, row.yxse]).sort()).toEqual([
      [first, '10000001', '3', '202611', '13.00'],
      [first, '10000002', '7', '202611', '13.00'],
    ]);
    expect(await ledger.certification.resentAfter(first, '3300231130', '10000001')).toBe(false);
    // Sent again in a later batch: no longer the last failure, and known as resent.
    await submit(ledger, batch(pch('D'), [item(1)]), T2);
    expect((await ledger.certification.lastFailed('sandbox', ENT)).map((row) => row.fphm)).toEqual(['10000002']);
    expect(await ledger.certification.resentAfter(first, '3300231130', '10000001')).toBe(true);
    expect(await ledger.certification.resentAfter(first, '3300231130', '10000002')).toBe(false);
  });

  it('counts a rejected batch nowhere and refuses a PCH stored twice, keeping the first', async () => {
    const ledger = await fixture.open();
    await submit(ledger, batch(pch('A'), [item(1)]));
    await ledger.transaction((tx) => tx.certification.setStatus(pch('A'), 'rejected', T1, '2006', 'PCH wrong'));
    expect(await ledger.certification.findByPch(pch('A'))).toMatchObject({ status: 'rejected', ztdm: '2006', ztxx: 'PCH wrong' });
    expect(await ledger.certification.countsFor('sandbox', ENT, '202611')).toEqual({});
    expect(await ledger.certification.pendingKeys('sandbox', ENT)).toEqual(new Set());
    await expect(ledger.certification.insert(batch(pch('A'), [item(2), item(3)]), T2)).rejects.toThrow();
    expect(await ledger.certification.findByPch(pch('A'))).toMatchObject({ fhhs: 1, status: 'rejected' });
    expect(await ledger.certification.findByPch(pch('Z'))).toBeNull();
  });

  it('keeps neither batch nor outbox row when the transaction throws', async () => {
    const ledger = await fixture.open();
    await expect(
      ledger.transaction(async (tx) => {
        const stored = batch(pch('A'), [item(1)]);
        await tx.certification.insert(stored, T0);
        await tx.outbox.enqueue({ kind: 'certification', serial: pch('A'), requestJson: stored.requestJson, enterprise: ENT });
        throw new Error('not this batch');
      }),
    ).rejects.toThrow('not this batch');
    expect(await ledger.certification.findByPch(pch('A'))).toBeNull();
    expect(await ledger.certification.list('sandbox', ENT, 10)).toEqual([]);
    expect(await fixture.rows()).toEqual([]);
  });
});
