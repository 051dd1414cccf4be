/**
 * How the client classifies answers it cannot trust, for one endpoint of each envelope, against a tiny
 * misbehaving node:http server; GET retries and POST single sends against the real sandbox with a
 * hand-made fault plan; and what the client keeps (no app secret, signature or tax-bureau password).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api/client.js';
import { ServiceError, TransportError } from '../../../main/api/errors.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type FaultPlan, type InjectedFault, type RunningSandbox } from '../../../sandbox/index.js';
import type { ModifyEnterpriseRequest } from '../../../shared/spec/agency.js';
import { ENDPOINTS, type EndpointName } from '../../../shared/spec/endpoints.js';
import type { EnvelopeKind } from '../../../shared/spec/envelopes.js';
import { sampleIssuance, tempDir } from '../../support/sample-issuance.js';
import { clientFor, countingFetch, failureOf, refusalOf, transportFailureOf } from './client-support.js';

const SECRET = DEMO_CREDENTIALS.appSecret;
const PASSWORDS = { identityPwd: 'identity-pwd-secret-1', taxPwd: 'tax-pwd-secret-22' };

// ---- A server that misbehaves per mode (first path segment) in the envelope of the endpoint asked ----

let odd: http.Server;
let oddBaseUrl: string;
const signs: string[] = [];

/** A refusal in each envelope, with a code each table explains. */
const REFUSALS: Record<EnvelopeKind, { body: (message: string) => object; code: string; meaning: string }> = {
  E1: { body: (msg) => ({ status: false, code: 2003, msg, timestamp: '2025-01-01T00:00:00.000+08:00', data: null }), code: '2003', meaning: 'request message format error' },
  E2: { body: (ZTXX) => ({ ZTDM: '2003', ZTXX }), code: '2003', meaning: 'request message format error' },
  E3: { body: (returnMessage) => ({ returnStateInfo: { returnCode: '2002', returnMessage }, invoice: [] }), code: '2002', meaning: 'authorisation information error' },
  E4: { body: (message) => ({ success: false, code: '1008', message, data: null }), code: '1008', meaning: 'field cannot be empty' },
};

/** Success envelopes with a member the schema needs left out. */
const MISSING: Record<EnvelopeKind, object> = {
  E1: { status: true, code: 0, msg: 'ok' },
  E2: { ZTDM: '0000', ZTXX: '处理成功', ZHS: 1, KSHS: 1 },
  E3: { returnStateInfo: { returnCode: '0000', returnMessage: '识别成功' } },
  E4: { success: true, code: '0001', message: '查验成功' },
};

/** Status members that contradict each other. */
const CONTRADICTING: Record<EnvelopeKind, object> = {
  E1: { status: true, code: 7, msg: 'odd', timestamp: '2025-01-01T00:00:00.000+08:00', data: [] },
  E2: { ZTDM: 0, ZTXX: 'ZTDM as a number' },
  E3: { returnStateInfo: { returnCode: '0000' }, invoice: [] },
  E4: { success: false, code: '0001', message: 'consistent, yet failed', data: null },
};

function oddHandler(request: http.IncomingMessage, response: http.ServerResponse, body: string): void {
  const [, mode = '', ...rest] = (request.url ?? '').split('?')[0]?.split('/') ?? [];
  const endpoint = Object.values(ENDPOINTS).find((candidate) => candidate.path === `/${rest.join('/')}` && candidate.method === request.method);
  const envelope = endpoint?.envelope ?? 'E1';
  const sign = String(request.headers['sign'] ?? '');
  signs.push(sign);
  const json = (status: number, value: unknown) => {
    const text = JSON.stringify(value);
    response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
  };
  switch (mode) {
    case 'e500':
      return json(500, REFUSALS[envelope].body('upstream exploded'));
    case 'html':
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return void response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    case 'truncated':
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return void response.end(JSON.stringify(MISSING[envelope]).slice(0, 25));
    case 'missing':
      return json(200, MISSING[envelope]);
    case 'contradicting':
      return json(200, CONTRADICTING[envelope]);
    case 'refuse400':
      return json(400, REFUSALS[envelope].body('请求报文格式错误'));
    case 'echo':
      // A refusal that (wrongly) echoes the signature, the app secret and the request body back.
      return json(200, REFUSALS[envelope].body(`bad sign ${sign} for ${SECRET}; got ${body}`));
    case 'echo-bad-shape':
      return json(200, { echoed: JSON.parse(body || '{}') as unknown, sign, note: `secret ${SECRET}` });
    default:
      return json(404, {});
  }
}

