/**
 * The service client over real HTTP: against the sandbox for the normal path and definite refusals, and
 * against a tiny misbehaving node:http server for everything whose outcome is unclear.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../main/api/client.js';
import { ServiceError, TransportError } from '../../main/api/errors.js';
import { computeSign } from '../../protocol/signature.js';
import { createHmacSigner } from '../../main/api/signer.js';
import { DEMO_CREDENTIALS, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { sampleIssuance, tempDir } from '../support/sample-issuance.js';

const DELAY_MS = 100;
const SECRET = DEMO_CREDENTIALS.appSecret;

let sandbox: RunningSandbox;
let dataDir: string;
let client: ServiceClient;

/** Answers per the first path segment, the way a broken gateway or service might. */
let odd: http.Server;
let oddBaseUrl: string;
const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

function oddHandler(request: http.IncomingMessage, response: http.ServerResponse, body: string): void {
  const mode = (request.url ?? '').split('/')[1];
  const json = (status: number, value: unknown) => {
    const text = JSON.stringify(value);
    response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
  };
  const now = new Date().toISOString();
  switch (mode) {
    case 'e500':
      return json(500, { status: false, code: 2011, msg: 'upstream exploded', timestamp: now, data: null });
    case 'html':
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return void response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    case 'html404':
      response.writeHead(404, { 'Content-Type': 'text/html' });
      return void response.end('<html>Not Found</html>');
    case 'truncated':
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return void response.end('{"status":true,"code":0,"msg":"开具成功","data":[{"fphm":"1');
    case 'missing':
      return json(200, { status: true, code: 0, msg: 'ok' });
    case 'oddcode':
      return json(200, { status: true, code: 7, msg: 'odd', timestamp: now, data: [] });
    case 'reset':
      return void request.socket.destroy();
    case 'cut': {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '500' });
      response.write('{"status":true,"code":0,"msg":"开');
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    case 'silent':
      return; // never answers
    case 'echo': {
      // A refusal that (wrongly) echoes the signature and a secret back: neither may be kept.
      const sign = String(request.headers['sign'] ?? '');
      return json(200, { status: false, code: 2002, msg: `bad sign ${sign} for secret ${SECRET}`, timestamp: now, data: { appSecret: SECRET, sign } });
    }
    case 'refuse400':
      return json(400, { status: false, code: 2003, msg: '请求报文格式错误', timestamp: now, data: null });
    case 'prefix': {
      // Checks the signature over the path relative to the base address (/prefix stripped).
      const headers = request.headers;
      const expected = computeSign(SECRET, {
        method: request.method ?? '',
        pathAndQuery: (request.url ?? '').slice('/prefix'.length),
        timestamp: String(headers['timestamp']),
        nonce: String(headers['nonce']),
        body,
      });
      const ok = expected === headers['sign'];
      return json(200, { status: ok, code: ok ? 0 : 2002, msg: ok ? 'ok' : 'bad', timestamp: '2025-01-01T00:00:00.000+08:00', data: [] });
    }
    default:
      return json(404, {});
  }
}

const clientFor = (base: string, timeoutMs = 60_000) =>
  createServiceClient({ baseUrl: base, signer: createHmacSigner(DEMO_CREDENTIALS), timeoutMs });

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  dataDir = tempDir('fapiao-client-');
  sandbox = await startSandbox({ dataDir, issueDelayMs: DELAY_MS, onError: () => {} });
  client = clientFor(sandbox.baseUrl);
  odd = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ url: request.url ?? '', headers: request.headers, body });
      oddHandler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddBaseUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});

