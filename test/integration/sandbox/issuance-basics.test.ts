/**
 * The sandbox's issuance endpoint over real HTTP on 127.0.0.1 with a real SQLite file, signed with the
 * real signer. Requests are sent with plain fetch so a test can forge, replay and break them at will.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmacSigner, type RequestSigner } from '../../../main/api/signer.js';
import { DEMO_CREDENTIALS, SANDBOX_CODES, startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import { IssuanceResponse, type IssuanceRequest } from '../../../shared/spec/issuance.js';
import { sampleIssuance, tempDir } from '../../support/sample-issuance.js';

const ISSUE = '/openApi/v4/fp/fpkj';
// The pending window is long and passed by moving the clock, not by sleeping: on a busy machine a
// short real delay could pass between two requests and make "still pending" a race.
const DELAY_MS = 60_000;
let clockOffset = 0;
/** The sandbox's and the signers' clock: real time, moved forward by passDelay(). */
const testNow = () => Date.now() + clockOffset;
const passDelay = () => {
  clockOffset += DELAY_MS + 50;
};
const OTHER = { appKey: 'other-app', appSecret: 'other-secret-0123456789', taxNumbers: ['91440300MA5EXAMPLE'] };

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

let sandbox: RunningSandbox;
let dataDir: string;
const demoSigner = createHmacSigner({ appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, now: testNow });

