/**
 * The intake endpoints of the service client against the real sandbox: recognition (E3) and single
 * verification (E4). Verification codes 0001/0006/0009 are outcomes the client returns; the others are
 * refusals thrown with the verification table's meaning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api/client.js';
import { DEMO_CREDENTIALS, RECEIVED_CONTROL_PATH, type ReceivedInvoice } from '../../../sandbox/index.js';
import { buildInvoiceQr } from '../../../shared/rules/invoice-qr.js';
import { VERIFICATION_CODES, type VerificationRequest } from '../../../shared/spec/verification.js';
import { BUYER, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';
import { base64, plainZip, qrPng } from '../../support/intake-fixtures.js';
import { clientFor, refusalOf } from './client-support.js';

/** FIXED_NOW of the input sandbox is 2025-03-15 in China. */
const TODAY = '20250315';
const UUID = '0123456789abcdef0123456789abcdef';

let box: InputSandbox;
let client: ServiceClient;
let invoices: ReceivedInvoice[] = [];

beforeAll(async () => {
  box = await startInputSandbox({ controlApi: true });
  client = clientFor(box.sandbox.baseUrl, { credential: { ...DEMO_CREDENTIALS, now: () => box.clock.ms } });
  // The seeded tax authority, through the sandbox's test-only control API (not its database).
  const answer = await fetch(`${box.sandbox.baseUrl}${RECEIVED_CONTROL_PATH}?buyer=${BUYER}`);
  invoices = ((await answer.json()) as { invoices: ReceivedInvoice[] }).invoices;
});
afterAll(() => box.close());

const used = new Set<string>();
/** A normal special invoice dated before today, different for each test so daily counts do not mix. */
function specialInvoice(): ReceivedInvoice {
  const found = invoices.find((invoice) => invoice.fplxdm === '01' && invoice.fpzt === '0' && invoice.kprq < TODAY && !used.has(invoice.fphm));
  if (!found) throw new Error('no such seeded invoice');
  used.add(found.fphm);
  return found;
}
const requestFor = (invoice: ReceivedInvoice, overrides: Partial<VerificationRequest> = {}): VerificationRequest => ({
  fpzl: '01',
  fpdm: invoice.fpdm,
  fphm: invoice.fphm,
  kprq: invoice.kprq,
  fpje: invoice.hjje,
  ...overrides,
});

describe('recognise', () => {
  it('recognises the invoice QR code of a PNG as a layout-A result', async () => {
    const invoice = specialInvoice();
    const qr = buildInvoiceQr({ fplxdm: '004', fpdm: invoice.fpdm, fphm: invoice.fphm, amount: invoice.hjje, date: invoice.kprq, checkCode: invoice.jym });
    const outcome = await client.recognise({ uuid: UUID, picture: base64(await qrPng(qr)) });
    expect(outcome.invoices).toHaveLength(1);
    const [result] = outcome.invoices;
    expect(result?.FPLXDM).toBe('01');
    if (result?.FPLXDM === '01') expect(result.data).toMatchObject({ FPDM: invoice.fpdm, FPHM: invoice.fphm });
  });

  it('refusal: a bad signature is returnCode 2002 with the authorisation meaning', async () => {
    const wrong = clientFor(box.sandbox.baseUrl, { credential: { appKey: DEMO_CREDENTIALS.appKey, appSecret: 'wrong-secret-0123456789', now: () => box.clock.ms } });
    const refusal = await refusalOf(wrong.recognise({ uuid: UUID, picture: base64(await plainZip()) }));
    expect(refusal).toMatchObject({ envelope: 'E3', code: '2002', meaning: 'authorisation information error' });
  });

  it('refusal with a code the spec does not show (a zip that is no invoice): code kept, meaning undefined', async () => {
    const refusal = await refusalOf(client.recognise({ uuid: UUID, picture: base64(await plainZip()) }));
    expect(refusal.envelope).toBe('E3');
    expect(refusal.code).toMatch(/^4\d{3}$/);
    expect(refusal.meaning).toBeUndefined();
    expect(refusal.serviceMessage).toBeTruthy();
  });
});

describe('verifyInvoice', () => {
  it('consistent (0001): the outcome with the verification result', async () => {
    const invoice = specialInvoice();
    const outcome = await client.verifyInvoice(requestFor(invoice));
    expect(outcome).toMatchObject({ outcome: 'consistent', code: '0001', meaning: VERIFICATION_CODES['0001'] });
    expect(outcome.data).toMatchObject({ cyjg: '0001', fphm: invoice.fphm, jshj: invoice.jshj, cycs: '1' });
  });

  it('inconsistent (0006) and not found (0009) are outcomes too, not errors', async () => {
    const invoice = specialInvoice();
    const inconsistent = await client.verifyInvoice(requestFor(invoice, { fpje: '0.01' }));
    expect(inconsistent).toMatchObject({ outcome: 'inconsistent', code: '0006', meaning: 'invoice information inconsistent' });
    const notFound = await client.verifyInvoice(requestFor(invoice, { fphm: invoice.fphm === '00000001' ? '00000002' : '00000001' }));
    expect(notFound).toMatchObject({ outcome: 'not-found', code: '0009', meaning: 'invoice does not exist' });
  });

  it('refusal: an invoice dated today is 1014 with its meaning', async () => {
    const refusal = await refusalOf(client.verifyInvoice(requestFor(specialInvoice(), { kprq: TODAY })));
    expect(refusal).toMatchObject({ envelope: 'E4', code: '1014', meaning: 'invoices dated today cannot be verified; retry the next day' });
  });

  it('refusal: the sixth verification of an invoice in a day is 0002', async () => {
    const request = requestFor(specialInvoice());
    for (let count = 1; count <= 5; count++) expect((await client.verifyInvoice(request)).data?.cycs).toBe(String(count));
    const refusal = await refusalOf(client.verifyInvoice(request));
    expect(refusal).toMatchObject({ envelope: 'E4', code: '0002', meaning: VERIFICATION_CODES['0002'] });
  });
});