afterAll(async () => {
  odd.closeAllConnections();
  await new Promise((resolve) => odd.close(resolve));
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('issueInvoice against the sandbox', () => {
  it('reports pending, then the issued record for the same lsh', async () => {
    const request = sampleIssuance();
    expect(await client.issueInvoice(request)).toEqual({ kind: 'pending', message: '已受理，开具中' });
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 50));
    const outcome = await client.issueInvoice(request);
    expect(outcome.kind).toBe('issued');
    if (outcome.kind !== 'issued') return;
    expect(outcome.records).toHaveLength(1);
    expect(outcome.records[0]).toMatchObject({ lsh: request.lsh, fplxdm: '82', jshj: '226.00', kplx: '0' });
    expect(await client.issueInvoice(request)).toEqual(outcome);
  });

  it('turns a refusal into a ServiceError with code, message and the spec meaning', async () => {
    const error = await failureOf(client.issueInvoice(sampleIssuance({ xhdwsbh: '91110000000000000X' })));
    expect(error).toBeInstanceOf(ServiceError);
    const refusal = error as ServiceError;
    expect(refusal.code).toBe('2012');
    expect(refusal.meaning).toBe('confirm that the address and the tax number are authorised');
    expect(refusal.serviceMessage).toContain('未授权');
    expect(refusal.rawBody).toContain('"code":2012');
    expect(refusal.requestHeaders).toMatchObject({ AppKey: DEMO_CREDENTIALS.appKey, Sign: '***' });
  });

  it('is refused with 2002 when the secret is wrong', async () => {
    const wrong = createServiceClient({ baseUrl: sandbox.baseUrl, signer: createHmacSigner({ appKey: DEMO_CREDENTIALS.appKey, appSecret: 'wrong-secret' }) });
    const error = await failureOf(wrong.issueInvoice(sampleIssuance()));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('2002');
  });

  it('signs the path relative to a base address with a prefix', async () => {
    const prefixed = clientFor(`${oddBaseUrl}/prefix`);
    const outcome = await prefixed.issueInvoice(sampleIssuance());
    expect(outcome.kind).toBe('pending');
    expect(seen.at(-1)?.url).toBe('/prefix/openApi/v4/fp/fpkj');
  });
});

describe('unclear outcomes are TransportErrors with the raw body kept', () => {
  const transportFailure = async (mode: string, timeoutMs?: number): Promise<TransportError> => {
    const error = await failureOf(clientFor(`${oddBaseUrl}/${mode}`, timeoutMs).issueInvoice(sampleIssuance()));
    expect(error).toBeInstanceOf(TransportError);
    return error as TransportError;
  };

  it('a 5xx, even with an envelope', async () => {
    const error = await transportFailure('e500');
    expect(error).toMatchObject({ kind: 'http-status', httpStatus: 500 });
    expect(error.rawBody).toContain('upstream exploded');
  });

  it('an HTML page instead of JSON', async () => {
    const error = await transportFailure('html');
    expect(error).toMatchObject({ kind: 'not-json', httpStatus: 200 });
    expect(error.rawBody).toContain('502 Bad Gateway');
  });

  it('a 404 HTML page', async () => {
    const error = await transportFailure('html404');
    expect(error.kind).toBe('not-json');
    expect(error.rawBody).toContain('Not Found');
  });

  it('truncated JSON', async () => {
    const error = await transportFailure('truncated');
    expect(error.kind).toBe('not-json');
    expect(error.rawBody).toBe('{"status":true,"code":0,"msg":"开具成功","data":[{"fphm":"1');
  });

  it('an envelope with members missing', async () => {
    const error = await transportFailure('missing');
    expect(error.kind).toBe('bad-shape');
    expect(error.message).toMatch(/timestamp|data/);
  });

  it('status true with a non-zero code', async () => {
    expect((await transportFailure('oddcode')).kind).toBe('bad-shape');
  });

  it('a connection reset before any answer', async () => {
    const error = await transportFailure('reset');
    expect(error.kind).toBe('network');
    expect(error.rawBody).toBeUndefined();
  });

  it('a body cut off half-way, keeping what arrived', async () => {
    const error = await transportFailure('cut');
    expect(error.kind).toBe('network');
    expect(error.rawBody).toBe('{"status":true,"code":0,"msg":"开');
  });

  it('no answer in time', async () => {
    const error = await transportFailure('silent', 200);
    expect(error.kind).toBe('timeout');
  });

  it('a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(clientFor(`http://127.0.0.1:${port}`).issueInvoice(sampleIssuance()));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('network');
  });
});

describe('definite refusals from other servers', () => {
  it('a 4xx with an E1 refusal is a ServiceError', async () => {
    const error = await failureOf(clientFor(`${oddBaseUrl}/refuse400`).issueInvoice(sampleIssuance()));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: '2003', envelope: 'E1', httpStatus: 400, meaning: 'request message format error' });
  });

  it('keeps neither the signature nor secrets', async () => {
    const error = await failureOf(clientFor(`${oddBaseUrl}/echo`).issueInvoice(sampleIssuance()));
    expect(error).toBeInstanceOf(ServiceError);
    const refusal = error as ServiceError;
    const sign = String(seen.at(-1)?.headers['sign']);
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    const kept = JSON.stringify({ ...refusal, message: refusal.message, requestHeaders: refusal.requestHeaders });
    expect(kept).not.toContain(sign);
    expect(kept).not.toContain(SECRET);
    expect(refusal.rawBody).toContain('"appSecret":"***"');
    expect(refusal.requestHeaders.Sign).toBe('***');
  });
});