async function post(body: string | object, options: { signer?: RequestSigner; headers?: Record<string, string>; path?: string; method?: string } = {}): Promise<Answer> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const target = options.path ?? ISSUE;
  const method = options.method ?? 'POST';
  const sendsBody = method !== 'GET';
  const signed = (options.signer ?? demoSigner).sign({ method, pathAndQuery: target, body: sendsBody ? text : '' });
  const response = await fetch(`${sandbox.baseUrl}${target}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...signed, ...options.headers },
    ...(sendsBody ? { body: text } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  dataDir = tempDir('fapiao-sandbox-');
  sandbox = await startSandbox({ dataDir, issueDelayMs: DELAY_MS, now: () => new Date(testNow()), credentials: [DEMO_CREDENTIALS, OTHER], onError: () => {} });
});

afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('asynchronous issuance', () => {
  it('accepts, stays pending until the delay has passed, then issues exactly once', async () => {
    const request = sampleIssuance();
    const first = await post(request);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: true, code: 0, msg: '已受理，开具中', data: [] });
    expect(IssuanceResponse.safeParse(first.body).success).toBe(true);

    const early = await post(request);
    expect(early.body).toMatchObject({ status: true, code: 0, data: [] });

    passDelay();
    const issued = await post(request);
    expect(issued.body).toMatchObject({ status: true, code: 0, msg: '开具成功' });
    const records = issued.body.data as Record<string, unknown>[];
    expect(records).toHaveLength(1);
    const record = records[0];
    expect(record).toMatchObject({ fplxdm: '82', lsh: request.lsh, kplx: '0', jshj: 226 });
    expect(record).not.toHaveProperty('fpdm');
    expect(record?.fphm).toMatch(/^\d{20}$/);
    expect(record?.jym).toMatch(/^\d{20}$/);
    expect(record?.kprq).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0800$/);
    expect(IssuanceResponse.parse(issued.body).data[0]?.jshj).toBe('226.00');

    const again = await post(request);
    expect(again.body.data).toEqual(records);
  });

  it('gives paper invoices a 12-digit code and 8-digit numbers allocated in sequence', async () => {
    const paper = (lsh: string): IssuanceRequest =>
      sampleIssuance({ lsh, fplxdm: '007', ghdwsbh: '91110000MA01ABCD1X' });
    const a = paper(`P-A-${Date.now()}`);
    const b = paper(`P-B-${Date.now()}`);
    await post(a);
    await post(b);
    passDelay();
    const [recordA] = (await post(a)).body.data as Record<string, string>[];
    const [recordB] = (await post(b)).body.data as Record<string, string>[];
    expect(recordA?.fpdm).toMatch(/^\d{12}$/);
    expect(recordA?.fphm).toMatch(/^\d{8}$/);
    expect(recordA?.skm).toBeTruthy();
    expect(Number(recordB?.fphm)).toBe(Number(recordA?.fphm) + 1);
  });

  it('answers at once for a tax-control-server terminal', async () => {
    const answer = await post(sampleIssuance({ kpzdbs: 'tax-control-server' }));
    expect(answer.body).toMatchObject({ status: true, code: 0 });
    expect(answer.body.data).toHaveLength(1);
  });

  it('treats the same content with other key order and spacing as the same request', async () => {
    const request = sampleIssuance();
    await post(request);
    const reordered = Object.fromEntries(Object.entries(request).reverse());
    const answer = await post(JSON.stringify(reordered, null, 2));
    expect(answer.body).toMatchObject({ status: true, code: 0 });
  });

  it('refuses the same lsh with a different body', async () => {
    const request = sampleIssuance();
    await post(request);
    const answer = await post({ ...request, ghdwmc: '另一家客户有限公司' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: false, code: SANDBOX_CODES.serialReused });
    expect(answer.body.msg).toContain('流水号已使用且内容不同');
  });

  it('keeps its state in sandbox.db across a restart', async () => {
    const request = sampleIssuance();
    await post(request);
    passDelay();
    const before = (await post(request)).body.data;
    await sandbox.close();
    expect(fs.existsSync(path.join(dataDir, SANDBOX_DB_FILE))).toBe(true);
    sandbox = await startSandbox({ dataDir, issueDelayMs: DELAY_MS, now: () => new Date(testNow()), credentials: [DEMO_CREDENTIALS, OTHER], onError: () => {} });
    // The file addresses name the sandbox's base address, which a restart on a free port changes.
    const withoutHost = (data: unknown) => JSON.stringify(data).replace(/http:\/\/127\.0\.0\.1:\d+/g, '');
    expect(withoutHost((await post(request)).body.data)).toEqual(withoutHost(before));
  });
});

describe('signature and authorisation', () => {
  it('refuses a missing signature', async () => {
    const response = await fetch(`${sandbox.baseUrl}${ISSUE}`, { method: 'POST', body: JSON.stringify(sampleIssuance()) });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: false, code: 2002 });
  });

  it('refuses a wrong signature', async () => {
    const wrong = createHmacSigner({ appKey: DEMO_CREDENTIALS.appKey, appSecret: 'not-the-secret' });
    expect((await post(sampleIssuance(), { signer: wrong })).body).toMatchObject({ status: false, code: 2002 });
  });

  it('refuses a body changed after signing', async () => {
    const request = sampleIssuance();
    const headers = demoSigner.sign({ method: 'POST', pathAndQuery: ISSUE, body: JSON.stringify(request) });
    const response = await fetch(`${sandbox.baseUrl}${ISSUE}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...request, jshj: 1 }),
    });
    expect(await response.json()).toMatchObject({ status: false, code: 2002 });
  });

  it('refuses an unknown AppKey', async () => {
    const stranger = createHmacSigner({ appKey: 'nobody', appSecret: DEMO_CREDENTIALS.appSecret });
    expect((await post(sampleIssuance(), { signer: stranger })).body).toMatchObject({ status: false, code: 2002 });
  });

  it('refuses a timestamp more than 5 minutes away, either way', async () => {
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const stale = createHmacSigner({ ...DEMO_CREDENTIALS, now: () => testNow() + skew });
      const answer = await post(sampleIssuance(), { signer: stale });
      expect(answer.body).toMatchObject({ status: false, code: 2002 });
      expect(answer.body.msg).toContain('5 分钟');
    }
  });

  it('refuses a replayed nonce', async () => {
    const nonce = `replay${Date.now()}abcdefgh`;
    const fixed = createHmacSigner({ ...DEMO_CREDENTIALS, nonce: () => nonce, now: testNow });
    const request = sampleIssuance();
    expect((await post(request, { signer: fixed })).body).toMatchObject({ status: true, code: 0 });
    const replay = await post(request, { signer: fixed });
    expect(replay.body).toMatchObject({ status: false, code: 2002 });
    expect(replay.body.msg).toContain('Nonce');
  });

  it('refuses a seller tax number not authorised for the AppKey with 2012', async () => {
    const other = createHmacSigner({ appKey: OTHER.appKey, appSecret: OTHER.appSecret, now: testNow });
    const answer = await post(sampleIssuance(), { signer: other });
    expect(answer.body).toMatchObject({ status: false, code: 2012 });
    const own = await post(sampleIssuance({ xhdwsbh: OTHER.taxNumbers[0] ?? '' }), { signer: other });
    expect(own.body).toMatchObject({ status: true, code: 0 });
  });
});

