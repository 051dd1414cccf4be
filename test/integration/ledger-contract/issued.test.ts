/**
 * The ledger port's contract for the issuance feature's stores (main/features/issuance/store.ts), run
 * unchanged against both adapters — a real SQLite history.db and a real PostgreSQL team ledger — with the
 * same answers and the same refusals: an invoice and its lines, found by id and serial, listed per
 * enterprise page by page; its outbox row in the same transaction (a throw after both leaves neither);
 * the outcomes issuing / issued / failed / voided; waiting counts; drafts; an lsh stored twice refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewInvoice } from '../../../main/features/issuance/store.js';
import { DuplicateSerialError, type Ledger } from '../../../main/ledger/port.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const SELLER = '91330100MA2B3C4D5E';
/** A draft never sent for review (its 复核: draft-review.test.ts). */
const NOT_SENT = { state: 'none', requestedBy: null, requestedAt: null, reviewedBy: null, reviewedAt: null, note: null };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute, 0, 123)).toISOString();

const invoice = (lsh: string, overrides: Partial<NewInvoice> = {}): NewInvoice => ({
  lsh,
  environment: 'sandbox',
  fplxdm: '026',
  kplx: '0',
  xhdwsbh: SELLER,
  xhdwmc: '杭州测试有限公司',
  ghdwmc: '北京星河贸易有限公司',
  ghdwsbh: '91110105MA01ABCD2X',
  jshj: '113.00',
  hjse: '13.00',
  requestJson: JSON.stringify({ lsh }),
  lines: [
    { spmc: '*信息技术服务*软件维护', spbm: '3040201', spsl: '1', dj: '60.00', je: '60.00', sl: '0.13', se: '7.80', lslbs: null, zzstsgl: null, kce: null },
    { spmc: '*办公用品*纸', spbm: '1060101', spsl: '2.5', dj: '16.00', je: '40.00', sl: '0.13', se: '5.20', lslbs: null, zzstsgl: null, kce: null },
  ],
  ...overrides,
});

/** The invoice row and its outbox row in one transaction, as issuance's enqueue writes them. */
const enqueue = (ledger: Ledger, row: NewInvoice, now: string, after?: () => void) =>
  ledger.transaction(async (tx) => {
    const id = await tx.issuedInvoices.insert(row, now);
    await tx.outbox.enqueue({ kind: 'issuance', serial: row.lsh, requestJson: row.requestJson, enterprise: row.xhdwsbh });
    after?.();
    return id;
  });

