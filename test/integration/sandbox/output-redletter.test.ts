/**
 * Red-letter information forms (spec endpoints 8 and 9, "Red-letter application request", "Red-letter
 * detail line", "Red-letter information form") over real HTTP. The sandbox clock is moved forward by the
 * test instead of sleeping, so the asynchronous approval is exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../main/api/signer.js';
import { DEMO_CREDENTIALS, SANDBOX_CODES } from '../../../sandbox/index.js';
import { RedLetterQueryResponse, type RedLetterDetailLine } from '../../../shared/spec/redletter.js';
import { APPLY, application, applyAndApprove, blueRequest, issue, queryPath, type IssuedRecord } from '../../support/output-sandbox.js';
import { sampleIssuance } from '../../support/sample-issuance.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

const DELAY_MS = 60_000;
let offset = 0;
const clock = () => Date.now() + offset;
let started: TestSandbox;
/** The sandbox, called with a signer on the same moved clock (the signature's timestamp must agree). */
let box: TestSandbox;
beforeAll(async () => {
  started = await startTestSandbox({ issueDelayMs: DELAY_MS, now: () => new Date(clock()) });
  const signer = createHmacSigner({ appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, now: clock });
  box = { ...started, call: (pathAndQuery, body, options) => started.call(pathAndQuery, body, { signer, ...options }) };
});
afterAll(() => started.close());

/** Issues a blue invoice by moving the clock past the delay between the two submissions. */
async function issued(fplxdm: '004' | '028' | '81' | '82' | '007'): Promise<IssuedRecord> {
  const request = blueRequest(fplxdm);
  await box.call('/openApi/v4/fp/fpkj', request);
  offset += DELAY_MS;
  return issue(box, request);
}

/** Applies, moves the clock past the delay, and queries. */
async function approved(request: ReturnType<typeof application>, all = '0') {
  const answer = await box.call(APPLY, request);
  if (answer.body.status !== true) return answer;
  offset += DELAY_MS;
  return applyAndApprove(box, request, all);
}

const apply = async (request: object) => (await box.call(APPLY, request)).body;

/** The sample's two lines reversed, with the blue line numbers. */
const redLines = (): RedLetterDetailLine[] => [
  { fphxz: 0, spmc: '*信息技术服务*软件维护', spbm: '3040201030000000000', spsl: -2, dj: 56.5, je: -113, sl: 0.13, xh: 1 },
  { fphxz: 0, spmc: '*信息技术服务*咨询', spbm: '3040201030000000000', spsl: -1, dj: 113, je: -113, sl: 0.13, xh: 2 },
];

