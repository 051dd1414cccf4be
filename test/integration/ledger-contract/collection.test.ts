/**
 * The ledger port's contract for the collection store (main/features/collection/store.ts), run unchanged
 * against both adapters — a real SQLite history.db and a real PostgreSQL team ledger — with the same
 * answers: a page stored twice keeps one row per invoice with its changes recorded and its lines replaced;
 * runs through their states; the input ledger's pages, totals, detail, candidates, window and period sums;
 * certification outcomes onto the enterprise's invoices only; a transaction that throws leaving nothing.
 * Then, on PostgreSQL, two desks storing the same page at the same moment: nothing doubled.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CollectedInvoice, CollectedLine, StoredPage } from '../../../main/features/collection/store.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { ledgerDatabases, postgresFixture, type LedgerFixture } from './adapters.js';

const ENT = '91330100MA2B3C4D5E';
const OTHER = '91440300MA5F6G7H8J';
const PCH = 'A'.repeat(32);
const T0 = '2026-11-27T01:00:00.000Z';
const T1 = '2026-11-27T01:05:00.000Z';
const T2 = '2026-11-27T02:10:00.000Z';

const line = (XH: number, over: Partial<CollectedLine> = {}): CollectedLine => ({
  XH,
  SPMC: '办公用品',
  SPBM: '1060101010000000000',
  GGXH: null,
  DW: '个',
  SPSL: '2',
  DJ: '50.00',
  JE: '100.00',
  SL: '0.13',
  SE: '13.00',
  ...over,
});

const invoice = (n: number, over: Partial<CollectedInvoice> = {}): CollectedInvoice => ({
  FPLXDM: '01',
  FPDM: '3300231130',
  FPHM: String(10_000_000 + n),
  KPRQ: `202611${String(n).padStart(2, '0')}`,
  DQSKSSQ: '202611',
  GXJZR: '20261215',
  GXRQQ: '20170101',
  GXRQZ: '20261130',
  GMFMC: '本公司',
  GMFSBH: ENT,
  XHFMC: `供应商${n}`,
  XHFSBH: `9111000000000000${n}X`,
  HJJE: '100.00',
  SE: '13.00',
  JSHJ: '113.00',
  BZ: null,
  FPZT: '0',
  RZZT: '0',
  RZRQ: null,
  RZSQ: null,
  RZLX: null,
  GLZT: '0',
  YXSE: null,
  lines: [line(1)],
  recordJson: JSON.stringify({ n }),
  ...over,
});

async function startRun(ledger: Ledger, over: { enterprise?: string; kind?: '01' | '03' | 'main'; pch?: string; cjjsrq?: string } = {}): Promise<number> {
  return ledger.collection.createRun('sandbox', { enterprise: ENT, kind: '01', pch: PCH, cjksrq: '20170101000000', cjjsrq: '20261127235959', ...over }, T0);
}

const pageOf = (runId: number, records: CollectedInvoice[], over: Partial<StoredPage> = {}): StoredPage => ({
  runId,
  PCH,
  enterprise: ENT,
  records,
  totalRows: 3,
  nextKshs: records.length + 1,
  complete: false,
  at: T1,
  ...over,
});

const store = (ledger: Ledger, page: StoredPage) => ledger.transaction((tx) => tx.collection.storePage('sandbox', page));

describe.each(ledgerDatabases())('the collection store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('keeps one row per invoice when a page is stored twice, records each change and replaces lines only when given', async () => {
    const ledger = await fixture.open();
    const runId = await startRun(ledger);
    expect(await store(ledger, pageOf(runId, [invoice(1), invoice(2), invoice(3)]))).toEqual({ fresh: 3, updated: 0 });
    const again = [
      // Main information: no lines (the held ones stay) and no seller name (the held one stays).
      invoice(1, { lines: null, XHFMC: null }),
      invoice(2, { RZZT: '1', RZRQ: '20261120', RZSQ: '202611', RZLX: '1', YXSE: '13.00' }),
      invoice(3, { lines: [line(1, { SPMC: '纸张' }), line(2, { SPMC: '墨盒', JE: '200.00', SE: '26.00' })] }),
    ];
    expect(await store(ledger, pageOf(runId, again, { at: T2, nextKshs: 4, complete: true }))).toEqual({ fresh: 0, updated: 3 });

    const { rows, next } = await ledger.collection.page('sandbox', ENT, {}, undefined, 10);
    expect(next).toBeNull();
    expect(rows.map((row) => [row.FPHM, row.XHFMC, row.RZZT, row.YXSE, row.lineCount, row.changeCount])).toEqual([
      ['10000003', '供应商3', '0', null, 2, 0],
      ['10000002', '供应商2', '1', '13.00', 1, 5],
      ['10000001', '供应商1', '0', null, 1, 0],
    ]);
    const [third, second] = rows;
    expect((await ledger.collection.detail('sandbox', ENT, second!.id)).changes).toEqual([
      { field: 'RZZT', oldValue: '0', newValue: '1', source: PCH, changedAt: T2 },
      { field: 'RZRQ', oldValue: null, newValue: '20261120', source: PCH, changedAt: T2 },
      { field: 'RZSQ', oldValue: null, newValue: '202611', source: PCH, changedAt: T2 },
      { field: 'RZLX', oldValue: null, newValue: '1', source: PCH, changedAt: T2 },
      { field: 'YXSE', oldValue: null, newValue: '13.00', source: PCH, changedAt: T2 },
    ]);
    expect((await ledger.collection.detail('sandbox', ENT, third!.id)).lines).toEqual([
      { XH: 1, SPMC: '纸张', GGXH: null, DW: '个', SPSL: '2', DJ: '50.00', JE: '100.00', SL: '0.13', SE: '13.00' },
      { XH: 2, SPMC: '墨盒', GGXH: null, DW: '个', SPSL: '2', DJ: '50.00', JE: '200.00', SL: '0.13', SE: '26.00' },
    ]);
    // The run moved on with each page: next KSHS, rows received, closing once complete.
    expect(await ledger.collection.run('sandbox', runId)).toMatchObject({ next_kshs: 4, total_rows: 3, rows_received: 6, status: 'closing', error: null, updated_at: T2 });
  });

  it('takes runs through their states, apart per environment and enterprise', async () => {
    const ledger = await fixture.open();
    const first = await startRun(ledger, { pch: 'B'.repeat(32) });
    const second = await startRun(ledger, { pch: 'C'.repeat(32), kind: '03', cjjsrq: '20261120235959' });
    const third = await startRun(ledger, { pch: 'D'.repeat(32), kind: 'main' });
    const elsewhere = await startRun(ledger, { pch: 'E'.repeat(32), enterprise: OTHER });
    expect(await ledger.collection.run('sandbox', first)).toEqual({
      id: first,
      environment: 'sandbox',
      enterprise: ENT,
      kind: '01',
      pch: 'B'.repeat(32),
      cjksrq: '20170101000000',
      cjjsrq: '20261127235959',
      next_kshs: 1,
      total_rows: null,
      rows_received: 0,
      status: 'running',
      error: null,
      created_at: T0,
      updated_at: T0,
    });
    await ledger.collection.noteRunError(first, '{"key":"errors.service.unreachable"}', T1);
    await ledger.collection.finishRun(second, 'done', null, T1);
    await ledger.collection.finishRun(third, 'failed', '{"key":"errors.internalDetail"}', T2);
    expect(await ledger.collection.run('sandbox', first)).toMatchObject({ status: 'running', error: '{"key":"errors.service.unreachable"}', updated_at: T1 });
    expect(await ledger.collection.run('sandbox', third)).toMatchObject({ status: 'failed', error: '{"key":"errors.internalDetail"}', updated_at: T2 });
    expect((await ledger.collection.unfinishedRuns('sandbox')).map((run) => run.id)).toEqual([first, elsewhere]);
    expect(await ledger.collection.unfinishedRuns('remote')).toEqual([]);
    expect(await ledger.collection.run('remote', first)).toBeNull();
    expect(await ledger.collection.lastDoneEnd('sandbox', ENT, '03')).toBe('20261120235959');
    expect(await ledger.collection.lastDoneEnd('sandbox', ENT, '01')).toBeNull();
    expect(await ledger.collection.lastDoneEnd('sandbox', OTHER, '03')).toBeNull();
    expect((await ledger.collection.recentRuns('sandbox', ENT, 2)).map((run) => run.id)).toEqual([third, second]);
  });

  it('answers the input ledger: keyset pages, filters, totals, candidates, the window and the period sums', async () => {
    const ledger = await fixture.open();
    const runId = await startRun(ledger);
    await store(
      ledger,
      pageOf(runId, [
        invoice(1, { HJJE: '100.00', SE: '13.00' }),
        invoice(2, { HJJE: '200.50', SE: '26.07', RZZT: '1', RZSQ: '202610', YXSE: '26.07', FPLXDM: '14' }),
        invoice(3, { HJJE: '300.00', SE: '39.00', XHFMC: '星河贸易' }),
        invoice(4, { KPRQ: null, HJJE: '400.00', SE: '52.00', DQSKSSQ: '202612', GXJZR: '20270115' }),
        invoice(5, { HJJE: '-50.00', SE: '-6.50', FPZT: '3' }),
      ]),
    );
    const other = await startRun(ledger, { pch: 'F'.repeat(32), enterprise: OTHER });
    await store(ledger, { ...pageOf(other, [invoice(6, { FPDM: '4400231130', GMFSBH: OTHER })]), PCH: 'F'.repeat(32), enterprise: OTHER });

    // Newest issue date first, undated last; each page's cursor the next one's start.
    const walked: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await ledger.collection.page('sandbox', ENT, {}, cursor, 2);
      walked.push(page.rows.map((row) => row.FPHM));
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
    expect(walked).toEqual([['10000005', '10000003'], ['10000002', '10000001'], ['10000004']]);
    expect((await ledger.collection.all('sandbox', ENT, {}, 10)).map((row) => row.FPHM)).toEqual(['10000005', '10000003', '10000002', '10000001', '10000004']);

    expect(await ledger.collection.totals('sandbox', ENT, {})).toEqual({ count: 5, amount: '950.50', tax: '123.57', validTax: '26.07' });
    expect(await ledger.collection.totals('sandbox', ENT, { period: '202611', RZZT: '0' })).toEqual({ count: 3, amount: '350.00', tax: '45.50', validTax: '0.00' });
    const ids = async (filter: Parameters<Ledger['collection']['all']>[2]) => (await ledger.collection.all('sandbox', ENT, filter, 10)).map((row) => row.FPHM);
    expect(await ids({ seller: '星河' })).toEqual(['10000003']);
    expect(await ids({ amountMin: '200', amountMax: '400' })).toEqual(['10000003', '10000002', '10000004']);
    expect(await ids({ FPLXDM: '14' })).toEqual(['10000002']);
    expect(await ids({ FPZT: '3' })).toEqual(['10000005']);

    const all = await ledger.collection.all('sandbox', ENT, {}, 10);
    const otherId = (await ledger.collection.all('sandbox', OTHER, {}, 10))[0]!.id;
    const candidates = await ledger.collection.candidates('sandbox', ENT, [all[2]!.id, otherId, all[0]!.id]);
    expect(candidates.map((c) => [c.fphm, c.se, c.rzzt, c.gxjzr]).sort()).toEqual([
      ['10000002', '26.07', '1', '20261215'],
      ['10000005', '-6.50', '0', '20261215'],
    ]);
    expect(await ledger.collection.candidates('sandbox', ENT, [])).toEqual([]);
    expect(await ledger.collection.currentWindow('sandbox', ENT)).toEqual({ DQSKSSQ: '202612', GXJZR: '20270115' });
    expect(await ledger.collection.currentWindow('remote', ENT)).toBeNull();

    const sums = await ledger.collection.periodSums('sandbox', ENT, { months: ['202610', '202611'], from: '2026-10-01', to: '2026-11-30' });
    expect(sums.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: '01', count: 3, amountFen: 35_000, taxFen: 4_550, certified: 0, certifiedAmountFen: 0, certifiedTaxFen: 0, certifiedValidTaxFen: 0 },
      { kind: '14', count: 1, amountFen: 20_050, taxFen: 2_607, certified: 1, certifiedAmountFen: 20_050, certifiedTaxFen: 2_607, certifiedValidTaxFen: 2_607 },
    ]);
    expect(await ledger.collection.certifiedByMonth('sandbox', ENT, '202601', '202612')).toEqual([{ month: '202610', validTaxFen: 2_607 }]);
    expect((await ledger.collection.detail('sandbox', OTHER, all[0]!.id)).lines).toEqual([]);
  });

  it('sums the input of a period as two figures: invoices issued in its days, and those certified for its months', async () => {
    const ledger = await fixture.open();
    const runId = await startRun(ledger);
    const certifiedFor = (RZSQ: string, YXSE: string) => ({ RZZT: '1', RZRQ: `${RZSQ}20`, RZSQ, RZLX: '1', YXSE });
    await store(
      ledger,
      pageOf(runId, [
        invoice(1, { KPRQ: '20261101', HJJE: '100.00', SE: '13.00' }),
        // The period's last day is in it; the next month's first day is not.
        invoice(2, { KPRQ: '20261130', HJJE: '10.01', SE: '1.30' }),
        invoice(3, { KPRQ: '20261201', HJJE: '7.00', SE: '0.91', DQSKSSQ: '202612' }),
        // Left to certify from a year before: in the selection pool of 202611, but not issued in it.
        invoice(4, { KPRQ: '20251015', HJJE: '999.00', SE: '129.87' }),
        // Issued before the period, certified for it: certified only.
        invoice(5, { FPLXDM: '08', KPRQ: '20260915', HJJE: '50.00', SE: '6.50', ...certifiedFor('202611', '5.00') }),
        // Issued in it and certified for it: both.
        invoice(6, { FPLXDM: '31', FPDM: '', FPHM: '26312000000000000006', KPRQ: '20261115', HJJE: '200.00', SE: '26.00', ...certifiedFor('202611', '26.00') }),
        // Issued and certified the month before.
        invoice(7, { FPLXDM: '14', KPRQ: '20261020', HJJE: '20.00', SE: '2.60', ...certifiedFor('202610', '2.60') }),
        // A red (negative) invoice issued in it.
        invoice(8, { FPLXDM: '03', KPRQ: '20261105', HJJE: '-30.00', SE: '-3.90', FPZT: '3' }),
      ]),
    );
    const other = await startRun(ledger, { pch: 'F'.repeat(32), enterprise: OTHER });
    await store(ledger, { ...pageOf(other, [invoice(9, { FPDM: '4400231130', GMFSBH: OTHER, KPRQ: '20261110', ...certifiedFor('202611', '13.00') })]), PCH: 'F'.repeat(32), enterprise: OTHER });

    const zero = { count: 0, amountFen: 0, taxFen: 0 };
    const none = { certified: 0, certifiedAmountFen: 0, certifiedTaxFen: 0, certifiedValidTaxFen: 0 };
    expect(await ledger.collection.periodSums('sandbox', ENT, { months: ['202611'], from: '2026-11-01', to: '2026-11-30' })).toEqual([
      { kind: '01', count: 2, amountFen: 11_001, taxFen: 1_430, ...none },
      { kind: '03', count: 1, amountFen: -3_000, taxFen: -390, ...none },
      { kind: '08', ...zero, certified: 1, certifiedAmountFen: 5_000, certifiedTaxFen: 650, certifiedValidTaxFen: 500 },
      { kind: '31', count: 1, amountFen: 20_000, taxFen: 2_600, certified: 1, certifiedAmountFen: 20_000, certifiedTaxFen: 2_600, certifiedValidTaxFen: 2_600 },
    ]);
    expect(await ledger.collection.periodSums('sandbox', ENT, { months: ['202610', '202611', '202612'], from: '2026-10-01', to: '2026-12-31' })).toEqual([
      { kind: '01', count: 3, amountFen: 11_701, taxFen: 1_521, ...none },
      { kind: '03', count: 1, amountFen: -3_000, taxFen: -390, ...none },
      { kind: '08', ...zero, certified: 1, certifiedAmountFen: 5_000, certifiedTaxFen: 650, certifiedValidTaxFen: 500 },
      { kind: '14', count: 1, amountFen: 2_000, taxFen: 260, certified: 1, certifiedAmountFen: 2_000, certifiedTaxFen: 260, certifiedValidTaxFen: 260 },
      { kind: '31', count: 1, amountFen: 20_000, taxFen: 2_600, certified: 1, certifiedAmountFen: 20_000, certifiedTaxFen: 2_600, certifiedValidTaxFen: 2_600 },
    ]);
    expect(await ledger.collection.periodSums('sandbox', ENT, { months: ['202609'], from: '2026-09-01', to: '2026-09-30' })).toEqual([{ kind: '08', count: 1, amountFen: 5_000, taxFen: 650, ...none }]);
    expect(await ledger.collection.periodSums('remote', ENT, { months: ['202611'], from: '2026-11-01', to: '2026-11-30' })).toEqual([]);
  });

  it('writes certification outcomes onto the enterprise’s own invoices only, keeping each change once', async () => {
    const ledger = await fixture.open();
    const runId = await startRun(ledger);
    await store(ledger, pageOf(runId, [invoice(1), invoice(2)]));
    const other = await startRun(ledger, { pch: 'F'.repeat(32), enterprise: OTHER });
    await store(ledger, { ...pageOf(other, [invoice(3)]), PCH: 'F'.repeat(32), enterprise: OTHER });
    const outcome = { RZZT: '1', RZRQ: '20261125', RZSQ: '202611', YXSE: '13.00' };
    const changed = await ledger.transaction((tx) =>
      tx.collection.updateStatus('sandbox', ENT, [
        { FPDM: '3300231130', FPHM: '10000001', ...outcome },
        { FPDM: '3300231130', FPHM: '10000002', RZZT: '0' },
        { FPDM: '3300231130', FPHM: '10000003', ...outcome },
        { FPDM: '3300231130', FPHM: '99999999', ...outcome },
      ], 'certification X', T2),
    );
    const rows = await ledger.collection.all('sandbox', ENT, {}, 10);
    const first = rows.find((row) => row.FPHM === '10000001')!;
    expect(changed).toEqual([first.id]);
    expect(first).toMatchObject({ RZZT: '1', RZRQ: '20261125', RZSQ: '202611', YXSE: '13.00', changeCount: 4 });
    expect((await ledger.collection.detail('sandbox', ENT, first.id)).changes.map((c) => [c.field, c.oldValue, c.newValue, c.source])).toEqual([
      ['RZZT', '0', '1', 'certification X'],
      ['RZRQ', null, '20261125', 'certification X'],
      ['RZSQ', null, '202611', 'certification X'],
      ['YXSE', null, '13.00', 'certification X'],
    ]);
    // Another enterprise's invoice of that number is left as it was, with no change kept.
    expect((await ledger.collection.all('sandbox', OTHER, {}, 10))[0]).toMatchObject({ RZZT: '0', changeCount: 0 });
    // The same outcome again changes nothing.
    expect(await ledger.transaction((tx) => tx.collection.updateStatus('sandbox', ENT, [{ FPDM: '3300231130', FPHM: '10000001', ...outcome }], 'again', T2))).toEqual([]);
  });

  it('keeps nothing of a page whose transaction throws', async () => {
    const ledger = await fixture.open();
    const runId = await startRun(ledger);
    await expect(
      ledger.transaction(async (tx) => {
        await tx.collection.storePage('sandbox', pageOf(runId, [invoice(1), invoice(2)]));
        throw new Error('the page could not be kept');
      }),
    ).rejects.toThrow('the page could not be kept');
    expect(await ledger.collection.totals('sandbox', ENT, {})).toEqual({ count: 0, amount: '0.00', tax: '0.00', validTax: '0.00' });
    expect(await ledger.collection.run('sandbox', runId)).toMatchObject({ next_kshs: 1, rows_received: 0, status: 'running' });
  });
});

describe('two desks collecting the same period at once on PostgreSQL', () => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await postgresFixture();
  });
  afterAll(() => fixture.close());

  it('doubles nothing: one row per invoice, its lines once, each desk’s run moved on', async () => {
    const [one, two] = [await fixture.open({ desk: 'desk-a' }), await fixture.open({ desk: 'desk-b' })];
    const runOne = await startRun(one, { pch: 'G'.repeat(32) });
    const runTwo = await startRun(two, { pch: 'H'.repeat(32) });
    const records = Array.from({ length: 200 }, (_, n) => invoice(n + 1, { KPRQ: '20261105', lines: [line(1), line(2), line(3), line(4), line(5)] }));
    // The desks' pages overlap in the other order too: the same keys, locked in one order by both.
    const results = await Promise.all([
      store(one, pageOf(runOne, records, { PCH: 'G'.repeat(32), totalRows: 200 })),
      store(two, pageOf(runTwo, [...records].reverse(), { PCH: 'H'.repeat(32), totalRows: 200 })),
    ]);
    expect(results[0]!.fresh + results[1]!.fresh).toBe(200);
    expect(results[0]!.updated + results[1]!.updated).toBe(200);
    const totals = await one.collection.totals('sandbox', ENT, {});
    expect(totals).toEqual({ count: 200, amount: '20000.00', tax: '2600.00', validTax: '0.00' });
    const rows = await two.collection.all('sandbox', ENT, {}, 500);
    expect(new Set(rows.map((row) => row.FPHM)).size).toBe(200);
    expect(rows.every((row) => row.lineCount === 5 && row.changeCount === 0)).toBe(true);
    expect(await one.collection.run('sandbox', runOne)).toMatchObject({ rows_received: 200, next_kshs: 201 });
    expect(await two.collection.run('sandbox', runTwo)).toMatchObject({ rows_received: 200, next_kshs: 201 });
  });
});
