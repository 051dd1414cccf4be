/**
 * The test-only control API: lets a test (or a developer with `npm run sandbox -- --control`) steer a
 * running sandbox without restarting it — change the fault plan, see what was issued, and put invoices
 * into states the service would otherwise reach only over days (control-routes.ts). Off unless asked for
 * (then its paths are as unknown as any other: 404); unsigned, because it is no part of the service, so it
 * also refuses any peer that is not loopback even though the sandbox only listens there. docs/sandbox.md
 * lists every route with its payloads.
 */
import type http from 'node:http';
import { z } from 'zod';
import type { SandboxContext } from './context.js';
import { CONTROL_ROUTES, type ControlRoute } from './control-routes.js';
import { FaultConfig, faultPlanFromConfig, type FaultSwitch } from './faults.js';

export const CONTROL_PATH_PREFIX = '/sandbox/control/';
export const FAULTS_CONTROL_PATH = '/sandbox/control/faults';

/** A control request is a few hundred bytes; anything much larger is not one. */
const MAX_CONTROL_BODY_BYTES = 64 * 1024;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface ControlApi {
  handle(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void>;
}

function reply(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function readSmallBody(request: http.IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CONTROL_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function faultsRoute(faults: FaultSwitch): ControlRoute[] {
  return [
    { method: 'GET', path: FAULTS_CONTROL_PATH, run: () => ({ status: 200, body: { faults: faults.config ?? null } }) },
    {
      method: 'POST',
      path: FAULTS_CONTROL_PATH,
      body: FaultConfig,
      run: (_context, config: FaultConfig) => {
        faults.set(faultPlanFromConfig(config), config);
        return { status: 200, body: { faults: config } };
      },
    },
  ];
}

export function createControlApi(faults: FaultSwitch, context: SandboxContext): ControlApi {
  const routes: ControlRoute[] = [...faultsRoute(faults), ...CONTROL_ROUTES];
  return {
    async handle(request, response, url) {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return reply(response, 403, { error: 'control API answers loopback only' });
      const method = (request.method ?? 'GET').toUpperCase();
      const atPath = routes.filter((route) => route.path === url.pathname);
      if (atPath.length === 0) return reply(response, 404, { error: `unknown control path ${url.pathname}` });
      const route = atPath.find((candidate) => candidate.method === method);
      if (!route) {
        const allowed = atPath.map((candidate) => candidate.method).join(', ');
        return reply(response, 405, { error: `${url.pathname} accepts ${allowed}` }, { Allow: allowed });
      }

      let input: unknown = Object.fromEntries(url.searchParams);
      if (method === 'POST') {
        const text = await readSmallBody(request);
        if (text === undefined) return reply(response, 413, { error: `body over ${MAX_CONTROL_BODY_BYTES} bytes` }, { Connection: 'close' });
        try {
          input = JSON.parse(text === '' ? '{}' : text);
        } catch {
          return reply(response, 400, { error: 'body is not JSON' });
        }
      }
      if (route.body) {
        const parsed = route.body.safeParse(input);
        if (!parsed.success) return reply(response, 400, { error: z.prettifyError(parsed.error) });
        input = parsed.data;
      }
      const answer = route.run(context, input);
      return reply(response, answer.status, answer.body);
    },
  };
}