beforeAll(async () => {
  odd = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => oddHandler(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddBaseUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  odd.closeAllConnections();
  await new Promise((resolve) => odd.close(resolve));
});

const MAIN_REQUEST = { GMFSBH: DEMO_ENTERPRISE.taxNumber, PCH: 'a'.repeat(32), CJKSRQ: '20250101000000', CJJSRQ: '20250131235959', KSHS: 1, ZTBZ: '1' } as const;

/** One endpoint per envelope, called on a given client. */
const PER_ENVELOPE: { envelope: EnvelopeKind; name: EndpointName; run: (client: ServiceClient) => Promise<unknown> }[] = [
  { envelope: 'E1', name: 'issueInvoice', run: (client) => client.issueInvoice(sampleIssuance()) },
  { envelope: 'E2', name: 'collectMainInformation', run: (client) => client.collectMainInformation(MAIN_REQUEST) },
  { envelope: 'E3', name: 'recognise', run: (client) => client.recognise({ uuid: 'u1', picture: 'aGVsbG8=' }) },
  { envelope: 'E4', name: 'verifyInvoice', run: (client) => client.verifyInvoice({ fpzl: '01', fpdm: '3100000000', fphm: '12345678', kprq: '20250101', fpje: '100.00' }) },
];

describe.each(PER_ENVELOPE)('$envelope ($name): unclear answers are TransportErrors with the raw body kept', ({ envelope, run }) => {
  const at = (mode: string) => clientFor(`${oddBaseUrl}/${mode}`, { getRetries: 0 });

  it('a 5xx, even with a refusal envelope', async () => {
    const error = await transportFailureOf(run(at('e500')));
    expect(error).toMatchObject({ kind: 'http-status', httpStatus: 500 });
    expect(error.rawBody).toContain('upstream exploded');
  });

  it('an HTML page with status 200', async () => {
    const error = await transportFailureOf(run(at('html')));
    expect(error).toMatchObject({ kind: 'not-json', httpStatus: 200 });
    expect(error.rawBody).toContain('502 Bad Gateway');
  });

  it('truncated JSON', async () => {
    const error = await transportFailureOf(run(at('truncated')));
    expect(error.kind).toBe('not-json');
    expect(error.rawBody).toBe(JSON.stringify(MISSING[envelope]).slice(0, 25));
  });

  it('a success envelope with a member missing', async () => {
    const error = await transportFailureOf(run(at('missing')));
    expect(error.kind).toBe('bad-shape');
    expect(error.rawBody).toBe(JSON.stringify(MISSING[envelope]));
  });

  it('status members that contradict each other', async () => {
    expect((await transportFailureOf(run(at('contradicting')))).kind).toBe('bad-shape');
  });

  it('a refusal under a 4xx is a definite ServiceError with the meaning from its envelope table', async () => {
    const refusal = await refusalOf(run(at('refuse400')));
    expect(refusal).toMatchObject({ envelope, httpStatus: 400, code: REFUSALS[envelope].code, meaning: REFUSALS[envelope].meaning });
  });

  it('keeps neither the signature nor the app secret', async () => {
    const refusal = await refusalOf(run(at('echo')));
    const sign = signs.at(-1) ?? '';
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    const kept = JSON.stringify({ ...refusal, message: refusal.message });
    expect(kept).not.toContain(sign);
    expect(kept).not.toContain(SECRET);
    expect(refusal.requestHeaders).toMatchObject({ AppKey: DEMO_CREDENTIALS.appKey, Sign: '***' });

    const unclear = await transportFailureOf(run(at('echo-bad-shape')));
    const keptUnclear = JSON.stringify({ ...unclear, message: unclear.message });
    expect(keptUnclear).not.toContain(signs.at(-1) ?? '');
    expect(keptUnclear).not.toContain(SECRET);
  });
});

describe('the tax-bureau passwords of an enterprise are never kept', () => {
  const request: ModifyEnterpriseRequest = {
    taxNumber: DEMO_ENTERPRISE.taxNumber,
    agencyName: DEMO_ENTERPRISE.name,
    address: '上海市浦东新区世纪大道 100 号',
    phone: '021-55556666',
    bank: '招商银行上海分行',
    account: '6214830000000001',
    taxUser: { idCard: '310101199001011234', name: '李四', phone: '13800000000', loginIdentity: '7', ...PASSWORDS },
  };

  it.each(['echo', 'echo-bad-shape'])('not in what is kept of an answer that echoes them (%s)', async (mode) => {
    const error = await failureOf(clientFor(`${oddBaseUrl}/${mode}`).modifyEnterprise(request));
    expect(error instanceof ServiceError || error instanceof TransportError).toBe(true);
    const kept = JSON.stringify({ ...(error as object), message: (error as Error).message });
    for (const password of Object.values(PASSWORDS)) expect(kept).not.toContain(password);
    expect(kept).not.toContain(SECRET);
    if (mode === 'echo-bad-shape') expect((error as TransportError).rawBody).toContain('"identityPwd":"***"');
  });
});

// ---- Retries against the real sandbox ----

describe('retries: only GETs, bounded, freshly signed; POSTs are sent once', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  /** Faults to inject after the endpoint ran, queued per `METHOD path`, taken one per request. */
  const queued = new Map<string, InjectedFault[]>();
  const plan: FaultPlan = {
    beforeHandler: () => undefined,
    afterHandler: (endpoint) => queued.get(`${endpoint.method} ${endpoint.path}`)?.shift(),
    latencyMs: () => 0,
  };
  const inject = (name: EndpointName, ...faults: InjectedFault[]) => queued.set(`${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`, faults);
  const drop: InjectedFault = { kind: 'drop' };

  beforeAll(async () => {
    dataDir = tempDir('fapiao-client-retry-');
    sandbox = await startSandbox({ dataDir, issueDelayMs: 0, faults: plan, onError: () => {} });
  });
  beforeEach(() => queued.clear());
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a GET whose answer was dropped is sent again and succeeds', async () => {
    const counter = countingFetch();
    inject('listEnterprises', drop);
    const page = await clientFor(sandbox.baseUrl, { fetch: counter.fetch }).listEnterprises();
    expect(page.list.map((record) => record.taxNumber)).toContain(DEMO_ENTERPRISE.taxNumber);
    expect(counter.sent).toEqual(['GET /openApi/agency', 'GET /openApi/agency']);
  });

  it('a GET answered with a mangled body is sent again (queryRedLetter)', async () => {
    const counter = countingFetch();
    inject('queryRedLetter', { kind: 'respond', httpStatus: 200, body: '<html>502</html>', contentType: 'text/html' });
    const client = clientFor(sandbox.baseUrl, { fetch: counter.fetch });
    const refusal = await refusalOf(client.queryRedLetter({ lsh: 'H-unknown', xhdwsbh: DEMO_ENTERPRISE.taxNumber }));
    expect(refusal.code).toBe('3007');
    expect(counter.sent).toHaveLength(2);
  });

  it('gives up after the bounded number of attempts with the TransportError', async () => {
    const counter = countingFetch();
    inject('listEnterprises', drop, drop, drop);
    const error = await transportFailureOf(clientFor(sandbox.baseUrl, { fetch: counter.fetch, getRetries: 2 }).listEnterprises());
    expect(error.kind).toBe('network');
    expect(counter.sent).toHaveLength(3);
  });

  it('a definite refusal of a GET is not repeated', async () => {
    const counter = countingFetch();
    await refusalOf(clientFor(sandbox.baseUrl, { fetch: counter.fetch }).listEnterprises({ pageSize: 99 }));
    expect(counter.sent).toHaveLength(1);
  });

  it('a POST whose answer was dropped is not repeated; the outbox resends the same lsh', async () => {
    const counter = countingFetch();
    const client = clientFor(sandbox.baseUrl, { fetch: counter.fetch });
    const request = sampleIssuance();
    inject('issueInvoice', drop);
    const error = await transportFailureOf(client.issueInvoice(request));
    expect(error.kind).toBe('network');
    expect(counter.sent).toEqual(['POST /openApi/v4/fp/fpkj']);
    // The sandbox committed the first submission: resending the same lsh finds it, never a second invoice.
    const outcome = await client.issueInvoice(request);
    expect(outcome.kind).toBe('issued');
    if (outcome.kind === 'issued') expect(outcome.records.map((record) => record.lsh)).toEqual([request.lsh]);
  });

  it('a PATCH whose answer was dropped is not repeated either', async () => {
    const counter = countingFetch();
    inject('modifyEnterprise', drop);
    await transportFailureOf(
      clientFor(sandbox.baseUrl, { fetch: counter.fetch }).modifyEnterprise({
        taxNumber: DEMO_ENTERPRISE.taxNumber,
        agencyName: DEMO_ENTERPRISE.name,
        address: '上海市',
        phone: '021-1',
        bank: '银行',
        account: '1',
        taxUser: { idCard: '1', name: '李四', phone: '138', loginIdentity: '7', ...PASSWORDS },
      }),
    );
    expect(counter.sent).toEqual(['PATCH /openApi/agency']);
  });
});
