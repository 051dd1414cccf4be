/**
 * The sandbox's HTTP layer on plain node:http: route, read the body (bounded), ask the fault plan,
 * verify the signature, parse JSON, run the endpoint, write the envelope. HTTP status policy
 * (docs/sandbox.md): 200 for every answer in an envelope, refusals included; 400 for a request-target
 * that is not a plain path (parseTarget), a request Node cannot parse, or a body that is not JSON; 404 unknown path; 405 wrong method; 413 too large; 501 known endpoint not implemented; 500 only
 * for injected faults and sandbox bugs.
 */
import http from 'node:http';
import type { EnvelopeKind } from '../shared/spec/envelopes.js';
import type { Authenticator } from './auth.js';
import { SANDBOX_CODES } from './codes.js';
import { CONTROL_PATH_PREFIX, type ControlApi } from './control.js';
import type { SandboxContext } from './context.js';
import { failure, type SandboxReply } from './envelope.js';
import type { FaultPlan, InjectedFault } from './faults.js';
import { serveInvoiceFile } from './files.js';
import { matchRoute, type Route } from './routes.js';

/** OCR pictures arrive base64-encoded in the body; 20 MiB leaves room for a large scan. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** Longest request-target accepted; the longest real one (a query by lsh) is under 200 characters. */
export const MAX_TARGET_LENGTH = 4096;

const BASE = 'http://sandbox.invalid';

/**
 * The request-target as a URL, or why it is refused. Only origin-form (`/path?query`, RFC 9112 §3.2.1) of
 * printable ASCII with well-formed %-escapes: `//`, `//[`, absolute-form (`http://…`), `*`, non-ASCII and
 * `%zz` are refused here, so nothing later parses a target that can throw.
 */
export function parseTarget(target: string): { ok: true; url: URL } | { ok: false; reason: string } {
  if (target.length > MAX_TARGET_LENGTH) return { ok: false, reason: `request-target longer than ${MAX_TARGET_LENGTH} characters` };
  if (!target.startsWith('/') || target.startsWith('//')) return { ok: false, reason: 'request-target must be a path starting with one /' };
  if (!/^[\x21-\x7e]+$/.test(target)) return { ok: false, reason: 'request-target must be printable ASCII (percent-encode the rest)' };
  if (/%(?![0-9A-Fa-f]{2})/.test(target)) return { ok: false, reason: 'request-target has a malformed %-escape' };
  try {
    const url = new URL(target, BASE);
    // A target that resolves to another origin (e.g. through backslashes) is not a path of ours.
    if (url.origin !== BASE) return { ok: false, reason: 'request-target must be a path of this service' };
    decodeURIComponent(url.pathname);
    return { ok: true, url };
  } catch {
    return { ok: false, reason: 'request-target is not a valid path' };
  }
}

export interface ServerDeps {
  context: SandboxContext;
  authenticator: Authenticator;
  faults: FaultPlan;
  /** Where sandbox bugs are reported (a 500 goes to the caller, the stack goes here). */
  onError: (error: unknown) => void;
  /** The test-only control API (control.ts); absent, its paths are unknown like any other. */
  control?: ControlApi;
}

class BodyTooLargeError extends Error {}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.pause();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response: http.ServerResponse, reply: SandboxReply, closeAfter = false): void {
  const body = JSON.stringify(reply.body);
  response.writeHead(reply.httpStatus, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...(closeAfter ? { Connection: 'close' } : {}),
    ...reply.headers,
  });
  response.end(body);
}

