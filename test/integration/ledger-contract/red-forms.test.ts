/**
 * The ledger port's contract for the red-letter form store (main/features/reversal/store.ts;
 * docs/team-ledger.md §2), run unchanged against a real SQLite history.db and a real PostgreSQL team ledger:
 * the same rows back (ids as numbers, money as the decimal text written, auto_issue as 0/1, times as the
 * desk's ISO strings), the same order, the same moves of a form's status and the same refusals — outside a
 * transaction and inside one; and two desks reversing one blue invoice at once take what is left of it one
 * after the other (holdBlue), so the second sees what the first took.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewInvoice } from '../../../main/features/issuance/store.js';
import type { NewRedLetterForm, StoredFormRow } from '../../../main/features/reversal/store.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const SELLER = '91330100MA2B3C4D5E';
const BUYER = '91330106MA27XK5R3T';
const T0 = '2026-11-27T09:00:00.000Z';
const T1 = '2026-11-27T09:00:01.250Z';
const T2 = '2026-11-27T09:00:02.500Z';

const invoice = (lsh: string, kplx: '0' | '1' = '0'): NewInvoice => ({
  lsh,
  environment: 'sandbox',
  fplxdm: '004',
  kplx,
  xhdwsbh: SELLER,
  xhdwmc: '演示企业',
  ghdwmc: '杭州云栖商贸有限公司',
  ghdwsbh: BUYER,
  jshj: kplx === '0' ? '113.00' : '-113.00',
  hjse: kplx === '0' ? '13.00' : '-13.00',
  requestJson: '{}',
  lines: [{ spmc: '打印纸', spbm: '1060201070000000000', spsl: '1', dj: '100.00', je: '100.00', sl: '0.13', se: '13.00', lslbs: null, zzstsgl: null, kce: null }],
});

const form = (lsh: string, blueInvoiceId: number, overrides: Partial<NewRedLetterForm> = {}): NewRedLetterForm => ({
  lsh,
  environment: 'sandbox',
  blueInvoiceId,
  fplxdm: '004',
  fpdm: '033001900111',
  fphm: '26330001',
  sqly: '2',
  sqlyDetail: 'not-delivered',
  chyydm: '2',
  kpzdbs: 'kpzd-01',
  xhdwsbh: SELLER,
  xhdwmc: '演示企业',
  ghdwsbh: BUYER,
  ghdwmc: '杭州云栖商贸有限公司',
  hjje: '-100.00',
  hjse: '-13.00',
  jshj: '-113.00',
  requestJson: `{"lsh":"${lsh}"}`,
  redLinesJson: '[]',
  autoIssue: true,
  ...overrides,
});

/** The row a new form reads back as, on both databases. */
const stored = (id: number, lsh: string, blue: number, at: string, overrides: Partial<StoredFormRow> = {}): StoredFormRow => ({
  id,
  lsh,
  environment: 'sandbox',
  blue_invoice_id: blue,
  fplxdm: '004',
  status: 'queued',
  sqly: '2',
  sqly_detail: 'not-delivered',
  chyydm: '2',
  kpzdbs: 'kpzd-01',
  xhdwsbh: SELLER,
  jshj: '-113.00',
  sqdh: null,
  xxbbh: null,
  xxbid: null,
  request_json: `{"lsh":"${lsh}"}`,
  red_lines_json: '[]',
  auto_issue: 1,
  red_invoice_id: null,
  error_message: null,
  created_at: at,
  updated_at: at,
  created_by: '钱复核',
  ...overrides,
});

