/**
 * The input endpoints of the service client (E2) against the real sandbox with a seeded tax authority
 * and a hand-moved clock shared by the sandbox and the signer: the two collections page by PCH/KSHS,
 * certification is accepted then processed, and refusals carry their ZTDM with the ZTDM table's meaning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api/client.js';
import { DEMO_CREDENTIALS } from '../../../sandbox/index.js';
import type { CertificationRequest } from '../../../shared/spec/certification.js';
import { ZTDM_CODES } from '../../../shared/spec/codes-input.js';
import type { CollectionRequest, MainInformationRequest, SpecialInvoiceRecord } from '../../../shared/spec/collection.js';
import { BUYER, pch, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';
import { clientFor, refusalOf } from './client-support.js';

const PERIOD = '202503';
const FOREIGN_BUYER = '91110000000000000X';

let box: InputSandbox;
let client: ServiceClient;
/** Uncertified special invoices of the demo buyer, from the first collection test. */
let uncertified: SpecialInvoiceRecord[] = [];

beforeAll(async () => {
  box = await startInputSandbox();
  client = clientFor(box.sandbox.baseUrl, { credential: { ...DEMO_CREDENTIALS, now: () => box.clock.ms } });
});
afterAll(() => box.close());

const collection = (label: string, overrides: Partial<CollectionRequest> = {}): CollectionRequest => ({
  GMFSBH: BUYER,
  PCH: pch(label),
  CJKSRQ: '20000101000000',
  CJJSRQ: '20991231235959',
  KSHS: 1,
  ZTBZ: '1',
  FPLXDM: '01',
  ...overrides,
});

const mainCollection = (label: string, overrides: Partial<MainInformationRequest> = {}): MainInformationRequest => ({
  GMFSBH: BUYER,
  PCH: pch(label),
  CJKSRQ: '20000101000000',
  CJJSRQ: '20991231235959',
  KSHS: 1,
  ZTBZ: '1',
  ...overrides,
});

describe('collectInvoices', () => {
  it('returns typed pages in the special-record layout and the KSHS of the next page', async () => {
    const first = await client.collectInvoices(collection('client-collect', { FHHS: '5' }));
    expect(first).toMatchObject({ invoiceType: '01', startRow: 1, rowsReturned: 5, nextStartRow: 6 });
    expect(first.totalRows).toBeGreaterThan(5);
    expect(first.records).toHaveLength(5);
    for (const record of first.records) {
      expect(record.FPLXDM).toBe('01');
      if (record.FPLXDM === '01') expect(Array.isArray(record.MXXX)).toBe(true);
    }
    const second = await client.collectInvoices(collection('client-collect', { FHHS: '5', KSHS: 6 }));
    expect(second.startRow).toBe(6);
    expect(second.records.map((record) => record.FPHM)).not.toContain(first.records[0]?.FPHM);

    const all = await client.collectInvoices(collection('client-collect-all'));
    uncertified = all.records.filter((record): record is SpecialInvoiceRecord => record.FPLXDM === '01' && record.RZZT === '0' && record.FPZT === '0');
    expect(uncertified.length).toBeGreaterThan(1);
  });

  it('refusal: a batch number that is not 32 characters is ZTDM 2006 with its meaning', async () => {
    const refusal = await refusalOf(client.collectInvoices(collection('x', { PCH: 'too-short' })));
    expect(refusal).toMatchObject({ envelope: 'E2', code: '2006', meaning: ZTDM_CODES['2006'] });
    expect(refusal.meaning).toBe('batch number must be present and 32 characters');
    expect(refusal.rawBody).toContain('"ZTDM":"2006"');
  });
});

describe('collectMainInformation', () => {
  it('returns a typed page of main-information records', async () => {
    const page = await client.collectMainInformation(mainCollection('client-main'));
    expect(page.startRow).toBe(1);
    expect(page.rowsReturned).toBe(page.records.length);
    expect(page.nextStartRow === undefined || page.nextStartRow === page.rowsReturned + 1).toBe(true);
    for (const record of page.records) expect(['01', '03', '08', '14', '31']).toContain(record.FPLXDM);
  });

  it('refusal: a buyer not authorised for the AppKey is ZTDM 2012', async () => {
    const refusal = await refusalOf(client.collectMainInformation(mainCollection('client-main-foreign', { GMFSBH: FOREIGN_BUYER })));
    expect(refusal).toMatchObject({ envelope: 'E2', code: '2012', meaning: 'confirm that the address and the tax number are authorised' });
  });
});

describe('applyCertification and certificationResult', () => {
  const batch = (label: string, overrides: Partial<CertificationRequest> = {}): CertificationRequest => {
    const items = uncertified.slice(0, 2).map((record) => ({ FPDM: record.FPDM, FPHM: record.FPHM, GMFSBH: BUYER, SQRZLX: '1' as const, FPLXDM: '01' as const, SQSKSSQ: PERIOD }));
    return { GMFSBH: BUYER, PCH: pch(label), FHHS: items.length, FPZHXX: items, ...overrides };
  };

  it('accepts a batch, reports it in processing, then finished with a processing status per invoice', async () => {
    const request = batch('client-certify');
    expect(await client.applyCertification(request)).toMatchObject({ kind: 'accepted', pch: request.PCH });
    // The same PCH with the same body is accepted again: the outbox may resend it safely.
    expect((await client.applyCertification(request)).kind).toBe('accepted');

    const processing = await client.certificationResult({ PCH: request.PCH });
    expect(processing).toMatchObject({ pch: request.PCH, finished: false });
    expect(processing.results.map((element) => element.RZCLZT)).toEqual(['1', '1']);

    box.clock.advance(60_000);
    const done = await client.certificationResult({ PCH: request.PCH });
    expect(done.finished).toBe(true);
    expect(done.results.map((element) => [element.FPHM, element.PCZT])).toEqual(request.FPZHXX.map((item) => [item.FPHM, 'Y']));
    for (const element of done.results) expect(['4', '5']).toContain(element.RZCLZT);
  });

  it('applyCertification refusal: FHHS differing from the invoices sent is ZTDM 2004', async () => {
    const refusal = await refusalOf(client.applyCertification(batch('client-certify-count', { FHHS: 3 })));
    expect(refusal).toMatchObject({ envelope: 'E2', code: '2004', meaning: ZTDM_CODES['2004'] });
  });

  it('certificationResult refusal: an unknown batch is ZTDM 2013', async () => {
    const refusal = await refusalOf(client.certificationResult({ PCH: pch('never-submitted') }));
    expect(refusal).toMatchObject({ envelope: 'E2', code: '2013', meaning: 'no such group' });
  });
});