describe('red-letter application and query', () => {
  it('endpoint 9: asynchronous — pending until the delay has passed, then the form number (xxbbh)', async () => {
    const record = await issued('004');
    const request = application(record);
    const accepted = await box.call(APPLY, request);
    expect(accepted.body).toMatchObject({ status: true, code: 0, data: {} });
    const pending = await box.call(queryPath(request.lsh, { kpzdbs: 'kpzd-01' }));
    expect(pending.body).toMatchObject({ status: true, code: 0, data: {} });
    offset += DELAY_MS;
    const done = await box.call(queryPath(request.lsh, { kpzdbs: 'kpzd-01' }));
    expect(done.body).toMatchObject({ status: true, code: 0 });
    const form = RedLetterQueryResponse.parse(done.body).data;
    expect(form.xxbbh).toMatch(/^\d{16}$/);
    expect(form.xxbid).toBeUndefined();
    expect(form.hzxxb).toBeUndefined();
  });

  it('Red-letter information form: xxbid for digital-electronic invoices; hzxxb only with all=1', async () => {
    const record = await issued('81');
    const answer = await approved(application(record), '1');
    const form = RedLetterQueryResponse.parse(answer.body).data;
    expect(form.xxbid).toMatch(/^[0-9a-f]{32}$/);
    expect(form.hzxxb).toMatchObject({ fplxdm: '81', kplx: '1', yfphm: record.fphm, jshj: '-226.00', hjse: '-26.00', hjje: '-200.00' });
  });

  it('Red-letter application details: absent or empty → all lines of the original blue invoice', async () => {
    const record = await issued('028');
    const answer = await approved(application(record, { details: [] }), '1');
    const lines = RedLetterQueryResponse.parse(answer.body).data.hzxxb?.details ?? [];
    expect(lines.map((line) => [line.spmc, line.spsl, line.je, line.se, line.xh])).toEqual([
      ['*信息技术服务*软件维护', '-2', '-113.00', '-13.00', 1],
      ['*信息技术服务*咨询', '-1', '-113.00', '-13.00', 2],
    ]);
  });

  it('Red-letter application result sqdh: present only for a tax-control-server terminal', async () => {
    const record = await issued('004');
    const body = await apply(application(record, { kpzdbs: 'tax-control-server' }));
    expect((body.data as { sqdh?: string }).sqdh).toMatch(/^SQ/);
    const digital = await issued('82');
    expect(await apply(application(digital, { kpzdbs: 'tax-control-server' }))).toMatchObject({ status: true, data: {} });
  });

  it('Red-letter application lsh: the same lsh with other content is refused (3001), the same content answers again', async () => {
    const record = await issued('004');
    const request = application(record);
    expect(await apply(request)).toMatchObject({ status: true });
    expect(await apply(request)).toMatchObject({ status: true });
    expect(await apply({ ...request, sqly: '0' })).toMatchObject({ code: SANDBOX_CODES.serialReused });
  });

  it('Red-letter application: an original the sandbox never issued is refused (2001)', async () => {
    expect(await apply(application({ fplxdm: '004', fpdm: '031025004001', fphm: '99999999', kprq: '', lsh: '', kplx: '0', jshj: 0 }))).toMatchObject({
      code: SANDBOX_CODES.invoiceNotFound,
    });
  });

  it('Red-letter application: only special and digital-electronic invoices (a general invoice is refused, 3008)', async () => {
    const record = await issued('007');
    expect(await apply(application(record))).toMatchObject({ code: SANDBOX_CODES.invoiceStateConflict });
  });

  it('Red-letter application: never more than what is left of the blue invoice, other forms’ reservations counted (3005)', async () => {
    const record = await issued('004');
    expect(await apply(application(record, { details: [redLines()[0] as RedLetterDetailLine] }))).toMatchObject({ status: true });
    expect(await apply(application(record))).toMatchObject({ code: SANDBOX_CODES.exceedsRemaining });
    expect(await apply(application(record, { details: [{ ...(redLines()[1] as RedLetterDetailLine), xh: 2 }] }))).toMatchObject({ status: true });
  });

  it('Red-letter application sqly: required, one of 0, 1, 2', async () => {
    const record = await issued('004');
    const { sqly: _omit, ...withoutReason } = application(record);
    expect(await apply(withoutReason)).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect(await apply(application(record, { sqly: '3' as never }))).toMatchObject({ code: SANDBOX_CODES.format });
  });

  it('Red-letter application chyydm: required for digital-electronic applications', async () => {
    const record = await issued('82');
    const body = await apply(application(record, { chyydm: undefined }));
    expect(body).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect(body.msg).toContain('chyydm');
  });

  it('Red-letter application fpdm and kpzdbs: may be omitted only for digital-electronic invoices', async () => {
    const record = await issued('004');
    expect(await apply(application(record, { kpzdbs: undefined }))).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
  });

  it('Red-letter detail line xh: required when applying for a digital-electronic red form', async () => {
    const record = await issued('82');
    const { xh: _omit, ...line } = redLines()[0] as RedLetterDetailLine;
    const body = await apply(application(record, { chyydm: '1', details: [line] }));
    expect(body).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect(body.msg).toContain('xh');
  });

  it('Red-letter detail line: spsl and je negative, dj positive', async () => {
    const record = await issued('82');
    const [line] = redLines() as [RedLetterDetailLine];
    expect(await apply(application(record, { chyydm: '1', details: [{ ...line, spsl: 2 }] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await apply(application(record, { chyydm: '1', details: [{ ...line, dj: -56.5 }] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await apply(application(record, { chyydm: '3', details: [{ ...line, spsl: undefined, dj: undefined, je: 50 }] }))).toMatchObject({
      code: SANDBOX_CODES.invalidValue,
    });
  });

  it('Red-letter detail line fphxz: a discount line directly follows its discounted line with the same name', async () => {
    const discounted = { fphxz: 2 as const, spmc: '*软件*办公软件', spbm: '1060201070000000000', spsl: 2, dj: 100, je: 200, sl: 0.13 };
    const discount = { fphxz: 1 as const, spmc: '*软件*办公软件', je: -20, sl: 0.13 };
    const blue = sampleIssuance({ fplxdm: '82', jshj: 180, details: [discounted, discount] });
    const record = await issue(box, blue).catch(async () => {
      offset += DELAY_MS;
      return issue(box, blue);
    });
    const redDiscounted = { fphxz: 0 as const, spmc: '*软件*办公软件', spsl: -2, dj: 100, je: -200, sl: 0.13, xh: 1 };
    const redDiscount = { fphxz: 1 as const, spmc: '*软件*办公软件', je: 20, sl: 0.13, xh: 2 };
    expect(await apply(application(record, { details: [redDiscount, redDiscounted] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await apply(application(record, { details: [redDiscounted, { ...redDiscount, spmc: '*软件*其他' }] }))).toMatchObject({
      code: SANDBOX_CODES.invalidValue,
    });
    expect(await apply(application(record, { details: [redDiscounted, redDiscount] }))).toMatchObject({ status: true });
  });
});

describe('red-letter chyydm: what the lines may change', () => {
  it('chyydm 1 goods returned: only the quantity may change, not the unit price', async () => {
    const record = await issued('82');
    const [line] = redLines() as [RedLetterDetailLine];
    expect(await apply(application(record, { chyydm: '1', details: [{ ...line, spsl: -1, je: -56.5 }] }))).toMatchObject({ status: true });
    expect(await apply(application(record, { chyydm: '1', details: [{ ...line, spsl: -1, dj: 50, je: -50 }] }))).toMatchObject({
      code: SANDBOX_CODES.invalidValue,
    });
  });

  it('chyydm 2 invoice error: reversed in full, lines unchanged', async () => {
    const record = await issued('82');
    const [first, second] = redLines() as [RedLetterDetailLine, RedLetterDetailLine];
    expect(await apply(application(record, { chyydm: '2', details: [first] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await apply(application(record, { chyydm: '2', details: [{ ...first, spsl: -1, je: -56.5 }, second] }))).toMatchObject({
      code: SANDBOX_CODES.invalidValue,
    });
    expect(await apply(application(record, { chyydm: '2', details: [first, second] }))).toMatchObject({ status: true });
  });

  it('chyydm 3 service terminated: amount and quantity may change, the unit price may not', async () => {
    const record = await issued('82');
    const [, second] = redLines() as [RedLetterDetailLine, RedLetterDetailLine];
    expect(await apply(application(record, { chyydm: '3', details: [{ ...second, spsl: -0.5, je: -56.5 }] }))).toMatchObject({ status: true });
    expect(await apply(application(record, { chyydm: '3', details: [{ ...second, dj: 100, spsl: -1, je: -100 }] }))).toMatchObject({
      code: SANDBOX_CODES.invalidValue,
    });
  });

  it('chyydm 4 sales allowance: neither the unit price nor the quantity may change', async () => {
    const record = await issued('82');
    const [first] = redLines() as [RedLetterDetailLine];
    expect(await apply(application(record, { chyydm: '4', details: [{ ...first, spsl: null, dj: null, je: -10 }] }))).toMatchObject({ status: true });
    expect(await apply(application(record, { chyydm: '4', details: [{ ...first, spsl: -1, je: -56.5 }] }))).toMatchObject({
      code: SANDBOX_CODES.invalidValue,
    });
  });
});

describe('red-letter query (endpoint 8)', () => {
  it('endpoint 8: an unknown lsh, or another seller’s, is refused (3007 / 2012)', async () => {
    expect((await box.call(queryPath('NO-SUCH-LSH'))).body).toMatchObject({ code: SANDBOX_CODES.redLetterApplicationUnknown });
    const other = await box.call(`/openApi/v4/fp/hzcx?lsh=X&xhdwsbh=91440300MA5EXAMPLE`);
    expect(other.body).toMatchObject({ code: SANDBOX_CODES.taxNumberNotAuthorised });
  });

  it('endpoint 8 kpzdbs: may be omitted only for digital-electronic invoices', async () => {
    const record = await issued('004');
    const request = application(record);
    await apply(request);
    expect((await box.call(queryPath(request.lsh))).body).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect((await box.call(queryPath(request.lsh, { kpzdbs: 'another' }))).body).toMatchObject({ code: SANDBOX_CODES.redLetterApplicationUnknown });
  });

  it('endpoint 8 all: only 0 or 1', async () => {
    expect((await box.call(queryPath('X', { all: '2' }))).body).toMatchObject({ code: SANDBOX_CODES.format });
  });
});
