/**
 * The output endpoints of the service client against the real sandbox over HTTP: issue, red-letter
 * application and query, print. Each has its success and a definite refusal, checked for its code and
 * the spec's meaning of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api/client.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { IssuanceRequest, IssuedInvoiceRecord } from '../../../shared/spec/issuance.js';
import { application, blueRequest, type IssuedRecord } from '../../support/output-sandbox.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';
import { clientFor, refusalOf } from './client-support.js';

/** A tax number the demo AppKey is not authorised for. */
const FOREIGN_SELLER = '91110000000000000X';
const AUTHORISATION_MEANING = 'confirm that the address and the tax number are authorised';

let box: TestSandbox;
let client: ServiceClient;

beforeAll(async () => {
  // Issue delay 0: the second submission of an lsh issues, and the first query approves a form.
  box = await startTestSandbox({ issueDelayMs: 0, credentials: [DEMO_CREDENTIALS] });
  client = clientFor(box.sandbox.baseUrl);
});
afterAll(() => box.close());

async function issued(request: IssuanceRequest): Promise<IssuedInvoiceRecord> {
  expect((await client.issueInvoice(request)).kind).toBe('pending');
  const outcome = await client.issueInvoice(request);
  if (outcome.kind !== 'issued' || !outcome.records[0]) throw new Error(`not issued: ${JSON.stringify(outcome)}`);
  return outcome.records[0];
}

/** The record as the output-sandbox helpers type it (jshj a number; no nulls). */
const asHelperRecord = (record: IssuedInvoiceRecord): IssuedRecord => ({
  fplxdm: record.fplxdm,
  fphm: record.fphm,
  kprq: record.kprq,
  lsh: record.lsh ?? '',
  kplx: record.kplx ?? '0',
  jshj: Number(record.jshj),
  ...(record.fpdm ? { fpdm: record.fpdm } : {}),
});

describe('issueInvoice', () => {
  it('issues a paper special invoice on the second submission of the same lsh', async () => {
    const record = await issued(blueRequest('004', { kpzdbs: 'kpzd-01' }));
    expect(record).toMatchObject({ fplxdm: '004', kplx: '0', jshj: '226.00' });
    expect(record.fpdm).toMatch(/^\d{10,12}$/);
  });

  it('refusal: a seller not authorised for the AppKey is 2012 with its meaning', async () => {
    const refusal = await refusalOf(client.issueInvoice(blueRequest('82', { xhdwsbh: FOREIGN_SELLER })));
    expect(refusal).toMatchObject({ envelope: 'E1', code: '2012', meaning: AUTHORISATION_MEANING, httpStatus: 200 });
  });
});

describe('applyRedLetter and queryRedLetter', () => {
  it('applies for a form for a digital-electronic invoice, then reads the approved form with all=1', async () => {
    const record = asHelperRecord(await issued(blueRequest('81')));
    const request = application(record);
    const applied = await client.applyRedLetter(request);
    expect(applied).toMatchObject({ kind: 'accepted', sqdh: undefined });
    expect(applied.message).toBeTruthy();

    const outcome = await client.queryRedLetter({ lsh: request.lsh, xhdwsbh: DEMO_ENTERPRISE.taxNumber, all: '1' });
    expect(outcome.kind).toBe('approved');
    if (outcome.kind !== 'approved') return;
    expect(outcome.form.xxbbh).toMatch(/^\d{16}$/);
    expect(outcome.form.xxbid).toMatch(/^[0-9a-f]{32}$/);
    expect(outcome.form.hzxxb).toMatchObject({ fplxdm: '81', kplx: '1', yfphm: record.fphm });
  });

  it('reports a form still being processed as pending, then approved (without hzxxb for all=0)', async () => {
    // A hand-moved clock shared by the sandbox and the signer, so the issue delay passes without sleeping.
    let clock = Date.now();
    const slow = await startTestSandbox({ issueDelayMs: 1_000, now: () => new Date(clock) });
    try {
      const slowClient = clientFor(slow.sandbox.baseUrl, { credential: { ...DEMO_CREDENTIALS, now: () => clock } });
      const blue = blueRequest('81');
      expect((await slowClient.issueInvoice(blue)).kind).toBe('pending');
      clock += 2_000;
      const outcome = await slowClient.issueInvoice(blue);
      if (outcome.kind !== 'issued' || !outcome.records[0]) throw new Error('not issued');
      const request = application(asHelperRecord(outcome.records[0]));
      await slowClient.applyRedLetter(request);
      const query = { lsh: request.lsh, xhdwsbh: DEMO_ENTERPRISE.taxNumber, all: '0' } as const;
      expect(await slowClient.queryRedLetter(query)).toMatchObject({ kind: 'pending' });
      clock += 2_000;
      const approved = await slowClient.queryRedLetter(query);
      expect(approved.kind).toBe('approved');
      if (approved.kind === 'approved') expect(approved.form.hzxxb ?? undefined).toBeUndefined();
    } finally {
      await slow.close();
    }
  });

  it('queryRedLetter refusal without a spec meaning: an unknown application keeps the code, meaning undefined', async () => {
    const refusal = await refusalOf(client.queryRedLetter({ lsh: 'H-never-applied', xhdwsbh: DEMO_ENTERPRISE.taxNumber }));
    expect(refusal).toMatchObject({ envelope: 'E1', code: '3007', meaning: undefined });
  });

  it('applyRedLetter refusal: seller not authorised is 2012', async () => {
    const record = asHelperRecord(await issued(blueRequest('81')));
    const refusal = await refusalOf(client.applyRedLetter(application(record, { xhdwsbh: FOREIGN_SELLER })));
    expect(refusal).toMatchObject({ envelope: 'E1', code: '2012', meaning: AUTHORISATION_MEANING });
  });

  it('queryRedLetter refusal: seller not authorised is 2012, and the signed query string is accepted', async () => {
    const refusal = await refusalOf(client.queryRedLetter({ lsh: 'H 红字 & more', xhdwsbh: FOREIGN_SELLER, all: '0' }));
    expect(refusal).toMatchObject({ envelope: 'E1', code: '2012', meaning: AUTHORISATION_MEANING });
  });
});

describe('printInvoice', () => {
  it('answers the face-print data of an issued paper invoice', async () => {
    const record = await issued(blueRequest('007', { kpzdbs: 'kpzd-01' }));
    const result = await client.printInvoice({
      fpdm: record.fpdm ?? '',
      fphm: record.fphm,
      dylx: '0',
      kpzdbs: 'kpzd-01',
      fplxdm: '007',
      xhdwsbh: DEMO_ENTERPRISE.taxNumber,
    });
    expect(result).toMatchObject({ fphm: record.fphm, fpzt: '00', hjje: '200.00', jshj: '226.00' });
    expect(result.details).toHaveLength(2);
  });

  it('refusal: printing for a seller not authorised is 2012', async () => {
    const refusal = await refusalOf(
      client.printInvoice({ fpdm: '031001900104', fphm: '12345678', dylx: '0', fplxdm: '004', xhdwsbh: FOREIGN_SELLER }),
    );
    expect(refusal).toMatchObject({ envelope: 'E1', code: '2012', meaning: AUTHORISATION_MEANING });
    expect(refusal.serviceMessage).toContain(FOREIGN_SELLER);
  });
});