function sendFault(response: http.ServerResponse, fault: InjectedFault): void {
  if (fault.kind === 'drop') {
    response.socket?.destroy();
    return;
  }
  response.writeHead(fault.httpStatus, {
    'Content-Type': fault.contentType ?? 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(fault.body),
  });
  response.end(fault.body);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSandboxServer(deps: ServerDeps): http.Server {
  const { context } = deps;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const method = (request.method ?? 'GET').toUpperCase();
    const pathAndQuery = request.url ?? '/';
    const target = parseTarget(pathAndQuery);
    if (!target.ok) {
      send(response, failure('E1', SANDBOX_CODES.format, target.reason, context.now(), 400), true);
      return;
    }
    const { url } = target;
    const declared = Number(request.headers['content-length'] ?? 0);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      // Refused before a byte of it is read.
      send(response, failure('E1', SANDBOX_CODES.format, `请求体超过 ${MAX_BODY_BYTES} 字节`, context.now(), 413), true);
      return;
    }
    if (deps.control && url.pathname.startsWith(CONTROL_PATH_PREFIX)) return deps.control.handle(request, response, url);
    // Invoice files (files.ts): unsigned download links, outside the 13 endpoints.
    if (await serveInvoiceFile(method, url.pathname, response, context)) return;
    const match = matchRoute(method, url.pathname);
    const now = context.now();

    if (match.kind === 'unknown-path') {
      // No endpoint, so no envelope of its own: E1, the shape of most operations.
      send(response, failure('E1', SANDBOX_CODES.unknownInterface, `${method} ${url.pathname}`, now, 404));
      return;
    }
    if (match.kind === 'wrong-method') {
      const allowed = match.allowed.map((route) => route.endpoint.method).join(', ');
      const reply = failure(envelopeOf(match.allowed[0]), SANDBOX_CODES.unknownInterface, `${url.pathname} 只接受 ${allowed}`, now, 405);
      send(response, { ...reply, headers: { Allow: allowed } });
      return;
    }
    const { route } = match;
    const kind = route.endpoint.envelope;

    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      send(response, failure(kind, SANDBOX_CODES.format, `请求体超过 ${MAX_BODY_BYTES} 字节`, now, 413), true);
      return;
    }

    const injected = deps.faults.beforeHandler(route.endpoint);
    if (injected) return sendFault(response, injected);

    const verdict = deps.authenticator.verify({ method, pathAndQuery, headers: request.headers, body });
    if (!verdict.ok) {
      send(response, failure(kind, SANDBOX_CODES.authorisation, verdict.reason, now));
      return;
    }
    if (!route.handler) {
      send(response, failure(kind, SANDBOX_CODES.unknownInterface, '沙箱尚未实现该接口', now, 501));
      return;
    }

    let json: unknown;
    if (method !== 'GET') {
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        send(response, failure(kind, SANDBOX_CODES.format, '请求体不是合法的 JSON', now, 400));
        return;
      }
    }

    const reply = await route.handler({ endpoint: route.endpoint, pathAndQuery, query: url.searchParams, headers: request.headers, credential: verdict.credential, json }, context);
    const latency = deps.faults.latencyMs(route.endpoint);
    if (latency > 0) await delay(latency);
    const replaced = deps.faults.afterHandler(route.endpoint);
    if (replaced) return sendFault(response, replaced);
    send(response, reply);
  }

  /** The last resort: must not throw, whatever the request or the error was. */
  function answerError(request: http.IncomingMessage, response: http.ServerResponse, error: unknown): void {
    try {
      deps.onError(error);
    } catch {
      // A failing error reporter must not take the server down either.
    }
    try {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const target = parseTarget(request.url ?? '/');
      const match = target.ok ? matchRoute((request.method ?? 'GET').toUpperCase(), target.url.pathname) : undefined;
      const kind = match?.kind === 'found' ? match.route.endpoint.envelope : 'E1';
      send(response, failure(kind, SANDBOX_CODES.internal, '沙箱内部错误', new Date(), 500), true);
    } catch {
      response.destroy();
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answerError(request, response, error));
  });
  // Requests Node's parser refuses (a target with raw non-ASCII or control bytes, headers over the limit,
  // garbage): answered 400 and closed; the server goes on.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (error.code === 'ECONNRESET' && socket.destroyed)) return socket.destroy();
    const body = JSON.stringify({ error: 'bad request' });
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  return server;
}

function envelopeOf(route: Route | undefined): EnvelopeKind {
  return route?.endpoint.envelope ?? 'E1';
}
