/**
 * The test-only control API's routes for the other components' tests (docs/sandbox.md › Control API):
 * voiding an issued paper invoice makes the print endpoint answer fpzt 03/04 (voided issued positive /
 * negative) or 02 (voided, never issued); a red invoice in a certification batch is that item's SBYY 10,
 * not a malformed batch; every SBYY of the spec's table can be forced for an invoice; received invoices
 * can be added in bulk or change status, and the collection and certification batches a buyer sent can be
 * read back (exactly-once checks); and the control API refuses bad input by name and is absent unless asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATION_BATCHES_CONTROL_PATH,
  CERTIFICATION_OUTCOME_CONTROL_PATH,
  COLLECTION_BATCHES_CONTROL_PATH,
  DEMO_ENTERPRISE,
  RECEIVED_BULK_CONTROL_PATH,
  RECEIVED_CONTROL_PATH,
  RECEIVED_STATUS_CONTROL_PATH,
  VOID_CONTROL_PATH,
  type ReceivedInvoice,
} from '../../../sandbox/index.js';
import { FAILURE_REASON_CODES } from '../../../shared/spec/codes-input.js';
import { PrintResponse } from '../../../shared/spec/print.js';
import { APPLY, BUYER, COLLECT, RESULT, pch, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';
import { PRINT, blueRequest, issue, redRequest, type IssuedRecord } from '../../support/output-sandbox.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

async function control(baseUrl: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('control API: void (print states)', () => {
  let box: TestSandbox;
  beforeAll(async () => {
    box = await startTestSandbox({ issueDelayMs: 0, controlApi: true });
  });
  afterAll(() => box.close());

  const fpzt = async (record: IssuedRecord) => {
    const answer = await box.call(PRINT, { fpdm: record.fpdm ?? '', fphm: record.fphm, dylx: '0', kpzdbs: 'kpzd-01', fplxdm: record.fplxdm, xhdwsbh: DEMO_ENTERPRISE.taxNumber });
    return PrintResponse.parse(answer.body).data.fpzt;
  };
  const voidIt = (record: IssuedRecord, zflx?: '0' | '1') =>
    control(box.sandbox.baseUrl, VOID_CONTROL_PATH, { fplxdm: record.fplxdm, fpdm: record.fpdm, fphm: record.fphm, ...(zflx ? { zflx } : {}) });

  it('voided after issuing: a positive invoice prints as fpzt 03, a negative one as 04', async () => {
    const blue = blueRequest('004', { kpzdbs: 'kpzd-01' });
    const record = await issue(box, blue);
    expect(await fpzt(record)).toBe('00');
    expect(await voidIt(record)).toMatchObject({ status: 200, body: { fpzt: '03', invoice: { fphm: record.fphm, zflx: '1' } } });
    expect(await fpzt(record)).toBe('03');

    const blue7 = blueRequest('007');
    const red = await issue(box, redRequest(blue7, await issue(box, blue7)));
    expect(await fpzt(red)).toBe('01');
    expect((await voidIt(red)).body.fpzt).toBe('04');
    expect(await fpzt(red)).toBe('04');
  });

  it('voided, never issued (zflx 0): fpzt 02', async () => {
    const record = await issue(box, blueRequest('007'));
    expect((await voidIt(record, '0')).body.fpzt).toBe('02');
    expect(await fpzt(record)).toBe('02');
  });

  it('names what is wrong: an unknown invoice is 404, a bad number 400', async () => {
    expect((await control(box.sandbox.baseUrl, VOID_CONTROL_PATH, { fplxdm: '004', fpdm: '3100000000', fphm: '99999999' })).status).toBe(404);
    const bad = await control(box.sandbox.baseUrl, VOID_CONTROL_PATH, { fplxdm: '004', fphm: 'x' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toContain('fphm');
  });
});

describe('control API: certification outcomes', () => {
  let sandbox: InputSandbox;
  let invoices: ReceivedInvoice[];
  const STEP_MS = 1000;
  const PERIOD = '202503';

  beforeAll(async () => {
    sandbox = await startInputSandbox({ seedInvoicesPerBuyer: 1000, issueDelayMs: STEP_MS, controlApi: true });
    invoices = ((await control(sandbox.sandbox.baseUrl, `${RECEIVED_CONTROL_PATH}?buyer=${BUYER}`)).body.invoices as ReceivedInvoice[]).filter(
      (invoice) => invoice.fplxdm === '01' || invoice.fplxdm === '08',
    );
  });
  afterAll(() => sandbox.close());

  const used = new Set<string>();
  function pick(predicate: (invoice: ReceivedInvoice) => boolean): ReceivedInvoice {
    const found = invoices.find((invoice) => !used.has(invoice.fphm) && predicate(invoice));
    if (!found) throw new Error('the seeded data has no such invoice');
    used.add(found.fphm);
    return found;
  }
  const certifiable = (invoice: ReceivedInvoice) =>
    invoice.fpzt === '0' && invoice.glzt === '0' && invoice.rzzt === '0' && !invoice.hjje.startsWith('-') && invoice.kprq >= '20240320';
  const item = (invoice: ReceivedInvoice, yxse?: string) => ({
    FPDM: invoice.fpdm,
    FPHM: invoice.fphm,
    GMFSBH: BUYER,
    SQRZLX: '1',
    FPLXDM: invoice.fplxdm,
    SQSKSSQ: PERIOD,
    ...(yxse === undefined ? {} : { YXSE: yxse }),
  });

  async function processed(label: string, items: Record<string, unknown>[]) {
    const applied = await sandbox.post(APPLY, { GMFSBH: BUYER, PCH: pch(label), FHHS: items.length, FPZHXX: items });
    expect(applied.body, applied.text).toMatchObject({ ZTDM: '0000' });
    sandbox.clock.advance(2 * STEP_MS);
    const result = await sandbox.post(RESULT, { PCH: pch(label) });
    return (result.body as { FPZHXX: Record<string, string>[] }).FPZHXX;
  }

  it('a red invoice with its negative tax as YXSE ends RZCLZT 5, SBYY 10; the rest of the batch is certified', async () => {
    const red = pick((invoice) => invoice.hjje.startsWith('-') && invoice.fpzt === '0');
    const [a, b] = [pick(certifiable), pick(certifiable)];
    expect(red.se.startsWith('-')).toBe(true);
    const elements = await processed('control-red-in-batch', [item(a), item(red, red.se), item(b)]);
    expect(elements.map((element) => [element.FPHM, element.RZCLZT, element.SBYY ?? ''])).toEqual([
      [a.fphm, '4', ''],
      [red.fphm, '5', '10'],
      [b.fphm, '4', ''],
    ]);
  });

  it('a negative YXSE on an ordinary invoice is SBYY 15 (valid tax abnormal)', async () => {
    const [element] = await processed('control-negative-yxse', [item(pick(certifiable), '-1.00')]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '15' });
  });

  it('every SBYY of the table can be forced for an invoice, and clearing it certifies normally again', async () => {
    const chosen = FAILURE_REASON_CODES.map((sbyy) => ({ sbyy, invoice: pick(certifiable) }));
    for (const { sbyy, invoice } of chosen) {
      const forced = await control(sandbox.sandbox.baseUrl, CERTIFICATION_OUTCOME_CONTROL_PATH, { FPDM: invoice.fpdm, FPHM: invoice.fphm, SBYY: sbyy });
      expect(forced.status).toBe(200);
    }
    expect(((await control(sandbox.sandbox.baseUrl, CERTIFICATION_OUTCOME_CONTROL_PATH)).body.forced as unknown[]).length).toBe(chosen.length);
    const elements = await processed('control-every-sbyy', chosen.map(({ invoice }) => item(invoice)));
    expect(elements.map((element) => [element.RZCLZT, element.SBYY])).toEqual(chosen.map(({ sbyy }) => ['5', sbyy]));

    const again = chosen[1]!.invoice;
    await control(sandbox.sandbox.baseUrl, CERTIFICATION_OUTCOME_CONTROL_PATH, { FPDM: again.fpdm, FPHM: again.fphm, SBYY: null });
    const [element] = await processed('control-cleared', [item(again)]);
    expect(element).toMatchObject({ RZCLZT: '4', RZZT: '1' });
  });

  it('refuses an SBYY outside the table by name', async () => {
    const answer = await control(sandbox.sandbox.baseUrl, CERTIFICATION_OUTCOME_CONTROL_PATH, { FPDM: '1100000000', FPHM: '00000001', SBYY: '99' });
    expect(answer.status).toBe(400);
    expect(String(answer.body.error)).toContain('SBYY');
  });
});

describe('control API: received invoices and the batches a buyer sent', () => {
  let sandbox: InputSandbox;
  beforeAll(async () => {
    sandbox = await startInputSandbox({ seedInvoicesPerBuyer: 50, issueDelayMs: 1000, controlApi: true });
  });
  afterAll(() => sandbox.close());
  const received = async () => (await control(sandbox.sandbox.baseUrl, `${RECEIVED_CONTROL_PATH}?buyer=${BUYER}`)).body.invoices as ReceivedInvoice[];

  it('adds alike invoices in bulk (an invoice already held is skipped) and changes a status', async () => {
    const before = (await received()).length;
    const bulk = { buyer: BUYER, buyerName: DEMO_ENTERPRISE.name, count: 3, lines: 2, first: 90_000_000 };
    expect(await control(sandbox.sandbox.baseUrl, RECEIVED_BULK_CONTROL_PATH, bulk)).toEqual({ status: 200, body: { added: 3 } });
    expect((await control(sandbox.sandbox.baseUrl, RECEIVED_BULK_CONTROL_PATH, bulk)).body).toEqual({ added: 0 });
    const all = await received();
    expect(all).toHaveLength(before + 3);
    const made = all.find((invoice) => invoice.fphm === '90000001')!;
    expect(made).toMatchObject({ fplxdm: '01', hjje: '200.00', se: '26.00', fpzt: '0', rzzt: '0' });
    expect(made.lines).toHaveLength(2);

    const change = { FPDM: made.fpdm, FPHM: made.fphm, FPZT: '2', collectedAt: '20250315100000' };
    expect((await control(sandbox.sandbox.baseUrl, RECEIVED_STATUS_CONTROL_PATH, change)).status).toBe(200);
    expect((await received()).find((invoice) => invoice.fphm === made.fphm)).toMatchObject({ fpzt: '2', collectedAt: '20250315100000' });
    expect((await control(sandbox.sandbox.baseUrl, RECEIVED_STATUS_CONTROL_PATH, { ...change, FPHM: '99999999' })).status).toBe(404);
    const bad = await control(sandbox.sandbox.baseUrl, RECEIVED_STATUS_CONTROL_PATH, { ...change, FPZT: '7' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toContain('FPZT');
  });

  it('reads back the collection and certification batches of a buyer', async () => {
    const collected = await sandbox.post(COLLECT, { GMFSBH: BUYER, PCH: pch('control-collect'), CJKSRQ: '20170101000000', CJJSRQ: '20250315100000', KSHS: 1, ZTBZ: '1', FPLXDM: '01' });
    expect(collected.body, collected.text).toMatchObject({ ZTDM: '0000' });
    const { batches } = (await control(sandbox.sandbox.baseUrl, `${COLLECTION_BATCHES_CONTROL_PATH}?buyer=${BUYER}`)).body as { batches: Array<Record<string, unknown>> };
    expect(batches).toEqual([expect.objectContaining({ PCH: pch('control-collect'), endpoint: 'invoice', kind: '01', ZHS: (collected.body as { ZHS: number }).ZHS, endedKSHS: null })]);

    const invoice = (await received()).find((one) => one.fplxdm === '01' && one.fpzt === '0' && one.rzzt === '0')!;
    const item = { FPDM: invoice.fpdm, FPHM: invoice.fphm, GMFSBH: BUYER, SQRZLX: '1', FPLXDM: '01', SQSKSSQ: '202503' };
    expect((await sandbox.post(APPLY, { GMFSBH: BUYER, PCH: pch('control-cert'), FHHS: 1, FPZHXX: [item] })).body).toMatchObject({ ZTDM: '0000' });
    const certifications = (await control(sandbox.sandbox.baseUrl, `${CERTIFICATION_BATCHES_CONTROL_PATH}?buyer=${BUYER}`)).body;
    expect(certifications).toEqual({
      batches: [{ PCH: pch('control-cert'), settled: false, items: [{ FPDM: invoice.fpdm, FPHM: invoice.fphm, SQRZLX: '1', YXSE: null, RZCLZT: null, SBYY: null }] }],
    });
    expect((await control(sandbox.sandbox.baseUrl, `${CERTIFICATION_BATCHES_CONTROL_PATH}?buyer=x`)).status).toBe(400);
  });
});

describe('control API availability', () => {
  it('is absent (404 like any unknown path) unless the sandbox was started with it', async () => {
    const box = await startTestSandbox({ issueDelayMs: 0 });
    try {
      const answer = await fetch(`${box.sandbox.baseUrl}${VOID_CONTROL_PATH}`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(404);
    } finally {
      await box.close();
    }
  });
});