describe.each(ledgerDatabases())('the red-letter form store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  let ledger: Ledger;
  /** Blue invoices 1 and 2, red invoice 3. */
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  const setUp = async () => {
    ledger = await fixture.open({ actor: () => '钱复核' });
    for (const [lsh, kplx] of [['B1', '0'], ['B2', '0'], ['R1', '1']] as const) await ledger.issuedInvoices.insert(invoice(lsh, kplx), T0);
  };
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('stores an application signed by the acting clerk and reads it back by serial, id, blue invoice and red invoice', async () => {
    await setUp();
    const id = await ledger.redForms.insert(form('HZ1', 1), T1);
    expect(id).toBe(1);
    expect(await ledger.redForms.byLsh('HZ1')).toEqual(stored(1, 'HZ1', 1, T1));
    expect(await ledger.redForms.byId(1)).toEqual(stored(1, 'HZ1', 1, T1));
    expect(await ledger.redForms.byLsh('HZ9')).toBeUndefined();
    expect(await ledger.redForms.byId(9)).toBeUndefined();
    // A form without a sub-reason, and not issued automatically.
    await ledger.redForms.insert(form('HZ2', 1, { sqlyDetail: null, autoIssue: false, jshj: '-0.50' }), T0);
    // Oldest first; the same time is ordered by id.
    await ledger.redForms.insert(form('HZ3', 1), T0);
    await ledger.redForms.insert(form('HZ4', 2), T2);
    expect((await ledger.redForms.ofBlue(1)).map((row) => [row.lsh, row.created_at, row.auto_issue, row.sqly_detail, row.jshj])).toEqual([
      ['HZ2', T0, 0, null, '-0.50'],
      ['HZ3', T0, 1, 'not-delivered', '-113.00'],
      ['HZ1', T1, 1, 'not-delivered', '-113.00'],
    ]);
    expect(await ledger.redForms.ofBlue(3)).toEqual([]);
    expect(await ledger.redForms.formOfRed(3)).toBeUndefined();
    expect(await ledger.redForms.linkRedInvoice(1, 3, T2)).toBe(true);
    expect(await ledger.redForms.formOfRed(3)).toEqual(stored(1, 'HZ1', 1, T1, { red_invoice_id: 3, updated_at: T2 }));
    expect(await ledger.redForms.linkRedInvoice(99, 3, T2)).toBe(false);
  });

  it('moves a form only while it is on its way: applying, notes, approved with its numbers, refused', async () => {
    await setUp();
    await ledger.redForms.insert(form('HZ1', 1), T0);
    await ledger.redForms.insert(form('HZ2', 1), T0);
    expect(await ledger.redForms.note('HZ1', 'retrying', T1)).toBe(true);
    expect(await ledger.redForms.markApplying('HZ1', null, T1)).toBe(true);
    expect(await ledger.redForms.markApplying('HZ1', 'SQ-1', T1)).toBe(true);
    // No number from the service later keeps the one it gave.
    expect(await ledger.redForms.markApplying('HZ1', null, T1)).toBe(true);
    expect(await ledger.redForms.byLsh('HZ1')).toEqual(stored(1, 'HZ1', 1, T0, { status: 'applying', sqdh: 'SQ-1', error_message: 'retrying', updated_at: T1 }));
    expect(await ledger.redForms.markApproved('HZ1', { xxbbh: '1234567890123456', xxbid: null, formJson: '{}' }, T2)).toBe(true);
    expect(await ledger.redForms.byLsh('HZ1')).toEqual(
      stored(1, 'HZ1', 1, T0, { status: 'approved', sqdh: 'SQ-1', xxbbh: '1234567890123456', error_message: null, updated_at: T2 }),
    );
    // An approved form moves no more, but its red invoice's notes and link still change.
    expect(await ledger.redForms.markApplying('HZ1', 'SQ-2', T2)).toBe(false);
    expect(await ledger.redForms.note('HZ1', 'late', T2)).toBe(false);
    expect(await ledger.redForms.markRefused('HZ1', '9001', 'late refusal', T2)).toBe(false);
    expect(await ledger.redForms.markApproved('HZ1', { xxbbh: 'other', xxbid: null, formJson: '{}' }, T2)).toBe(false);
    expect(await ledger.redForms.setError(1, 'could not queue', T2)).toBe(true);
    expect((await ledger.redForms.byId(1))?.error_message).toBe('could not queue');

    expect(await ledger.redForms.markRefused('HZ2', '9001', '9001 refused', T1)).toBe(true);
    expect(await ledger.redForms.byLsh('HZ2')).toEqual(stored(2, 'HZ2', 1, T0, { status: 'rejected', error_message: '9001 refused', updated_at: T1 }));
    expect(await ledger.redForms.markApplying('HZ2', null, T2)).toBe(false);
    expect(await ledger.redForms.markApplying('NOPE', null, T2)).toBe(false);
  });

  it('counts as reserving only forms still alive, oldest first', async () => {
    await setUp();
    await ledger.redForms.insert(form('HZ1', 1, { jshj: '-10.00' }), T0);
    await ledger.redForms.insert(form('HZ2', 1, { jshj: '-20.00' }), T0);
    await ledger.redForms.insert(form('HZ3', 1, { jshj: '-30.00' }), T0);
    await ledger.redForms.insert(form('HZ4', 2, { jshj: '-40.00' }), T0);
    await ledger.redForms.markRefused('HZ2', '9001', 'refused', T1);
    await ledger.redForms.markApproved('HZ3', { xxbbh: 'N', xxbid: null, formJson: '{}' }, T1);
    await ledger.redForms.linkRedInvoice(3, 3, T1);
    expect(await ledger.redForms.reserving(1)).toEqual([
      { jshj: '-10.00', red_invoice_id: null },
      { jshj: '-30.00', red_invoice_id: 3 },
    ]);
    expect(await ledger.redForms.reserving(3)).toEqual([]);
  });

  it('lists the enterprise’s forms as seller or buyer, newest first, found by serial, number or buyer, wildcards taken literally', async () => {
    await setUp();
    await ledger.redForms.insert(form('HZ-A1', 1), T0);
    await ledger.redForms.insert(form('HZ-B2', 1, { ghdwmc: '上海_百分%商贸' }), T1);
    // The enterprise is the buyer of this one; another environment's and a stranger's are not listed.
    await ledger.redForms.insert(form('HZ-C3', 2, { xhdwsbh: '91310000MA1FL8XQ5D', ghdwsbh: SELLER }), T2);
    await ledger.redForms.insert(form('HZ-D4', 2, { environment: 'remote' }), T2);
    await ledger.redForms.insert(form('HZ-E5', 2, { xhdwsbh: '91310000MA1FL8XQ5D', ghdwsbh: BUYER }), T2);
    await ledger.redForms.markApproved('HZ-A1', { xxbbh: '3300000000001234', xxbid: null, formJson: '{}' }, T1);
    const lshs = async (query: string, limit = 10) => (await ledger.redForms.list('sandbox', SELLER, query, limit)).map((row) => row.lsh);
    expect(await lshs('')).toEqual(['HZ-C3', 'HZ-B2', 'HZ-A1']);
    expect(await lshs('', 2)).toEqual(['HZ-C3', 'HZ-B2']);
    expect(await lshs('hz-b')).toEqual(['HZ-B2']);
    expect(await lshs('0001234')).toEqual(['HZ-A1']);
    expect(await lshs('百分%')).toEqual(['HZ-B2']);
    expect(await lshs('_')).toEqual(['HZ-B2']);
    expect(await lshs('%')).toEqual(['HZ-B2']);
    expect(await lshs('云栖')).toEqual(['HZ-C3', 'HZ-A1']);
    expect(await lshs('nothing')).toEqual([]);
    expect((await ledger.redForms.list('sandbox', SELLER, '', 10))[2]).toEqual(
      stored(1, 'HZ-A1', 1, T0, { status: 'approved', xxbbh: '3300000000001234', updated_at: T1 }),
    );
  });

  it('refuses a serial stored twice and a reason out of range, keeping the first, and rolls a transaction back whole', async () => {
    await setUp();
    await ledger.redForms.insert(form('HZ1', 1), T0);
    await expect(ledger.redForms.insert(form('HZ1', 2), T1)).rejects.toThrow();
    await expect(ledger.redForms.insert(form('HZ2', 1, { sqly: '9' as never }), T1)).rejects.toThrow();
    await expect(ledger.redForms.insert(form('HZ3', 1, { chyydm: '7' as never }), T1)).rejects.toThrow();
    await expect(
      ledger.transaction(async (tx) => {
        await tx.redForms.holdBlue(1);
        await tx.redForms.insert(form('HZ4', 1), T1);
        await tx.outbox.enqueue({ kind: 'redletter', serial: 'HZ4', requestJson: form('HZ4', 1).requestJson, enterprise: SELLER });
        expect((await tx.redForms.byLsh('HZ4'))?.id).toBeGreaterThan(1);
        throw new Error('refused after the insert');
      }),
    ).rejects.toThrow('refused after the insert');
    expect((await ledger.redForms.ofBlue(1)).map((row) => row.lsh)).toEqual(['HZ1']);
    expect(await fixture.rows()).toEqual([]);
    const committed = await ledger.transaction(async (tx) => {
      await tx.redForms.holdBlue(1);
      const id = await tx.redForms.insert(form('HZ5', 1), T1);
      await tx.outbox.enqueue({ kind: 'redletter', serial: 'HZ5', requestJson: form('HZ5', 1).requestJson, enterprise: SELLER });
      return id;
    });
    expect(await ledger.redForms.byId(committed)).toMatchObject({ lsh: 'HZ5', created_by: '钱复核' });
    expect((await fixture.rows()).map((row) => row.serial)).toEqual(['HZ5']);
  });

  it('lets two desks reversing the same blue invoice at once take what is left one after the other', async () => {
    await setUp();
    // PostgreSQL: a second desk with its own pool. SQLite: one desk owns its file; its callers take turns.
    const other = fixture.kind === 'sqlite' ? ledger : await fixture.open({ actor: () => '王芳' });
    let firstHolds!: () => void;
    const held = new Promise<void>((resolve) => (firstHolds = resolve));
    let secondRead = false;
    /** The first desk goes on once the second waits for the blue invoice (or, without holdBlue, has read past it). */
    const secondWaits = async () => {
      if (fixture.kind === 'sqlite') return;
      const waiting = async () => (await fixture.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.n;
      await expect.poll(async () => secondRead || (await waiting()) === 1, { timeout: 20_000 }).toBe(true);
    };
    /** A form for 100.00 of blue invoice 1 (113.00), only if that much is left after the forms already stored. */
    const apply = (on: Ledger, lsh: string, first: boolean) =>
      on.transaction(async (tx) => {
        await tx.redForms.holdBlue(1);
        const taken = (await tx.redForms.reserving(1)).reduce((sum, row) => sum + Math.abs(Number(row.jshj)), 0);
        if (first) {
          firstHolds();
          await secondWaits();
        } else secondRead = true;
        if (113 - taken < 100) return 'refused';
        await tx.redForms.insert(form(lsh, 1, { jshj: '-100.00' }), T1);
        return 'stored';
      });
    const firstDesk = apply(ledger, 'HZ-A', true);
    await held;
    const outcomes = await Promise.all([firstDesk, apply(other, 'HZ-B', false)]);
    expect(outcomes).toEqual(['stored', 'refused']);
    expect((await ledger.redForms.ofBlue(1)).map((row) => [row.lsh, row.created_by])).toEqual([['HZ-A', '钱复核']]);
  });
});