describe.each(ledgerDatabases())('the issued-invoice and draft stores on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('stores an invoice with its lines and outbox row, finds it by id and serial, and lists an enterprise page by page', async () => {
    const ledger = await fixture.open();
    const store = ledger.issuedInvoices;
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await enqueue(ledger, invoice(`FD${n}`), at(n)));
    await enqueue(ledger, invoice('FD-other', { xhdwsbh: '91310000OTHER0001X' }), at(9));

    const summary = await store.findByLsh('FD3');
    expect(summary).toEqual({
      id: ids[2],
      lsh: 'FD3',
      environment: 'sandbox',
      invoiceType: '026',
      buyerName: '北京星河贸易有限公司',
      total: '113.00',
      status: 'queued',
      invoiceCode: null,
      invoiceNumber: null,
      issuedAt: null,
      error: null,
      createdAt: at(3),
    });
    expect(await store.findById(ids[2]!, 'sandbox')).toEqual(summary);
    expect(await store.findById(ids[2]!, 'remote')).toBeNull();
    expect(await store.findByLsh('nope')).toBeNull();
    expect(await store.lines(ids[2]!)).toEqual([
      { line_no: 1, spmc: '*信息技术服务*软件维护', spbm: '3040201', spsl: '1', dj: '60.00', je: '60.00', sl: '0.13', se: '7.80', lslbs: null, zzstsgl: null, kce: null },
      { line_no: 2, spmc: '*办公用品*纸', spbm: '1060101', spsl: '2.5', dj: '16.00', je: '40.00', sl: '0.13', se: '5.20', lslbs: null, zzstsgl: null, kce: null },
    ]);
    expect(await store.invoice(ids[2]!, 'sandbox')).toMatchObject({ id: ids[2], kplx: '0', hjse: '13.00', xhdwsbh: SELLER, created_by: null, request_json: '{"lsh":"FD3"}' });

    expect((await store.list('sandbox', SELLER, 2, 0)).map((row) => row.lsh)).toEqual(['FD5', 'FD4']);
    expect((await store.list('sandbox', SELLER, 2, 2)).map((row) => row.lsh)).toEqual(['FD3', 'FD2']);
    expect((await store.list('sandbox', SELLER, 2, 4)).map((row) => row.lsh)).toEqual(['FD1']);
    expect(await store.list('remote', SELLER, 10, 0)).toEqual([]);
    expect((await fixture.rows()).map((row) => row.serial)).toEqual(['FD1', 'FD2', 'FD3', 'FD4', 'FD5', 'FD-other']);
  });

  it('keeps a discount line, which has no quantity and no unit price, as it was sent (team ledger migration 0650)', async () => {
    const ledger = await fixture.open();
    const discounted = { spmc: '*信息技术服务*软件维护', spbm: '3040201030000000000', spsl: '1', dj: '106', je: '106.00', sl: '0.06', se: '6.00', lslbs: null, zzstsgl: null, kce: null };
    const discount = { spmc: '*信息技术服务*软件维护', spbm: '', spsl: '', dj: '', je: '-10.60', sl: '0.06', se: '-0.60', lslbs: null, zzstsgl: null, kce: null };
    const id = await enqueue(ledger, invoice('FD-discount', { jshj: '95.40', hjse: '5.40', lines: [discounted, discount] }), at(1));
    expect(await ledger.issuedInvoices.lines(id)).toEqual([
      { line_no: 1, ...discounted },
      { line_no: 2, ...discount },
    ]);
  });

  it('leaves neither the invoice nor its outbox row when the transaction throws after both', async () => {
    const ledger = await fixture.open();
    await expect(
      enqueue(ledger, invoice('FD1'), at(1), () => {
        throw new Error('refused after both writes');
      }),
    ).rejects.toThrow('refused after both writes');
    expect(await ledger.issuedInvoices.findByLsh('FD1')).toBeNull();
    expect(await fixture.rows()).toEqual([]);
    // Nothing of it is left behind: the same serial goes in afterwards.
    await enqueue(ledger, invoice('FD1'), at(2));
    expect((await ledger.issuedInvoices.findByLsh('FD1'))?.createdAt).toBe(at(2));
  });

  it('refuses the same serial twice with DuplicateSerialError and keeps the first', async () => {
    const ledger = await fixture.open();
    await enqueue(ledger, invoice('FD1'), at(1));
    const second = enqueue(ledger, invoice('FD1', { ghdwmc: '第二次' }), at(2));
    await expect(second).rejects.toBeInstanceOf(DuplicateSerialError);
    await expect(second).rejects.toMatchObject({ kind: 'issuance', serial: 'FD1' });
    expect((await ledger.issuedInvoices.findByLsh('FD1'))?.buyerName).toBe('北京星河贸易有限公司');
    expect(await fixture.rows()).toHaveLength(1);
  });

  it('marks issuing, issued, failed and voided only from the states they follow, and counts what waits', async () => {
    const ledger = await fixture.open();
    const store = ledger.issuedInvoices;
    const [one, two, three] = [await enqueue(ledger, invoice('FD1'), at(1)), await enqueue(ledger, invoice('FD2'), at(2)), await enqueue(ledger, invoice('FD3'), at(3))];
    expect(await store.waitingCounts('sandbox', SELLER)).toEqual({ issuing: 3, failed: 0 });
    // An answer is recorded by the desk that claimed the invoice's outbox row (the team ledger holds it to that).
    expect(await ledger.outbox.claim(10)).toHaveLength(3);

    expect(await store.markIssuing('FD1', at(4))).toBe(true);
    expect(await store.markIssuing('FD1', at(4))).toBe(false);
    const fields = { fpdm: null, fphm: '26330000000000000001', kprq: '20261127170500', jym: null, skm: null, pdf: 'https://x/1.pdf', ofd: null, xml: null, zflx: null };
    expect(await ledger.transaction((tx) => tx.issuedInvoices.markIssued('FD1', fields, at(5)))).toBe(true);
    expect(await store.markFailed('FD1', 'E1', 'E1 too late', at(6))).toBe(false);
    expect(await store.markFailed('FD2', 'E2', 'E2 refused', at(6))).toBe(true);
    expect(await store.markIssued('FD2', fields, at(7))).toBe(false);

    expect(await store.findById(one, 'sandbox')).toMatchObject({ status: 'issued', invoiceNumber: '26330000000000000001', issuedAt: '20261127170500', error: null });
    expect(await store.findById(two, 'sandbox')).toMatchObject({ status: 'failed', error: 'E2 refused' });
    expect(await store.fileSource(one, 'sandbox', 'pdf')).toEqual({ lsh: 'FD1', status: 'issued', url: 'https://x/1.pdf' });
    expect(await store.fileSource(one, 'sandbox', 'ofd')).toEqual({ lsh: 'FD1', status: 'issued', url: null });
    expect(await store.fileSource(one, 'remote', 'pdf')).toBeNull();
    expect(await store.waitingCounts('sandbox', SELLER)).toEqual({ issuing: 1, failed: 1 });
    expect(await store.waitingCounts('sandbox', 'someone else')).toEqual({ issuing: 0, failed: 0 });

    expect(await store.markVoided(three, 'sandbox', '0', at(8))).toBe(false); // not issued
    expect(await store.markVoided(one, 'sandbox', '1', at(8))).toBe(true);
    expect(await store.markVoided(one, 'sandbox', '0', at(9))).toBe(false); // voided once
    expect(await store.statesByLsh(['FD1', 'FD2', 'nope'])).toEqual(
      new Map([
        ['FD1', { status: 'issued', fpdm: null, fphm: '26330000000000000001', error_message: null }],
        ['FD2', { status: 'failed', fpdm: null, fphm: null, error_message: 'E2 refused' }],
      ]),
    );
    expect(await store.statesByLsh([])).toEqual(new Map());
  });

  it('links a red invoice to its blue one in the red invoice transaction and sums what it took', async () => {
    const ledger = await fixture.open();
    const store = ledger.issuedInvoices;
    const blue = await enqueue(ledger, invoice('FD1'), at(1));
    await ledger.outbox.claim(10);
    await store.markIssued('FD1', { fpdm: null, fphm: '1', kprq: 'k', jym: null, skm: null, pdf: null, ofd: null, xml: null, zflx: null }, at(2));
    const red = await ledger.transaction(async (tx) => {
      const row = invoice('FR1', { kplx: '1', jshj: '-40.00', hjse: '-4.60' });
      const id = await tx.issuedInvoices.insert(row, at(3));
      await tx.issuedInvoices.recordReversal({ redInvoiceId: id, blueInvoiceId: blue, amount: '40.00', chyydm: '2', formId: null }, at(3));
      await tx.outbox.enqueue({ kind: 'issuance', serial: row.lsh, requestJson: row.requestJson, enterprise: row.xhdwsbh });
      return id;
    });
    await ledger.outbox.claim(10);
    const sums = async () => {
      const found = await store.reversalSums(blue);
      return { total: found.total.toString(), reversed: found.reversed.toString(), inFlight: found.inFlight.toString(), state: found.state };
    };
    expect(await sums()).toEqual({ total: '113', reversed: '0', inFlight: '40', state: 'none' });
    await store.markFailed('FR1', 'E9', 'E9 no', at(4));
    expect(await store.reds(blue)).toEqual([
      { id: red, lsh: 'FR1', invoiceType: '026', status: 'failed', amount: '40.00', reason: '2', invoiceCode: null, invoiceNumber: null, createdAt: at(3), failure: { code: 'E9', message: 'no' } },
    ]);
    expect(await store.originalOf(red)).toEqual({ blue_invoice_id: blue, chyydm: '2', form_id: null, fpdm: null, fphm: '1' });
    expect(await store.blueOfRed(red)).toBe(blue);
    expect(await store.blueOfRed(blue)).toBeUndefined();
    expect(await store.refOf(red)).toEqual({ lsh: 'FR1', status: 'failed' });
    expect(await sums()).toEqual({ total: '113', reversed: '0', inFlight: '0', state: 'none' });
  });

  it('saves, lists, loads and deletes drafts of one environment and enterprise', async () => {
    const ledger = await fixture.open();
    const drafts = ledger.issuanceDrafts;
    const mine = { environment: 'sandbox', enterprise: SELLER } as const;
    const other = { environment: 'sandbox', enterprise: 'other' } as const;
    const first = await drafts.save(mine, { invoiceType: '026', buyerName: '甲', total: '1.5', content: '{"a":1}' }, at(1));
    const second = await drafts.save(mine, { invoiceType: '004', buyerName: '', total: '', content: '{}' }, at(2));
    expect(first).toEqual({ id: first!.id, invoiceType: '026', buyerName: '甲', total: '1.5', updatedAt: at(1), review: NOT_SENT });
    expect((await drafts.list(mine)).map((draft) => draft.id)).toEqual([second!.id, first!.id]);
    expect(await drafts.list(other)).toEqual([]);

    expect(await drafts.save(mine, { invoiceType: '026', buyerName: '甲乙', total: '2.00', content: '{"a":2}' }, at(3), first!.id)).toMatchObject({ id: first!.id, buyerName: '甲乙', updatedAt: at(3) });
    expect(await drafts.save(other, { invoiceType: '026', buyerName: 'x', total: '0', content: '{}' }, at(4), first!.id)).toBeNull();
    expect(await drafts.load(mine, first!.id)).toEqual({ id: first!.id, invoiceType: '026', buyerName: '甲乙', total: '2.00', updatedAt: at(3), review: NOT_SENT, content: '{"a":2}' });
    expect(await drafts.load(other, first!.id)).toBeNull();
    expect((await drafts.list(mine)).map((draft) => draft.id)).toEqual([first!.id, second!.id]);

    expect(await drafts.delete(other, first!.id)).toBe(false);
    expect(await drafts.delete(mine, first!.id)).toBe(true);
    expect(await drafts.delete(mine, first!.id)).toBe(false);
    expect((await drafts.list(mine)).map((draft) => draft.id)).toEqual([second!.id]);
  });
});