describe('validation and HTTP status policy', () => {
  it('answers 400 with an E1 refusal for a body that is not JSON', async () => {
    const answer = await post('{"lsh": "X1", ');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, code: SANDBOX_CODES.format, data: null });
    expect(answer.body.timestamp).toMatch(/\.\d{3}\+08:00$/);
  });

  it('refuses a missing required field with 1008', async () => {
    const { ghdwmc: _ghdwmc, ...request } = sampleIssuance();
    const answer = await post(request);
    expect(answer.body).toMatchObject({ status: false, code: SANDBOX_CODES.fieldMissing });
    expect(answer.body.msg).toContain('ghdwmc 不能为空');
  });

  it('refuses a field longer than its GBK length with 1009', async () => {
    const answer = await post(sampleIssuance({ ghdwmc: '中'.repeat(51) }));
    expect(answer.body).toMatchObject({ status: false, code: SANDBOX_CODES.fieldLength });
    expect(answer.body.msg).toContain('ghdwmc 超过 100 个 GBK 字节');
  });

  it('refuses a wrong type with 2003', async () => {
    const answer = await post({ ...sampleIssuance(), jshj: '226.00' });
    expect(answer.body).toMatchObject({ status: false, code: SANDBOX_CODES.format });
  });

  it('refuses totals that do not add up', async () => {
    expect((await post(sampleIssuance({ jshj: 300 }))).body).toMatchObject({ status: false, code: SANDBOX_CODES.totalMismatch });
    const request = sampleIssuance();
    const [first, second] = request.details;
    if (!first || !second) throw new Error('sample has two lines');
    const badLine = { ...request, details: [{ ...first, spsl: 3 }, second] };
    expect((await post(badLine)).body).toMatchObject({ status: false, code: SANDBOX_CODES.lineAmountMismatch });
  });

  it('refuses a conditionally required field with 1008', async () => {
    const answer = await post(sampleIssuance({ fplxdm: '81' }));
    expect(answer.body).toMatchObject({ status: false, code: SANDBOX_CODES.fieldMissing });
    expect(answer.body.msg).toContain('ghdwsbh');
  });

  it('answers 404 for an unknown path, 405 for a wrong method, and refuses in the endpoint\'s own envelope', async () => {
    const unknown = await post({}, { path: '/openApi/v4/fp/nothing' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: false, code: SANDBOX_CODES.unknownInterface });

    const wrongMethod = await post({}, { method: 'GET' });
    expect(wrongMethod.status).toBe(405);

    // A known endpoint refuses in its own envelope: verification's E4, 1008 for the empty body.
    const verify = await post({}, { path: '/input/openApi/checkInvoiceSingle' });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ success: false, code: '1008' });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await fetch(`${sandbox.baseUrl}${ISSUE}`, { method: 'POST', body: 'x'.repeat(21 * 1024 * 1024) }).catch(
      (error: unknown) => error,
    );
    // Node may see the early answer or a reset while still uploading; either way nothing was accepted.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ status: false, code: SANDBOX_CODES.format });
    }
  });
});

describe('lifecycle', () => {
  it('closes with an idle keep-alive connection open', async () => {
    const dir = tempDir('fapiao-sandbox-close-');
    const own = await startSandbox({ dataDir: dir, port: 0 });
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${own.baseUrl}/nowhere`, { agent }, (response) => {
          response.resume();
          response.on('end', resolve);
        })
        .on('error', reject);
    });
    await own.close();
    await own.close();
    agent.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
