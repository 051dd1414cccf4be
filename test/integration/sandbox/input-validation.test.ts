/**
 * The ZTDM codes ("Certification application status codes") the input operations answer for a request
 * that cannot be processed: each code its own test, for collection (endpoints 3 and 6), apply
 * certification (10) and certification result (7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2Status } from '../../../shared/spec/collection.js';
import { DEMO_CREDENTIALS } from '../../../sandbox/index.js';
import { APPLY, BUYER, COLLECT, COLLECT_MAIN, RESULT, collection, mainCollection, pch, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';

const OTHER_TAX_NUMBER = '91440300MA5G0TH3R1';
const OTHER = { appKey: 'other-app', appSecret: 'other-secret-0123456789', taxNumbers: [OTHER_TAX_NUMBER] };
const MULTI = { appKey: 'multi-app', appSecret: 'multi-secret-0123456789', taxNumbers: [BUYER, OTHER_TAX_NUMBER] };

let sandbox: InputSandbox;
beforeAll(async () => {
  sandbox = await startInputSandbox({ credentials: [DEMO_CREDENTIALS, OTHER, MULTI], seedInvoicesPerBuyer: 50 });
});
afterAll(() => sandbox.close());

async function ztdm(path: string, body: string | object, credential = DEMO_CREDENTIALS): Promise<string> {
  const answer = await sandbox.post(path, body, credential);
  expect(answer.status).toBe(200);
  expect(E2Status.safeParse(answer.body).success).toBe(true);
  return String(answer.body.ZTDM);
}

function certification(label: string, overrides: Record<string, unknown> = {}, item: Record<string, unknown> = {}) {
  return {
    GMFSBH: BUYER,
    PCH: pch(label),
    FHHS: 1,
    FPZHXX: [{ FPDM: '3100201113', FPHM: '12345678', GMFSBH: BUYER, SQRZLX: '1', FPLXDM: '01', SQSKSSQ: '202503', YXSE: '', ...item }],
    ...overrides,
  };
}

describe('collection request codes (endpoints 3 and 6)', () => {
  it('2006: PCH missing or not 32 characters', async () => {
    expect(await ztdm(COLLECT, collection('x', { PCH: 'a'.repeat(31) }))).toBe('2006');
    expect(await ztdm(COLLECT, collection('x', { PCH: undefined }))).toBe('2006');
    expect(await ztdm(COLLECT_MAIN, mainCollection('x', { PCH: 'b'.repeat(33) }))).toBe('2006');
  });

  it('2007: CJKSRQ missing or not 14 characters', async () => {
    expect(await ztdm(COLLECT, collection('x', { CJKSRQ: '2025010100000' }))).toBe('2007');
    expect(await ztdm(COLLECT_MAIN, mainCollection('x', { CJKSRQ: undefined }))).toBe('2007');
  });

  it('2010: CJJSRQ missing or not 14 characters', async () => {
    expect(await ztdm(COLLECT, collection('x', { CJJSRQ: '202501010000001' }))).toBe('2010');
    expect(await ztdm(COLLECT_MAIN, mainCollection('x', { CJJSRQ: undefined }))).toBe('2010');
  });

  it('2008: ZTBZ missing or not 1 character', async () => {
    expect(await ztdm(COLLECT, collection('x', { ZTBZ: '10' }))).toBe('2008');
    expect(await ztdm(COLLECT_MAIN, mainCollection('x', { ZTBZ: undefined }))).toBe('2008');
  });

  it('2009: KSHS missing or not numeric', async () => {
    expect(await ztdm(COLLECT, collection('x', { KSHS: 'one' }))).toBe('2009');
    expect(await ztdm(COLLECT_MAIN, mainCollection('x', { KSHS: undefined }))).toBe('2009');
  });

  it('2014: GMFSBH missing on endpoint 3, or on endpoint 6 when the AppKey has several tax numbers', async () => {
    expect(await ztdm(COLLECT, collection('x', { GMFSBH: undefined }))).toBe('2014');
    expect(await ztdm(COLLECT, collection('x', { GMFSBH: '' }))).toBe('2014');
    expect(await ztdm(COLLECT_MAIN, mainCollection('x', { GMFSBH: undefined }), MULTI)).toBe('2014');
  });

  it('2012: a buyer tax number not authorised for the AppKey', async () => {
    expect(await ztdm(COLLECT, collection('x', { GMFSBH: OTHER_TAX_NUMBER }))).toBe('2012');
    expect(await ztdm(COLLECT_MAIN, mainCollection('x'), OTHER)).toBe('2012');
  });

  it('2003: body not an object, unknown member, FPLXDM outside 01/03/08/14/31, malformed tax number, start after end', async () => {
    expect(await ztdm(COLLECT, [collection('x')])).toBe('2003');
    expect(await ztdm(COLLECT, collection('x', { EXTRA: '1' }))).toBe('2003');
    expect(await ztdm(COLLECT, collection('x', { FPLXDM: '04' }))).toBe('2003');
    expect(await ztdm(COLLECT, collection('x', { FHHS: 'ten' }))).toBe('2003');
    expect(await ztdm(COLLECT, collection('x', { CJKSRQ: '20250201000000', CJJSRQ: '20250101000000' }))).toBe('2003');
  });
});

describe('apply certification codes (endpoint 10)', () => {
  it('2006: PCH not 32 characters', async () => {
    expect(await ztdm(APPLY, certification('c', { PCH: 'short' }))).toBe('2006');
  });

  it('2004: FHHS differs from the number of invoices sent', async () => {
    expect(await ztdm(APPLY, certification('c', { FHHS: 2 }))).toBe('2004');
  });

  it('2014: tax number missing, at the top level or in an element', async () => {
    expect(await ztdm(APPLY, certification('c', { GMFSBH: undefined }))).toBe('2014');
    expect(await ztdm(APPLY, certification('c', {}, { GMFSBH: undefined }))).toBe('2014');
  });

  it('2016: SQSKSSQ missing', async () => {
    expect(await ztdm(APPLY, certification('c', {}, { SQSKSSQ: undefined }))).toBe('2016');
    expect(await ztdm(APPLY, certification('c', {}, { SQSKSSQ: '' }))).toBe('2016');
  });

  it('2015: code or number of the wrong length, or a code length that does not fit FPLXDM (01: 10 digits, 03/08/14: 12)', async () => {
    expect(await ztdm(APPLY, certification('c', {}, { FPDM: '31002011130' }))).toBe('2015');
    expect(await ztdm(APPLY, certification('c', {}, { FPHM: '1234567' }))).toBe('2015');
    expect(await ztdm(APPLY, certification('c', {}, { FPLXDM: '08' }))).toBe('2015');
  });

  it('2012: a buyer not authorised for the AppKey, at the top level or in an element', async () => {
    expect(await ztdm(APPLY, certification('c', { GMFSBH: OTHER_TAX_NUMBER }))).toBe('2012');
    expect(await ztdm(APPLY, certification('c', {}, { GMFSBH: OTHER_TAX_NUMBER }))).toBe('2012');
  });

  it('2004: an element whose GMFSBH differs from the top-level GMFSBH', async () => {
    expect(await ztdm(APPLY, certification('c', {}, { GMFSBH: OTHER_TAX_NUMBER }), MULTI)).toBe('2004');
  });

  it('2003: format errors (SQRZLX outside 1–6, FPLXDM 31 not certifiable, YXSE not an amount, FHHS not an integer, no invoices)', async () => {
    expect(await ztdm(APPLY, certification('c', {}, { SQRZLX: '7' }))).toBe('2003');
    expect(await ztdm(APPLY, certification('c', {}, { FPLXDM: '31' }))).toBe('2003');
    expect(await ztdm(APPLY, certification('c', {}, { YXSE: '12.345' }))).toBe('2003');
    expect(await ztdm(APPLY, certification('c', { FHHS: '1' }))).toBe('2003');
    expect(await ztdm(APPLY, certification('c', { FHHS: 0, FPZHXX: [] }))).toBe('2003');
    expect(await ztdm(APPLY, 'null')).toBe('2003');
  });

  it('2004: the same PCH again with a different body; 0000 again with the same body (idempotent)', async () => {
    expect(await ztdm(APPLY, certification('idem'))).toBe('0000');
    expect(await ztdm(APPLY, certification('idem'))).toBe('0000');
    expect(await ztdm(APPLY, certification('idem', {}, { YXSE: '1.00' }))).toBe('2004');
  });
});

describe('certification result codes (endpoint 7)', () => {
  it('2006: PCH missing or not 32 characters', async () => {
    expect(await ztdm(RESULT, { PCH: 'x' })).toBe('2006');
    expect(await ztdm(RESULT, {})).toBe('2006');
  });

  it('2013: an unknown PCH, or another AppKey\'s', async () => {
    expect(await ztdm(RESULT, { PCH: pch('never-applied') })).toBe('2013');
    expect(await ztdm(APPLY, certification('owned-by-demo'))).toBe('0000');
    expect(await ztdm(RESULT, { PCH: pch('owned-by-demo') }, MULTI)).toBe('2013');
  });
});
