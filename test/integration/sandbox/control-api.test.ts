/**
 * The test-only control API's routes for the other components' tests (docs/sandbox.md › Control API):
 * voiding an issued paper invoice makes the print endpoint answer fpzt 03/04 (voided issued positive /
 * negative) or 02 (voided, never issued); a red invoice in a certification batch is that item's SBYY 10,
 * not a malformed batch; every SBYY of the spec's table can be forced for an invoice; and the control API
 * refuses bad input by name and is absent unless asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATION_OUTCOME_CONTROL_PATH, DEMO_ENTERPRISE, RECEIVED_CONTROL_PATH, VOID_CONTROL_PATH, type ReceivedInvoice } from '../../../sandbox/index.js';
import { FAILURE_REASON_CODES } from '../../../shared/spec/codes-input.js';
import { PrintResponse } from '../../../shared/spec/print.js';
import { APPLY, BUYER, RESULT, pch, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';
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
